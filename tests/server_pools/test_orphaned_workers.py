"""A process killed outright leaves no worker of its pools behind: the bulk lane's workers
and the isolated scorer's worker each leave once orphaned, though their pipes stay open, and
so does a worker whose parent died while it was still starting."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.support.processes import alive, stop

pytestmark = pytest.mark.needs("process")

ROOT = Path(__file__).resolve().parents[2]

# the parent: both pools started, their workers' pids printed, then it waits to be killed
PARENT = """
import asyncio, sys, time
from sqlalchemy import create_engine
from sqlalchemy.orm import sessionmaker
from app.server_pools import isolation
from app.server_pools.bulk_processes import BulkProcesses


def sessions_for(url):
    return sessionmaker(create_engine(url))


async def main():
    bulk = BulkProcesses(sessions_for, sys.argv[1], 2)
    await bulk.warm()
    isolation.run_isolated(len, "ready", timeout_s=600)
    scorer = isolation.pids("scoring")
    print(" ".join(map(str, [*bulk.pids(), *scorer])), flush=True)
    time.sleep(600)


if __name__ == "__main__":
    asyncio.run(main())
"""


def test_workers_leave_when_their_parent_is_killed(tmp_path: Path) -> None:
    script = tmp_path / "parent.py"
    script.write_text(PARENT)
    parent = subprocess.Popen([sys.executable, str(script), f"sqlite:///{tmp_path}/db.sqlite"],
                              stdout=subprocess.PIPE, text=True, cwd=tmp_path,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
    workers: list[int] = []
    try:
        assert parent.stdout is not None
        workers = [int(pid) for pid in parent.stdout.readline().split()]
        assert len(workers) == 3 and all(map(alive, workers)), workers
        parent.send_signal(signal.SIGKILL)
        parent.wait()
        # they poll their parent every half second: a minute is a bound only a worker that
        # never leaves reaches
        deadline = time.monotonic() + 60
        while any(map(alive, workers)) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert [pid for pid in workers if alive(pid)] == []
    finally:
        stop(parent)  # type: ignore[arg-type]
        if parent.stdout is not None:
            parent.stdout.close()
        for pid in workers:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)


def test_a_worker_whose_parent_died_while_it_started_leaves(tmp_path: Path) -> None:
    """The pool's pid is handed to the worker: one that starts under another parent (its
    own died during its imports) does not take that one for its own and stay forever."""
    code = ("import time; from app.server_pools.parent_watch import watch_parent; "
            "watch_parent(-1); time.sleep(600)")
    worker = subprocess.Popen([sys.executable, "-c", code], cwd=tmp_path,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        assert worker.wait(timeout=60) == 0  # a bound only a worker that stays reaches
    finally:
        stop(worker)  # type: ignore[arg-type]
