"""Score and import batches, and run lists, in worker processes of their own.

A process runs Python on one core at a time, and the bulk lane (app.server_pools.bulk_lane) only
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
import os
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from typing import Concatenate, ParamSpec, TypeVar

from sqlalchemy.orm import Session, sessionmaker

from app.http import ServiceUnavailable
from app.server_pools.supervised_pool import SupervisedPool

log = logging.getLogger("pocketeval.bulk")
P = ParamSpec("P")
T = TypeVar("T")

_factory: sessionmaker[Session] | None = None  # in a worker process: its own sessions


# builds a worker's sessions from the database URL; a module-level function (it is pickled
# by reference into each spawned worker)
SessionsFor = Callable[[str], "sessionmaker[Session]"]


def _start_worker(sessions_for: SessionsFor, database_url: str, niceness: int) -> None:
    global _factory
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
        self.processes = processes
        self.pool = SupervisedPool(processes, _start_worker,
                                   (sessions_for, database_url, niceness))

    async def warm(self) -> None:
        """Start the workers now (each imports the app: about a second), not at the first
        batch."""
        await asyncio.gather(*(asyncio.wrap_future(self.pool.submit(_noop)[1])
                               for _ in range(self.processes)))

    async def run(self, work: Callable[Concatenate[Session, P], T], *args: P.args,
                  **kwargs: P.kwargs) -> T:
        executor, future = self.pool.submit(_in_worker, work, *args, **kwargs)
        try:
            return await asyncio.wrap_future(future)
        except BrokenProcessPool as exc:
            if self.pool.executor is executor:
                log.error("a bulk worker process died; starting new ones")
            self.pool.replace(executor)
            raise ServiceUnavailable("the worker process carrying out this batch stopped "
                                     "before it answered; send the batch again") from exc

    def pids(self) -> list[int]:
        """The worker processes alive now (for tests and diagnostics)."""
        return self.pool.pids()

    def shutdown(self) -> None:
        self.pool.shutdown()


def _noop() -> None:
    return None
