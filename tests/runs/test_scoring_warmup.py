"""A run whose answers are scored in the scoring worker process starts that process as the
run starts (app.server_pools.isolation.warm), so the first answer is scored by a process
already running rather than one spawned beside the generations."""

from __future__ import annotations

import logging
import os
import time

import pytest

from app.runs.judging import judged_by_key
from app.server_pools import isolation


def _worker_pids(pool: str) -> set[int]:
    return set(isolation.pids(pool))


def _wait_for_worker(pool: str, limit_s: float = 600) -> set[int]:
    deadline = time.monotonic() + limit_s
    while not (pids := _worker_pids(pool)):
        assert time.monotonic() < deadline, "the pool's worker did not start"
        time.sleep(0.05)
    return pids


def test_warming_starts_the_worker_that_then_scores() -> None:
    pool = "warm-test"
    try:
        assert not _worker_pids(pool)
        isolation.warm(judged_by_key.__module__, pool=pool)  # returns at once
        started = _wait_for_worker(pool)
        scored_by = isolation.run_isolated(os.getpid, timeout_s=600, pool=pool)
        assert {scored_by} == started  # no second process was spawned for the work
    finally:
        isolation.shutdown(pool)


def test_a_warm_up_that_fails_is_logged(caplog: pytest.LogCaptureFixture) -> None:
    pool = "warm-test-missing"
    try:
        with caplog.at_level(logging.WARNING, logger="pocketeval.isolation"):
            isolation.warm("app.no_such_module", pool=pool)
            assert isolation.run_isolated(os.getpid, timeout_s=600, pool=pool) > 0
            deadline = time.monotonic() + 600
            while "no_such_module" not in caplog.text:
                assert time.monotonic() < deadline, "the failure was not logged"
                time.sleep(0.05)
    finally:
        isolation.shutdown(pool)
