"""A llama.cpp worker that a test holds mid-run, as tests.support.fake_openai_server's gate holds an
endpoint: its chat answers pass a gate file. While the file exists it holds an integer N:
N more chat answers are sent, and the next one waits, with the worker's loop (so no
generation goes on), until the file is removed; `<gate>.held` exists while one waits. A test
that kills the worker once `.held` appears kills it mid-run, on a fast host as on a slow
one. `held_workers` makes the runners of the test process start such workers."""

from __future__ import annotations

import fcntl
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import pytest

from app.inference.llama_cpp import serving_runner as llama_cpp
from app.inference.llama_cpp import worker_loop
from app.inference.llama_cpp.worker_commands import Reply, WorkerLaunch

GATE_ENV = "POCKETEVAL_TEST_WORKER_GATE"


class _GatedConnection:
    """The worker's end of its pipe, with each chat answer sent through the gate."""

    def __init__(self, conn: Connection, gate: Path) -> None:
        self.conn = conn
        self.gate = gate
        self.held = gate.with_name(gate.name + ".held")
        self.lock = gate.with_name(gate.name + ".lock")

    def send(self, message: Any) -> None:
        if isinstance(message, Reply) and isinstance(message.result, dict) and \
                "rendered_prompt" in message.result:
            self._through_gate()
        self.conn.send(message)

    def _take_pass(self) -> bool:
        """One of the gate's passes, taken under a lock (the workers share the gate)."""
        with self.lock.open("a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            try:
                passes = int(self.gate.read_text() or "0")
            except FileNotFoundError:
                return True
            if passes > 0:
                self.gate.write_text(str(passes - 1))
                return True
            return False

    def _through_gate(self) -> None:
        while not self._take_pass():
            self.held.touch()
            time.sleep(0.02)
        self.held.unlink(missing_ok=True)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.conn, name)


def serve(conn: Connection, launch: WorkerLaunch) -> None:
    """The worker's entry point, its pipe gated when the test set a gate."""
    gate = os.environ.get(GATE_ENV)
    worker_loop.serve(conn if gate is None else _GatedConnection(conn, Path(gate)),  # type: ignore[arg-type]
                      launch)


@contextmanager
def held_workers(monkeypatch: pytest.MonkeyPatch, gate: Path, passes: int) -> Iterator[Path]:
    """Workers started meanwhile send `passes` chat answers, then hold the next until the
    gate is removed (it is, at the end). Yields the `.held` marker's path."""
    gate.write_text(str(passes))
    monkeypatch.setenv(GATE_ENV, str(gate))
    monkeypatch.setattr(llama_cpp, "serve", serve)
    try:
        yield gate.with_name(gate.name + ".held")
    finally:
        gate.unlink(missing_ok=True)


def wait_until_held(held: Path, limit_s: float = 600) -> None:
    """Until a worker holds an answer at the gate (a bound only a broken worker reaches)."""
    deadline = time.monotonic() + limit_s
    while not held.exists():
        assert time.monotonic() < deadline, f"no worker held an answer in {limit_s:g} s"
        time.sleep(0.02)
