"""PostgreSQL connections killed by the server while a run goes on: pooled connections
killed again and again, and one killed inside a batch's open write transaction. The run
finishes with exactly the planned samples, none twice."""

from __future__ import annotations

import asyncio
import time

import httpx
import pytest
import respx
from fastapi import FastAPI
from sqlalchemy import Engine, create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool

from tests.support.factories import mcq_rows, wait_run
from tests.support.fake_openai import completion, reply

pytestmark = pytest.mark.anyio
BASE = "http://127.0.0.1:9/v1"


def _stored(admin: Engine, run_id: int) -> tuple[str, int, int]:
    """The run's status, its sample rows and its distinct (item, repeat) pairs."""
    with admin.connect() as conn:
        status = conn.execute(text("SELECT status FROM runs WHERE id = :id"),
                              {"id": run_id}).scalar_one()
        rows, distinct = conn.execute(text(
            "SELECT count(*), count(DISTINCT (item_id, repeat)) FROM samples "
            "WHERE run_id = :id"), {"id": run_id}).one()
        return status, rows, distinct


@pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)
async def test_run_survives_its_connections_being_killed_again_and_again(
        client: httpx.AsyncClient, app: FastAPI, db_url: str) -> None:
    assert (await client.post("/benchmarks", json={"name": "quiz", "kind": "mcq"})
            ).status_code == 201
    assert (await client.post("/benchmarks/quiz/items:import",
                              json={"items": mcq_rows(30)})).status_code == 200
    database = make_url(db_url).database
    admin = create_engine(db_url, poolclass=NullPool, isolation_level="AUTOCOMMIT")

    def kill_all() -> int:
        """Every other connection to the test database, idle or inside a transaction."""
        with admin.connect() as conn:
            return len(conn.execute(text(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = :db AND pid <> pg_backend_pid()"), {"db": database}).all())

    def stored() -> tuple[str, int, int]:
        return _stored(admin, run_id)

    answered = 0
    enough_kills = asyncio.Event()

    async def model(_request: httpx.Request) -> httpx.Response:
        # half the answers, then the rest only once the connections were killed three
        # times: the kills land mid-run however fast or slow this host is
        nonlocal answered
        answered += 1
        if answered > 30:
            await enough_kills.wait()
        return reply(completion("Answer: A"))

    killed = 0
    with respx.mock() as mock:
        mock.post(f"{BASE}/chat/completions").mock(side_effect=model)
        r = await client.post("/runs", json={
            "model": {"name": "m", "base_url": BASE}, "benchmarks": ["quiz"],
            "repeats": 2, "concurrency": 2})
        assert r.status_code == 202, r.text
        run_id = r.json()["id"]
        deadline = time.monotonic() + 600
        while killed < 3:
            assert time.monotonic() < deadline, f"{killed} kills in 600 s"
            status, rows, _distinct = await asyncio.to_thread(stored)
            assert status in ("queued", "running"), status
            if rows:  # once writing has begun: kill whatever is connected, again and again
                killed += await asyncio.to_thread(kill_all)
            await asyncio.sleep(0.1)
        enough_kills.set()
        final = await wait_run(client, run_id, stall=60)
    admin.dispose()
    assert killed >= 3
    assert final["status"] == "finished", final
    assert await asyncio.to_thread(stored) == ("finished", 60, 60)
    assert final["progress"]["done"] == final["progress"]["total"] == 60


@pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)
async def test_a_batch_killed_inside_its_transaction_is_written_once(
        client: httpx.AsyncClient, app: FastAPI, db_url: str) -> None:
    """The test holds the run's row locked, so the first batch's INSERT of samples waits
    on its foreign key inside an open transaction; that connection is killed there, the
    lock let go, and the batch is written again: every sample once, none lost."""
    assert (await client.post("/benchmarks", json={"name": "quiz", "kind": "mcq"})
            ).status_code == 201
    assert (await client.post("/benchmarks/quiz/items:import",
                              json={"items": mcq_rows(30)})).status_code == 200
    database = make_url(db_url).database
    admin = create_engine(db_url, poolclass=NullPool, isolation_level="AUTOCOMMIT")
    locker = create_engine(db_url, poolclass=NullPool).connect()
    go = asyncio.Event()

    async def model(_request: httpx.Request) -> httpx.Response:
        await go.wait()  # no answer until the run's row is locked
        return reply(completion("Answer: A"))

    def waiting_insert() -> int | None:
        with admin.connect() as conn:
            return conn.execute(text(
                "SELECT pid FROM pg_stat_activity WHERE datname = :db AND state = 'active' "
                "AND wait_event_type = 'Lock' AND query ILIKE 'INSERT INTO samples%'"),
                {"db": database}).scalar()

    def stored() -> tuple[str, int, int]:
        return _stored(admin, run_id)

    try:
        with respx.mock() as mock:
            mock.post(f"{BASE}/chat/completions").mock(side_effect=model)
            r = await client.post("/runs", json={
                "model": {"name": "m", "base_url": BASE}, "benchmarks": ["quiz"],
                "repeats": 1, "concurrency": 2})
            assert r.status_code == 202, r.text
            run_id = r.json()["id"]
            deadline = time.monotonic() + 600
            while (await asyncio.to_thread(stored))[0] != "running":
                assert time.monotonic() < deadline
                await asyncio.sleep(0.05)
            locker.begin()
            locker.execute(text("SELECT id FROM runs WHERE id = :id FOR UPDATE"),
                           {"id": run_id})
            go.set()
            while (pid := await asyncio.to_thread(waiting_insert)) is None:
                assert time.monotonic() < deadline, "no INSERT came to wait on the lock"
                await asyncio.sleep(0.05)
            with admin.connect() as conn:  # killed with its transaction open
                assert conn.execute(text("SELECT pg_terminate_backend(:pid)"),
                                    {"pid": pid}).scalar() is True
            assert (await asyncio.to_thread(stored))[1] == 0  # nothing of it was kept
            locker.rollback()
            final = await wait_run(client, run_id, stall=60)
    finally:
        locker.close()
    assert final["status"] == "finished", final
    assert await asyncio.to_thread(stored) == ("finished", 30, 30)
    admin.dispose()
