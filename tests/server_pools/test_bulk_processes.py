"""Score and import batches run in worker processes of their own, committed there before the
answer, with the same answers, errors and durability as on the serving process's threads."""

from __future__ import annotations

import asyncio
import os
import signal
import time

import httpx
import pytest
from fastapi import FastAPI
from sqlalchemy import Engine, create_engine, func, select, text
from sqlalchemy.orm import Session
from sqlalchemy.pool import NullPool

from app.config import Settings
from app.db import get_transactions
from app.tables import Item
from tests.support.databases import on_postgresql_only
from tests.support.factories import db_fingerprint, mcq_rows

pytestmark = [pytest.mark.anyio, pytest.mark.needs("process")]  # worker processes


@pytest.fixture
def settings(settings: Settings) -> Settings:
    return settings.model_copy(update={"bulk_processes": 1})


def _pid_and_items(session: Session) -> tuple[int, int]:
    return os.getpid(), session.scalar(select(func.count()).select_from(Item)) or 0


async def _quiz(client: httpx.AsyncClient, n: int = 6) -> None:
    assert (await client.post("/benchmarks", json={"name": "quiz", "kind": "mcq"})
            ).status_code == 201
    imported = await client.post("/benchmarks/quiz/items:import", json={"items": mcq_rows(n)})
    assert imported.status_code == 200, imported.text
    assert imported.json()["inserted"] == n


async def test_batches_run_in_a_worker_process_and_are_committed_when_answered(
        client: httpx.AsyncClient, app: FastAPI) -> None:
    await _quiz(client)
    # visible to the serving process the moment the import was answered
    page = await client.get("/benchmarks/quiz/items")
    assert [row["external_id"] for row in page.json()["items"]] == [f"q{i}" for i in range(6)]
    tx = await get_transactions(_request(app))
    pid, items = await tx.batch(_pid_and_items)
    assert pid != os.getpid() and pid in app.state.bulk_processes.pids()
    assert items == 6

    rows = mcq_rows(6)
    wrong = {"A": "B", "B": "C", "C": "D", "D": "A"}
    predictions = [{"external_id": row["id"], "answer": row["answer"] if i < 4
                    else wrong[row["answer"]]} for i, row in enumerate(rows)]
    scored = await client.post("/benchmarks/quiz/score",
                               json={"model": "m", "predictions": predictions})
    assert scored.status_code == 200, scored.text
    metrics = scored.json()["metrics"]
    assert metrics["counts"]["correct"] == 4 and metrics["accuracy"] == pytest.approx(4 / 6)
    run = await client.get(f"/runs/{scored.json()['run_id']}")
    assert run.status_code == 200 and run.json()["status"] == "finished"


async def test_errors_raised_in_the_worker_are_the_usual_problems(
        client: httpx.AsyncClient) -> None:
    await _quiz(client, 2)
    missing = await client.post("/benchmarks/nope/score", json={
        "predictions": [{"external_id": "q0", "answer": "A"}]})
    assert missing.status_code == 404
    assert missing.headers["content-type"].startswith("application/problem+json")
    bad = await client.post("/benchmarks/quiz/items:import", json={"items": [
        {"id": "ok", "question": "Q?", "choices": ["a", "b"], "answer": "A"},
        {"id": "bad", "question": "Q?", "choices": ["a", "b"], "answer": "Z"}]})
    assert bad.status_code == 422, bad.text
    problem = bad.json()
    assert problem["errors"] and problem["errors"][0]["line"] == 2
    # all or nothing: the good row of the refused import is not there
    ids = [row["external_id"] for row in (await client.get("/benchmarks/quiz/items")).json()[
        "items"]]
    assert ids == ["q0", "q1"]


async def test_a_worker_killed_between_batches_is_replaced_before_the_next(
        client: httpx.AsyncClient, app: FastAPI) -> None:
    await _quiz(client, 2)
    pool = app.state.bulk_processes.pool
    for pid in app.state.bulk_processes.pids():
        os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + 600
    while not pool.executor._broken:  # the pool has seen it (its manager thread's turn)
        assert time.monotonic() < deadline
        await asyncio.sleep(0.02)
    scored = await client.post("/benchmarks/quiz/score", json={
        "model": "m", "predictions": [{"external_id": "q0", "answer": "A"}]})
    assert scored.status_code == 200, scored.text
    assert [run["id"] for run in (await client.get("/runs")).json()["runs"]] == \
        [scored.json()["run_id"]]


@on_postgresql_only  # the wait inside the batch is seen in PostgreSQL's pg_stat_activity
async def test_a_batch_whose_worker_dies_inside_it_is_refused_and_kept_nowhere(
        client: httpx.AsyncClient, app: FastAPI, db_url: str) -> None:
    """The batch's INSERT waits on a lock the test holds (PostgreSQL shows the wait), the
    worker is killed there, and the batch is answered 503 with nothing of it kept."""
    await _quiz(client, 2)
    before = db_fingerprint(app)
    (worker,) = app.state.bulk_processes.pids()
    holder = create_engine(db_url, poolclass=NullPool)
    try:
        with holder.connect() as lock:
            lock.execute(text("BEGIN"))
            lock.execute(text("LOCK TABLE runs IN ACCESS EXCLUSIVE MODE"))
            scoring = asyncio.create_task(client.post("/benchmarks/quiz/score", json={
                "model": "m", "predictions": [{"external_id": "q0", "answer": "A"}]}))
            deadline = time.monotonic() + 600
            while not await asyncio.to_thread(_waits_on_a_lock, holder):
                assert time.monotonic() < deadline and not scoring.done()
                await asyncio.sleep(0.05)
            os.kill(worker, signal.SIGKILL)
            lock.execute(text("ROLLBACK"))
        scored = await scoring
    finally:
        holder.dispose()
    assert scored.status_code == 503, scored.text
    assert scored.headers["content-type"].startswith("application/problem+json")
    assert db_fingerprint(app) == before
    again = await client.post("/benchmarks/quiz/score", json={
        "model": "m", "predictions": [{"external_id": "q0", "answer": "A"}]})
    assert again.status_code == 200 and worker not in app.state.bulk_processes.pids()


def _waits_on_a_lock(engine: Engine) -> bool:
    """Whether the batch's INSERT of its run waits for the lock: the batch is inside its
    transaction."""
    with engine.connect() as conn:
        return bool(conn.execute(text(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
            "AND wait_event_type = 'Lock' AND query ILIKE 'INSERT INTO runs%'")).scalar())


def _request(app: FastAPI) -> object:
    class _Request:
        pass

    request = _Request()
    request.app = app  # type: ignore[attr-defined]
    return request
