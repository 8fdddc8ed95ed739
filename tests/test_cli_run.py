"""`pocketeval run --local`: an embedded server evaluates a (respx-replayed) endpoint and the
command prints the results table."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import respx
from typer.testing import CliRunner

from app.cli import cli
from app.config import get_settings
from tests.fake_openai import completion, last_user_text, reply


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
    result = runner.invoke(cli, ["import", "mmlu", str(items)])
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
