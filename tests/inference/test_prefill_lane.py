"""The prefill lane is one lock for every process on the host: a batch with prompt tokens
waits while another process holds it, a decode-only batch never does, and the wait is
counted."""

from __future__ import annotations

import multiprocessing
import threading
import time
from multiprocessing.connection import Connection
from pathlib import Path

import pytest

from app.inference.llama_cpp.worker_prefill_lane import PrefillLane

WAIT_S = 60.0  # a bound that only a broken lock reaches, not a bet on the host's speed


def _hold(path: str, conn: Connection) -> None:
    lane = PrefillLane(path)
    with lane.held(True):
        conn.send("held")
        conn.recv()  # until told to let go
    lane.close()


@pytest.mark.needs("process")
def test_prompt_batches_take_turns_across_processes(tmp_path: Path) -> None:
    path = str(tmp_path / "prefill.lock")
    ours, theirs = multiprocessing.Pipe()
    other = multiprocessing.get_context("spawn").Process(target=_hold, args=(path, theirs))
    other.start()
    try:
        assert ours.poll(WAIT_S) and ours.recv() == "held"
        lane = PrefillLane(path)
        with lane.held(False):  # decode only: passes while the other process holds it
            pass
        assert lane.waited_s == 0.0
        entered = threading.Event()
        asked: list[float] = []
        got: list[float] = []

        def prefill() -> None:
            asked.append(time.perf_counter())
            with lane.held(True):
                got.append(time.perf_counter())
                entered.set()

        thread = threading.Thread(target=prefill)
        thread.start()
        assert not entered.wait(0.5)  # held elsewhere: it may not enter, however long
        released = time.perf_counter()
        ours.send("release")
        assert entered.wait(WAIT_S), "the lane was not handed over"
        thread.join(WAIT_S)
        # what is counted is the wait itself: at most from asking to entering, and at least
        # most of asking to the release (the lane's clock starts a moment after the thread
        # asked, a moment a loaded host may stretch), however fast this host is
        assert (released - asked[0]) / 2 <= lane.waited_s <= got[0] - asked[0]
        lane.close()
    finally:
        other.join(WAIT_S)
        if other.is_alive():
            other.kill()
    assert other.exitcode == 0
