"""The llama.cpp worker's pipe protocol: commands are frozen dataclasses that survive the
trip to a spawned process, and the worker's loop answers by type, in this process here."""

from __future__ import annotations

import dataclasses
import pickle
from pathlib import Path

import pytest

from app.inference.base import RunnerError
from app.inference.llama_cpp.serving_runner import LlamaCppRunner
from app.inference.llama_cpp.worker_commands import (
    Chat,
    Close,
    Loglikelihood,
    ReadStats,
    Request,
    SetThreads,
    WorkerCommand,
)
from app.inference.repetition import LoopRule

COMMANDS: list[WorkerCommand] = [
    Chat([{"role": "user", "content": "hi"}], None, 16, 0.0, 7, {"enable_thinking": False},
         30.0, LoopRule()),
    Loglikelihood("The sky is", [" blue", " green"], "The", reuse=True),
    SetThreads(3),
    ReadStats(),
    Close(),
]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c.name)
def test_a_command_crosses_the_pipe_unchanged_and_cannot_be_changed(
        command: WorkerCommand) -> None:
    request = Request(5, command)
    assert pickle.loads(pickle.dumps(request)) == request
    fields = dataclasses.fields(command)
    if fields:
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(command, fields[0].name, None)


def test_the_names_in_errors_are_one_per_command() -> None:
    assert sorted(c.name for c in COMMANDS) == ["chat", "close", "loglikelihood", "stats",
                                                "threads"]


@pytest.mark.anyio
@pytest.mark.needs("llama_cpp", "process")
async def test_a_model_that_cannot_be_loaded_is_reported_on_the_load_reply(
        tmp_path: Path) -> None:
    """A spawned worker given a file that is not a GGUF answers the load with an error
    reply, which the runner raises; nothing is left running."""
    bogus = tmp_path / "not-a-model.gguf"
    bogus.write_bytes(b"GGUF but not really")
    runner = LlamaCppRunner(bogus, n_ctx=256, n_threads=1)
    with pytest.raises(RunnerError, match="^cannot load the model"):
        await runner.start()
    assert runner.pid is None
