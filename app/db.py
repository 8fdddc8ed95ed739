"""Engine and session handling. Services only flush; the request's session commits or rolls
back before the response is sent, so a 2xx means the write is durable.

Reads are sync endpoints on worker threads with `SessionDep`. Writes are async endpoints
that hand their database work to `TransactionsDep`: it runs in a worker thread (or
process), in a session of its own, committed before the call returns. So a write
transaction never waits for anything once it holds SQLite's write lock: FastAPI validates a
sync endpoint's response on another worker thread *before* the dependency commits, and under
load every thread can be busy waiting for that very lock (each waits out busy_timeout:
"database is locked"). Nor does a slow client (an upload, an SSE stream) hold a pooled
connection.
"""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Annotated, Any, Concatenate, ParamSpec, TypeVar

import anyio
from anyio import CapacityLimiter
from fastapi import Depends, Request
from fastapi import Path as PathParam
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session, sessionmaker
from starlette.concurrency import run_in_threadpool

from app.http import INTEGER_MAX
from app.server_pools import BulkProcesses

log = logging.getLogger("pocketeval.db")
P = ParamSpec("P")
T = TypeVar("T")
# anyio runs sync endpoints on up to 40 threads; each may hold one connection, so the pool
# covers them and the executor's writers without making a request wait for a connection
POOL_SIZE, POOL_OVERFLOW, POOL_TIMEOUT_S = 20, 40, 10.0


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


def is_in_memory(url: str) -> bool:
    """An SQLite database that lives in one process's memory only."""
    parsed = make_url(url)
    return parsed.get_backend_name() == "sqlite" and parsed.database in (None, "", ":memory:")


def make_engine(url: str, **options: Any) -> Engine:
    """An engine for `url`; for SQLite files, create the folder and turn on WAL and foreign keys."""
    parsed = make_url(url)
    in_memory = is_in_memory(url)
    kwargs: dict[str, object] = {} if in_memory else {  # create_engine's keyword options
        "pool_size": POOL_SIZE, "max_overflow": POOL_OVERFLOW, "pool_timeout": POOL_TIMEOUT_S}
    if parsed.get_backend_name() != "sqlite":
        kwargs["pool_pre_ping"] = True  # a pooled connection the server dropped is replaced
    kwargs.update(options)
    if parsed.get_backend_name() == "sqlite":
        kwargs["connect_args"] = {"check_same_thread": False}
        if not in_memory:
            Path(str(parsed.database)).parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(url, **kwargs)
    if parsed.get_backend_name() == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def retried_when_disconnected(work: Callable[P, T]) -> Callable[P, T]:
    """For idempotent units of database work: a connection the database server dropped
    mid-transaction (a restart, a failover, an administrator's kill) rolls the unit back,
    and it is done again on a fresh connection, up to three times in all."""

    @functools.wraps(work)
    def again(*args: P.args, **kwargs: P.kwargs) -> T:
        for attempt in range(2):
            try:
                return work(*args, **kwargs)
            except DBAPIError as exc:
                if not exc.connection_invalidated:
                    raise
                log.warning("%s: the database connection was lost (%s); trying again",
                            work.__qualname__, str(exc.orig).splitlines()[0])
                time.sleep(0.2 * 2**attempt)
        return work(*args, **kwargs)

    return again


def make_sessionmaker(engine: Engine) -> sessionmaker[Session]:
    return sessionmaker(bind=engine, expire_on_commit=False)


def bulk_worker_sessions(url: str) -> sessionmaker[Session]:
    """A bulk worker process's sessions (app.server_pools.bulk_processes): one connection, one
    spare."""
    return make_sessionmaker(make_engine(url, pool_size=1, max_overflow=1))


def get_session(request: Request) -> Iterator[Session]:
    """One session per request: commit when the endpoint returns (before the response is
    sent: the dependency's scope is the function), roll back when it raises."""
    factory: sessionmaker[Session] = request.app.state.sessionmaker
    with factory() as session:
        try:
            yield session
            session.commit()
        except BaseException:
            session.rollback()
            raise


SessionDep = Annotated[Session, Depends(get_session, scope="function")]
# ids are INTEGER columns, 32-bit in PostgreSQL: a larger one is a 422, not an overflow
# inside the driver
MAX_ROW_ID = INTEGER_MAX
RowId = Annotated[int, PathParam(ge=1, le=MAX_ROW_ID)]


class Transactions:
    """Database work for async endpoints: each call runs in a worker thread, in a session of
    its own, committed before the call returns (rolled back if it raises). `batch` is for
    the heavy work (score and import batches, run lists): it waits for a slot of the bulk
    lane (app.server_pools.bulk_lane), then runs in a worker process
    (app.server_pools.bulk_processes), or where there is none on one of a few threads of its
    own instead of those that reads are served on.
    `page` is for the cheap reads that clients make most (item pages): they have threads of
    their own too, so they never queue behind a run list or a results page."""

    def __init__(self, factory: sessionmaker[Session], batches: CapacityLimiter,
                 pages: CapacityLimiter, bulk: anyio.Semaphore,
                 processes: BulkProcesses | None = None) -> None:
        self.factory = factory
        self.batches = batches
        self.pages = pages
        self.bulk = bulk
        self.processes = processes

    def _unit(self, work: Callable[Concatenate[Session, P], T], *args: P.args,
              **kwargs: P.kwargs) -> Callable[[], T]:
        def unit() -> T:
            with self.factory.begin() as session:
                return work(session, *args, **kwargs)

        return unit

    async def run(self, work: Callable[Concatenate[Session, P], T], *args: P.args,
                  **kwargs: P.kwargs) -> T:
        return await run_in_threadpool(self._unit(work, *args, **kwargs))

    async def batch(self, work: Callable[Concatenate[Session, P], T], *args: P.args,
                    **kwargs: P.kwargs) -> T:
        async with self.bulk:
            if self.processes is not None:  # `work` and its arguments must pickle
                return await self.processes.run(work, *args, **kwargs)
            return await anyio.to_thread.run_sync(self._unit(work, *args, **kwargs),
                                                  limiter=self.batches)

    async def page(self, work: Callable[Concatenate[Session, P], T], *args: P.args,
                   **kwargs: P.kwargs) -> T:
        return await anyio.to_thread.run_sync(self._unit(work, *args, **kwargs),
                                              limiter=self.pages)


async def get_transactions(request: Request) -> Transactions:  # async: no thread for this
    transactions: Transactions = request.app.state.transactions
    return transactions


TransactionsDep = Annotated[Transactions, Depends(get_transactions)]
