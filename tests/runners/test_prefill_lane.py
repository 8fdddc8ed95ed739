"""The prefill lane is one lock for every process on the host: a batch with prompt tokens
waits while another process holds it, a decode-only batch never does, and the wait is
counted."""

from __future__ import annotations

import multiprocessing
import threading
from multiprocessing.connection import Connection
from pathlib import Path

import pytest

from app.runners import prefill_lane
from app.runners.prefill_lane import PrefillLane

WAIT_S = 60.0  # a bound that only a broken lock reaches, not a bet on the host's speed


def _hold(path: str, conn: Connection) -> None:
    lane = PrefillLane(path)
    with lane.held(True):
        conn.send("held")
        conn.recv()  # until told to let go
    lane.close()


def test_prompt_batches_take_turns_across_processes(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
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

        def prefill() -> None:
            with lane.held(True):
                entered.set()

        thread = threading.Thread(target=prefill)
        thread.start()
        assert not entered.wait(0.5)  # held elsewhere: it may not enter, however long
        ours.send("release")
        assert entered.wait(WAIT_S), "the lane was not handed over"
        thread.join(WAIT_S)
        assert lane.waited_s > 0.0
        lane.close()
        # what is counted is the time around taking the lane, exactly
        ticks = iter([10.0, 12.5])
        monkeypatch.setattr(prefill_lane.time, "perf_counter", lambda: next(ticks))
        counted = PrefillLane(path)
        with counted.held(True):
            pass
        assert counted.waited_s == 2.5
        counted.close()
    finally:
        other.join(WAIT_S)
        if other.is_alive():
            other.kill()
    assert other.exitcode == 0
