"""The one supervisor of the serving process's worker pools (the bulk lane's and the isolated
scorers'): spawned processes that leave when orphaned (app.server_pools.parent_watch), a pool
replaced whole when a worker dies or is killed, and the pids of the workers alive."""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from app.server_pools.parent_watch import watch_parent

T = TypeVar("T")


def _start(parent: int, initializer: Callable[..., None] | None,
           initargs: tuple[Any, ...]) -> None:
    watch_parent(parent)
    if initializer is not None:
        initializer(*initargs)


class SupervisedPool:
    """`processes` workers, spawned (the serving process has threads: a fork could copy a
    held lock), each first watching the process that made the pool, then running
    `initializer(*initargs)`."""

    def __init__(self, processes: int, initializer: Callable[..., None] | None = None,
                 initargs: tuple[Any, ...] = ()) -> None:
        self.processes, self.initializer, self.initargs = processes, initializer, initargs
        self.executor = self._new()

    def _new(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(self.processes,
                                   mp_context=multiprocessing.get_context("spawn"),
                                   initializer=_start,
                                   initargs=(os.getpid(), self.initializer, self.initargs))

    def submit(self, fn: Callable[..., T], *args: Any, **kwargs: Any
               ) -> tuple[ProcessPoolExecutor, Future[T]]:
        """The work on the pool's executor, and that executor (to replace if it breaks). A
        pool whose worker died between two pieces of work is replaced first: the new piece
        has lost nothing."""
        executor = self.executor
        try:
            return executor, executor.submit(fn, *args, **kwargs)
        except BrokenProcessPool:
            executor = self.replace(executor)
            return executor, executor.submit(fn, *args, **kwargs)

    def replace(self, broken: ProcessPoolExecutor) -> ProcessPoolExecutor:
        """A new executor for one that broke, once, however many callers saw it break."""
        if self.executor is broken:
            broken.shutdown(wait=False, cancel_futures=True)
            self.executor = self._new()
        return self.executor

    def kill(self, executor: ProcessPoolExecutor) -> None:
        """Its workers killed (work stuck past its limit) and the pool replaced: the work of
        other callers on it fails and may be sent again."""
        for proc in list((executor._processes or {}).values()):
            proc.kill()
        self.replace(executor)

    def pids(self) -> list[int]:
        """The worker processes alive now (for tests and diagnostics)."""
        return [p.pid for p in (self.executor._processes or {}).values()
                if p.pid is not None and p.is_alive()]

    def shutdown(self, wait: bool = True) -> None:
        self.executor.shutdown(wait=wait, cancel_futures=True)
