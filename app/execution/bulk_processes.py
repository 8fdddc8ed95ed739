"""Score and import batches, and run lists, in worker processes of their own.

A process runs Python on one core at a time, and the bulk lane (app.execution.lanes) only
decides the order in which requests take it: a score or import batch that is running still
holds the interpreter for tens of milliseconds between the cheap reads' turns, and an item
page that needs 2 ms waits behind it. In a worker process a batch takes none of the serving
process's interpreter: the server only reads the body, sends the work (a module-level
function and its plain arguments) over a pipe and writes the answer. Each worker process has
its own engine on the same database and commits before it answers, so a 2xx still means the
write is durable. Workers run at a lower CPU priority (nice 10): on a busy host the serving
process, whose work is short and waited for, gets the core first.

`POCKETEVAL_BULK_PROCESSES` (default 1) sets how many; 0 keeps batches on threads of the
serving process, as an in-memory SQLite database requires. A worker that dies (killed, out
of memory) fails the batches it held with a 503 and is replaced for the next one.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Concatenate, ParamSpec, TypeVar

from sqlalchemy.orm import Session, sessionmaker

from app.errors import ServiceUnavailable
from app.execution.parent_watch import watch_parent

log = logging.getLogger("pocketeval.bulk")
P = ParamSpec("P")
T = TypeVar("T")

_factory: sessionmaker[Session] | None = None  # in a worker process: its own sessions


# builds a worker's sessions from the database URL; a module-level function (it is pickled
# by reference into each spawned worker)
SessionsFor = Callable[[str], "sessionmaker[Session]"]


def _start_worker(sessions_for: SessionsFor, database_url: str, niceness: int,
                  parent: int) -> None:
    global _factory
    watch_parent(parent)
    os.nice(niceness)
    _factory = sessions_for(database_url)


def _in_worker(work: Callable[Concatenate[Session, P], T], /, *args: P.args,
               **kwargs: P.kwargs) -> T:
    assert _factory is not None, "the worker process was not started by BulkProcesses"
    with _factory.begin() as session:
        return work(session, *args, **kwargs)


class BulkProcesses:
    """A pool of worker processes for units of database work: `work(session, *args)`,
    committed in the worker before the result comes back."""

    def __init__(self, sessions_for: SessionsFor, database_url: str, processes: int,
                 niceness: int = 10) -> None:
        self.sessions_for = sessions_for
        self.database_url = database_url
        self.processes = processes
        self.niceness = niceness
        self._pool = self._new_pool()

    def _new_pool(self) -> ProcessPoolExecutor:
        # spawn: the serving process has threads (a fork could copy a held lock)
        return ProcessPoolExecutor(self.processes,
                                   mp_context=multiprocessing.get_context("spawn"),
                                   initializer=_start_worker,
                                   initargs=(self.sessions_for, self.database_url,
                                             self.niceness, os.getpid()))

    async def warm(self) -> None:
        """Start the workers now (each imports the app: about a second), not at the first
        batch."""
        loop = asyncio.get_running_loop()
        await asyncio.gather(*(loop.run_in_executor(self._pool, _noop)
                               for _ in range(self.processes)))

    async def run(self, work: Callable[Concatenate[Session, P], T], *args: P.args,
                  **kwargs: P.kwargs) -> T:
        pool = self._pool
        try:
            future = pool.submit(_in_worker, work, *args, **kwargs)
        except BrokenProcessPool:  # a worker died between batches: this one has lost nothing
            pool = self._replace(pool)
            future = pool.submit(_in_worker, work, *args, **kwargs)
        try:
            return await asyncio.wrap_future(future)
        except BrokenProcessPool as exc:
            self._replace(pool)
            raise ServiceUnavailable("the worker process carrying out this batch stopped "
                                     "before it answered; send the batch again") from exc

    def _replace(self, broken: ProcessPoolExecutor) -> ProcessPoolExecutor:
        if self._pool is broken:
            log.error("a bulk worker process died; starting new ones")
            broken.shutdown(wait=False, cancel_futures=True)
            self._pool = self._new_pool()
        return self._pool

    def pids(self) -> list[int]:
        """The worker processes alive now (for tests and diagnostics)."""
        return [p.pid for p in (self._pool._processes or {}).values()
                if p.pid is not None and p.is_alive()]

    def shutdown(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)


def _noop() -> None:
    return None
