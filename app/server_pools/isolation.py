"""Running CPU-bound scoring in a worker process.

math-verify (sympy) enforces its time limits with signal.alarm, which works only on a main
thread; request handlers run on worker threads. A one-process pool gives the scorer a main
thread of its own, and a stuck worker can be killed without taking the server down.
"""

from __future__ import annotations

import importlib
import logging
import threading
from collections.abc import Callable
from concurrent.futures import CancelledError, Future
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

from app.server_pools.supervised_pool import SupervisedPool

T = TypeVar("T")

log = logging.getLogger("pocketeval.isolation")
_lock = threading.Lock()
_pools: dict[str, SupervisedPool] = {}


def _pool(name: str) -> SupervisedPool:
    with _lock:
        pool = _pools.get(name)
        if pool is None:
            pool = _pools[name] = SupervisedPool(1)
        return pool


class IsolatedTimeout(RuntimeError):
    pass


def run_isolated(fn: Callable[..., T], *args: object, timeout_s: float,
                 pool: str = "scoring") -> T:
    """fn(*args) in the named pool's worker process; the worker is killed past `timeout_s`.
    Work caught in the kill of a worker that someone else's work stalled runs again on a
    fresh one (once): it was not at fault."""
    try:
        return _run_once(fn, args, timeout_s, pool)
    except (BrokenProcessPool, CancelledError):
        return _run_once(fn, args, timeout_s, pool)


def _run_once(fn: Callable[..., T], args: tuple[object, ...], timeout_s: float,
              pool: str) -> T:
    supervised = _pool(pool)
    executor, future = supervised.submit(fn, *args)
    try:
        return future.result(timeout=timeout_s)
    except FutureTimeout:
        supervised.kill(executor)
        raise IsolatedTimeout(f"took longer than {timeout_s:g} s") from None


def _import(module: str) -> None:
    importlib.import_module(module)


def warm(module: str, pool: str = "scoring") -> None:
    """Start the pool's worker and import `module` there, without waiting: a run that will
    score in it calls this as its model loads, so its first answer is not scored by a
    process still starting (a second or more of CPU taken from the generations beside it)."""
    def failed(future: Future[None]) -> None:
        if not future.cancelled() and future.exception() is not None:
            log.warning("warming the %s worker failed: %s", pool, future.exception())

    _pool(pool).submit(_import, module)[1].add_done_callback(failed)


def pids(pool: str = "scoring") -> list[int]:
    """The named pool's worker processes alive now (none before its first work)."""
    with _lock:
        found = _pools.get(pool)
    return [] if found is None else found.pids()


def shutdown(pool: str | None = None) -> None:
    """Stop one named pool, or all of them."""
    with _lock:
        names = list(_pools) if pool is None else [pool]
        stopping = [_pools.pop(name) for name in names if name in _pools]
    for supervised in stopping:
        supervised.shutdown(wait=True)
