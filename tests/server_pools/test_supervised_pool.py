"""The one supervisor of both worker pools: a worker that died between two pieces of work
costs the next one nothing, a killed pool is replaced once whoever saw it break, and the
workers it reports are the live ones."""

from __future__ import annotations

import os
import signal
import time
from concurrent.futures.process import BrokenProcessPool

import pytest

from app.server_pools.supervised_pool import SupervisedPool

pytestmark = pytest.mark.needs("process")


def _wait_gone(pid: int, limit_s: float = 60) -> None:
    deadline = time.monotonic() + limit_s
    while True:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        assert time.monotonic() < deadline, f"worker {pid} still alive"
        time.sleep(0.05)


def test_a_worker_that_died_between_works_costs_the_next_nothing() -> None:
    pool = SupervisedPool(1)
    try:
        first, future = pool.submit(os.getpid)
        worker = future.result(timeout=120)
        assert pool.pids() == [worker]
        os.kill(worker, signal.SIGKILL)
        _wait_gone(worker)
        deadline = time.monotonic() + 60
        while not first._broken:  # the executor's own thread notices the death
            assert time.monotonic() < deadline
            time.sleep(0.05)
        second, future = pool.submit(os.getpid)
        assert second is not first and pool.executor is second
        assert future.result(timeout=120) != worker
    finally:
        pool.shutdown()


def test_a_killed_pool_is_replaced_once_and_its_other_work_fails() -> None:
    pool = SupervisedPool(1)
    try:
        executor, stuck = pool.submit(time.sleep, 600)
        _, queued = pool.submit(os.getpid)
        deadline = time.monotonic() + 120
        while not pool.pids():
            assert time.monotonic() < deadline
            time.sleep(0.05)
        (worker,) = pool.pids()
        pool.kill(executor)
        fresh = pool.executor
        assert fresh is not executor
        assert pool.replace(executor) is fresh  # a second caller that saw it break
        with pytest.raises(BrokenProcessPool):
            stuck.result(timeout=120)
        assert queued.cancelled() or isinstance(queued.exception(timeout=120),
                                                BrokenProcessPool)
        _wait_gone(worker)
        assert pool.submit(os.getpid)[1].result(timeout=120) != worker
    finally:
        pool.shutdown()
