"""The CLI as a client: `pocketeval import` sends files to the running server (or, with
--local, writes into a database it names), client commands never create a server key,
`pocketeval run --local` evaluates a (respx-replayed) endpoint or a GGUF file and prints the
results table."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import respx
from typer.testing import CliRunner

from app.cli import cli
from app.config import get_settings
from tests.factories import mcq_rows, smollm2_folder
from tests.fake_openai import completion, last_user_text, reply
from tests.processes import free_port, start_pocketeval, stop


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("POCKETEVAL_DATABASE_URL", f"sqlite:///{tmp_path / 'cli.db'}")
    monkeypatch.setenv("POCKETEVAL_VAR_DIR", str(tmp_path))
    monkeypatch.setenv("POCKETEVAL_LOAD_BUNDLED_DATA", "false")
    monkeypatch.setenv("COLUMNS", "200")
    get_settings.cache_clear()
    yield tmp_path
    get_settings.cache_clear()


def test_local_run_prints_progress_and_results(env: Path) -> None:
    items = env / "quiz.jsonl"
    items.write_text("".join(json.dumps({"id": f"q{i}", "question": f"Pick {'ABCD'[i]}.",
                                         "choices": ["a", "b", "c", "d"],
                                         "answer": "ABCD"[i]}) + "\n" for i in range(4)))
    runner = CliRunner()
    result = runner.invoke(cli, ["import", "mmlu", str(items), "--local",
                                 f"sqlite:///{env / 'cli.db'}"])
    assert result.exit_code == 0, result.output

    def model(request: httpx.Request) -> httpx.Response:
        letter = last_user_text(request).split("Pick ")[1][0]
        return reply(completion(f"Answer: {letter if letter != 'D' else 'A'}"))

    with respx.mock() as mock:
        mock.post("http://127.0.0.1:9/v1/chat/completions").mock(side_effect=model)
        result = runner.invoke(cli, ["run", "--local", "-b", "mmlu", "--base-url",
                                     "http://127.0.0.1:9/v1", "--repeats", "2",
                                     "--name", "cli-model"])
    assert result.exit_code == 0, result.output
    assert "Results" in result.output and "75.0" in result.output
    assert "finished" in result.output and "8/8" in result.output


def test_unknown_benchmark_is_reported(env: Path) -> None:
    result = CliRunner().invoke(cli, ["run", "--local", "-b", "nope", "--base-url",
                                      "http://127.0.0.1:9/v1"])
    assert result.exit_code == 2 and "does not exist" in result.output


def test_import_talks_to_the_running_server(env: Path, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    items = env / "quiz.jsonl"
    items.write_text("".join(json.dumps(row) + "\n" for row in mcq_rows(3)))
    workdir = tmp_path / "server"
    workdir.mkdir()
    port = free_port()
    server = start_pocketeval(port, workdir, "cli-key-0123456789")
    try:
        elsewhere = tmp_path / "elsewhere"
        elsewhere.mkdir()
        monkeypatch.chdir(elsewhere)
        result = CliRunner().invoke(cli, ["import", "mmlu", str(items), "--server",
                                          f"http://127.0.0.1:{port}", "--key",
                                          "cli-key-0123456789"])
        assert result.exit_code == 0, result.output
        assert json.loads(result.output)["inserted"] == 3
        # the server that users query has them; nothing was written where the command ran
        page = httpx.get(f"http://127.0.0.1:{port}/benchmarks/mmlu/items").json()
        assert len(page["items"]) == 3
        assert list(elsewhere.iterdir()) == []
    finally:
        stop(server)


def test_without_a_server_import_says_what_to_do_and_writes_nothing(
        env: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    items = env / "quiz.jsonl"
    items.write_text(json.dumps(mcq_rows(1)[0]) + "\n")
    monkeypatch.chdir(tmp_path)
    before = sorted(p.name for p in env.iterdir())
    result = CliRunner().invoke(cli, ["import", "mmlu", str(items), "--server",
                                      f"http://127.0.0.1:{free_port()}"])
    assert result.exit_code == 2
    assert "no PocketEval server answers" in result.output and "--local" in result.output
    assert sorted(p.name for p in env.iterdir()) == before  # no database, no key file


def test_a_client_run_never_creates_a_server_key(env: Path) -> None:
    result = CliRunner().invoke(cli, ["run", "-b", "mmlu", "--base-url",
                                      "http://127.0.0.1:9/v1", "--server",
                                      f"http://127.0.0.1:{free_port()}"])
    assert result.exit_code != 0
    assert not (env / "api-key").exists()
    result = CliRunner().invoke(cli, ["run", "-b", "mmlu"])
    assert result.exit_code == 2 and "--base-url" in result.output


@pytest.mark.needs("llama_cpp")
def test_local_run_of_a_gguf_file(env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    models = smollm2_folder(env / "models")
    monkeypatch.setenv("POCKETEVAL_MODEL_DIRS", str(models))
    get_settings.cache_clear()
    items = env / "quiz.jsonl"
    items.write_text("".join(json.dumps(row) + "\n" for row in mcq_rows(2)))
    runner = CliRunner()
    # zero-shot multiple choice, scored by loglikelihood on the built-in runner
    assert runner.invoke(cli, ["import", "mobile-mmlu", str(items), "--local",
                               f"sqlite:///{env / 'cli.db'}"]).exit_code == 0
    result = runner.invoke(cli, ["run", "--local", "-b", "mobile-mmlu", "--gguf",
                                 "smollm2.gguf"])
    assert result.exit_code == 0, result.output
    assert "Results" in result.output and "2/2" in result.output
    with sqlite3.connect(env / "cli.db") as db:  # the run was of the GGUF file
        (kind, config), = db.execute("SELECT kind, config FROM runs").fetchall()
    assert kind == "gguf" and json.loads(config)["model"]["path"].endswith("smollm2.gguf")


def test_a_gguf_run_takes_an_output_cap_and_loop_stops(env: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """`--max-output-tokens` and `--stop-loops` reach the run's plan, as the API's fields
    would (the README's GGUF example finishes in minutes with them)."""
    models = smollm2_folder(env / "models")
    monkeypatch.setenv("POCKETEVAL_MODEL_DIRS", str(models))
    get_settings.cache_clear()
    runner = CliRunner()
    rows = [{"key": i, "prompt": "Write one word.", "instruction_id_list": ["count:pronouns"],
             "kwargs": [{"N": 1}]} for i in range(1)]
    items = env / "ifbench.jsonl"
    items.write_text("".join(json.dumps(row) + "\n" for row in rows))
    assert runner.invoke(cli, ["import", "ifbench", str(items), "--local",
                               f"sqlite:///{env / 'cli.db'}"]).exit_code == 0
    result = runner.invoke(cli, ["run", "--local", "-b", "ifbench", "--gguf", "smollm2.gguf",
                                 "--repeats", "1", "--max-output-tokens", "16",
                                 "--stop-loops"])
    assert result.exit_code == 0, result.output
    with sqlite3.connect(env / "cli.db") as db:
        (config,), = db.execute("SELECT config FROM runs").fetchall()
        tokens = [n for (n,) in db.execute("SELECT completion_tokens FROM samples")]
    model = json.loads(config)["model"]
    assert model["max_output_tokens"] == 16 and model["stop_loops"]["action"] == "stop"
    assert tokens and all(n <= 16 for n in tokens)


def test_stop_loops_is_for_gguf_files(env: Path) -> None:
    result = CliRunner().invoke(cli, ["run", "--local", "-b", "mmlu", "--base-url",
                                      "http://127.0.0.1:9/v1", "--stop-loops"])
    assert result.exit_code == 2 and "--stop-loops is for GGUF files" in result.output
