"""Running CPU-bound scoring in a worker process.

math-verify (sympy) enforces its time limits with signal.alarm, which works only on a main
thread; request handlers run on worker threads. A one-process pool gives the scorer a main
thread of its own, and a stuck worker can be killed without taking the server down.
"""

from __future__ import annotations

import multiprocessing
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from typing import TypeVar

T = TypeVar("T")

_lock = threading.Lock()
_pool: ProcessPoolExecutor | None = None


def _executor() -> ProcessPoolExecutor:
    global _pool
    with _lock:
        if _pool is None:
            _pool = ProcessPoolExecutor(max_workers=1,
                                        mp_context=multiprocessing.get_context("spawn"))
        return _pool


def _discard(pool: ProcessPoolExecutor) -> None:
    global _pool
    with _lock:
        if _pool is pool:
            _pool = None
    for proc in list(getattr(pool, "_processes", {}).values()):
        proc.kill()
    pool.shutdown(wait=False, cancel_futures=True)


class IsolatedTimeout(RuntimeError):
    pass


def run_isolated(fn: Callable[..., T], *args: object, timeout_s: float) -> T:
    """fn(*args) in the scoring worker process; the worker is killed past `timeout_s`."""
    pool = _executor()
    future = pool.submit(fn, *args)
    try:
        return future.result(timeout=timeout_s)
    except FutureTimeout:
        _discard(pool)
        raise IsolatedTimeout(f"scoring took longer than {timeout_s:.0f} s") from None


def shutdown() -> None:
    global _pool
    with _lock:
        pool, _pool = _pool, None
    if pool is not None:
        pool.shutdown(wait=True, cancel_futures=True)
