"""The CLI as a client: `pocketeval import` sends files to the running server (or, with
--local, writes into a database it names), client commands never create a server key,
`pocketeval run --local` evaluates a (respx-replayed) endpoint or a GGUF file and prints the
results table."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import respx
from typer.testing import CliRunner

from app.cli import cli
from app.config import get_settings
from tests.support.factories import mcq_rows, smollm2_folder
from tests.support.fake_openai import completion, last_user_text, reply
from tests.support.processes import api_client, free_port, start_pocketeval, stop


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


@pytest.mark.needs("process")
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
        with api_client(f"http://127.0.0.1:{port}") as api:
            page = api.get("/benchmarks/mmlu/items").json()
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


@pytest.mark.needs("process")
def test_a_gguf_run_takes_an_output_cap_and_loop_stops(env: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """`--max-output-tokens`, `--stop-loops` and `--all-repeats` reach the run's plan, as the
    API's fields would (the README's GGUF example finishes in minutes with them)."""
    models = smollm2_folder(env / "models")
    monkeypatch.setenv("POCKETEVAL_MODEL_DIRS", str(models))
    # the fixed topology, as the in-process tests take it (tests/conftest.py): no probe of the
    # host, which takes minutes on a busy one, and nothing written to the home's probe cache
    monkeypatch.setenv("POCKETEVAL_GGUF_TOPOLOGY", "fixed")
    monkeypatch.setenv("POCKETEVAL_PROBE_DIR", str(env / "probes"))
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
                                 "--stop-loops", "--all-repeats"])
    assert result.exit_code == 0, result.output
    with sqlite3.connect(env / "cli.db") as db:
        (config,), = db.execute("SELECT config FROM runs").fetchall()
        tokens = [n for (n,) in db.execute("SELECT completion_tokens FROM samples")]
    model = json.loads(config)["model"]
    assert model["max_output_tokens"] == 16 and model["stop_loops"]["action"] == "stop"
    assert model["repeats_generated"] == "all"
    assert tokens and all(n <= 16 for n in tokens)


@pytest.mark.parametrize("flag", ["--stop-loops", "--all-repeats"])
def test_stop_loops_and_all_repeats_are_for_gguf_files(env: Path, flag: str) -> None:
    result = CliRunner().invoke(cli, ["run", "--local", "-b", "mmlu", "--base-url",
                                      "http://127.0.0.1:9/v1", flag])
    assert result.exit_code == 2 and "are for GGUF files" in result.output


@pytest.mark.parametrize("width", [60, 80, 200])
def test_the_results_table_fits_the_terminal_without_cutting_a_figure(width: int) -> None:
    from rich.console import Console

    from app.cli.run import ResultRow, results_table

    metrics = {"accuracy": 0.05, "pass_at_1": {"per_repeat": [0.05, 0.1]},
               "ci95": {"low": 0.009, "high": 0.236},
               "extra": {"prompt_strict": 0.05, "hallucination_rate": 0.5},
               "usage": {"prompt_tokens": 12345, "completion_tokens": 67890},
               "latency": {"p50_ms": 12345.0, "p95_ms": 403000.0},
               "time_limited": {"accuracy": 0.05}}
    rows: list[ResultRow] = [{"benchmark": "ifbench", "metrics": metrics},  # type: ignore[typeddict-item]
                             {"benchmark": "gpqa-diamond", "metrics": metrics}]  # type: ignore[typeddict-item]
    console = Console(width=width, record=True)
    console.print(results_table(rows, width))
    text = console.export_text()
    assert "…" not in text and max(len(line) for line in text.splitlines()) <= width
    flat = "".join(ch for ch in text if ch.isalnum() or ch in ".-/")
    for figure in ("5.0", "0.9-23.6", "5.010.0", "12345/67890", "12345/403000",
                   "hallucinationrate50.0"):
        assert figure in flat, (figure, text)


def test_the_eta_never_grows_while_the_last_sample_runs(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`pocketeval run --limit 8` against a server whose last sample runs 100 s after seven
    of 4 s: the bar's time left is the CLI's countdown over the in-flight ages each poll
    gives, so it never grows while nothing finishes (the server's own `eta_s` here grows
    as a long sample used to make it) and reads "finishing" once it runs out."""
    import asyncio
    import re
    from types import SimpleNamespace

    from rich.console import Console
    from rich.progress import Progress, TaskID

    from app.cli import run as cli_run

    now = [0.0]

    def status(t: float) -> dict[str, object]:
        done = 8 if t >= 128 else min(int(t // 4), 7)
        started = 28.0 if done == 7 else 4.0 * done
        return {"id": 1, "status": "finished" if done == 8 else "running", "error": None,
                "progress": {"done": done, "total": 8, "rate_per_s": done / max(t, 1),
                             "eta_s": None if not done else max(t / done, t - started),
                             "in_flight_s": [] if done == 8 else [t - started]}}

    def server(request: httpx.Request) -> httpx.Response:
        if request.method == "POST":
            return httpx.Response(202, json={"id": 1, "progress": {"total": 8}})
        if request.url.path.endswith("/results"):
            return httpx.Response(200, json=[])
        return httpx.Response(200, json=status(now[0]))

    async def sleep(seconds: float) -> None:
        now[0] += 2.0  # the fake run's clock: a poll every 2 s

    shown: list[tuple[int, str]] = []  # (done, time left) as each poll sets the bar

    class Recording(Progress):
        def update(self, task_id: TaskID, **fields: Any) -> None:
            shown.append((fields["completed"], fields["eta"]))
            super().update(task_id, **fields)

    monkeypatch.setattr(cli_run, "Progress", Recording)
    monkeypatch.setattr(cli_run, "asyncio", SimpleNamespace(sleep=sleep))
    monkeypatch.setattr(cli_run, "time", SimpleNamespace(monotonic=lambda: now[0]),
                        raising=False)

    async def main() -> int:
        transport = httpx.MockTransport(server)
        async with httpx.AsyncClient(transport=transport, base_url="http://s") as client:
            return await cli_run.follow(client, {}, Console(width=150))

    assert asyncio.run(main()) == 0
    seconds = [(done, text if text in ("finishing", "") else sum(
        int(part) * 60 ** i for i, part in enumerate(reversed(
            re.fullmatch(r"~(\d+):(\d\d):(\d\d) left", text).groups()))))  # type: ignore[union-attr]
        for done, text in shown]
    at_seven = [left for done, left in seconds if done == 7]
    assert len(at_seven) > 40, seconds  # 100 s of polls while the last sample runs
    first = at_seven.index("finishing") if "finishing" in at_seven else len(at_seven)
    times = [left for left in at_seven[:first] if isinstance(left, int)]
    assert times and times == sorted(times, reverse=True), at_seven  # never grows
    assert first < len(at_seven), at_seven
    assert all(left == "finishing" for left in at_seven[first:]), at_seven


def test_a_failed_runs_table_shows_no_score() -> None:
    """A failed run's results cover the samples scored: the table says they are no score
    and prints none of the figures over them, beside a finished run's."""
    from rich.console import Console

    from app.cli.run import ResultRow, results_table

    scored = {"accuracy": 0.0, "pass_at_1": {"per_repeat": [0.0]},
              "ci95": {"low": 0.0, "high": 0.434}, "usage": {"prompt_tokens": 70,
                                                               "completion_tokens": 900}}
    failed = {**scored, "partial": {"planned": 5, "scored": 2, "not_run": 3,
                                    "reason": "3 sample(s) failed"}}
    rows: list[ResultRow] = [{"benchmark": "ifbench", "metrics": failed},  # type: ignore[typeddict-item]
                             {"benchmark": "math-500", "metrics": scored}]  # type: ignore[typeddict-item]
    console = Console(width=200, record=True)
    console.print(results_table(rows, 200))
    lines = console.export_text().splitlines()
    (ifbench,) = [line for line in lines if "ifbench" in line]
    (math,) = [line for line in lines if "math-500" in line]
    assert "not a score: 2 of 5 scored, 3 not run" in ifbench and "43.4" not in ifbench
    assert "0.0-43.4" in math and "not a score" not in math
    assert "70/900" in ifbench
