"""Score and import batches run in worker processes of their own, committed there before the
answer, with the same answers, errors and durability as on the serving process's threads."""

from __future__ import annotations

import os
import signal

import httpx
import pytest
from fastapi import FastAPI
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from app.config import Settings
from app.db import get_transactions
from app.tables import Item
from tests.support.factories import db_fingerprint, mcq_rows

pytestmark = pytest.mark.anyio


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


async def test_a_killed_worker_is_replaced(client: httpx.AsyncClient, app: FastAPI) -> None:
    await _quiz(client, 2)
    before = db_fingerprint(app)
    for pid in app.state.bulk_processes.pids():
        os.kill(pid, signal.SIGKILL)
    answers = []
    for _ in range(3):
        scored = await client.post("/benchmarks/quiz/score", json={
            "model": "m", "predictions": [{"external_id": "q0", "answer": "A"}]})
        answers.append(scored.status_code)
        if scored.status_code == 200:
            break
        # a batch that met the dead worker is told so, and nothing of it is kept
        assert scored.status_code == 503
        assert scored.headers["content-type"].startswith("application/problem+json")
        assert db_fingerprint(app) == before
    assert answers[-1] == 200 and len(answers) <= 2
    runs = (await client.get("/runs")).json()["runs"]
    assert len(runs) == 1


def _request(app: FastAPI) -> object:
    class _Request:
        pass

    request = _Request()
    request.app = app  # type: ignore[attr-defined]
    return request
