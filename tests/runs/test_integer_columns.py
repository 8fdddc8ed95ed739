"""A whole number a request body carries into an integer column is bounded by what the
column holds in SQLite and PostgreSQL alike (a BIGINT 2**63 - 1, an INTEGER such as a row id
2**31 - 1): past it the request is a 422 naming the field and nothing is stored, where the
database's overflow made it a 500; the largest value the column holds is taken as it is."""

from __future__ import annotations

import httpx
import pytest
from fastapi import FastAPI

from tests.support.factories import db_fingerprint, mcq_rows

pytestmark = pytest.mark.anyio
BIGINT_MAX, INTEGER_MAX = 2**63 - 1, 2**31 - 1


def _fields(problem: dict[str, object]) -> list[object]:
    errors = problem.get("errors")
    return [e.get("field") for e in errors if isinstance(e, dict)] \
        if isinstance(errors, list) else []


async def test_peak_memory_past_its_column_is_refused_naming_it(
        app: FastAPI, client: httpx.AsyncClient) -> None:
    await client.post("/benchmarks/mmlu/items:import", json={"items": mcq_rows(2)})
    scored = await client.post("/benchmarks/mmlu/score", json={
        "predictions": [{"external_id": "q0", "answer": "A"}]})
    assert scored.status_code == 200, scored.text
    run_id = scored.json()["run_id"]
    before = db_fingerprint(app)
    for value in (BIGINT_MAX + 1, 73 * 10**24, 7.3e25):
        r = await client.post(f"/runs/{run_id}/device-metrics",
                              json={"device": "Pixel 8", "peak_memory_bytes": value})
        assert r.status_code == 422, r.text
        assert _fields(r.json()) == ["body.peak_memory_bytes"], r.json()
    assert db_fingerprint(app) == before
    r = await client.post(f"/runs/{run_id}/device-metrics",
                          json={"device": "Pixel 8", "peak_memory_bytes": BIGINT_MAX})
    assert r.status_code == 200, r.text
    (entry,) = r.json()["config"]["device_metrics"]
    assert entry["peak_memory_bytes"] == BIGINT_MAX


async def test_a_reference_run_past_any_run_id_is_refused_naming_it(
        app: FastAPI, client: httpx.AsyncClient) -> None:
    await client.post("/benchmarks/mmlu/items:import", json={"items": mcq_rows(2)})
    run = {"model": {"name": "m", "base_url": "http://127.0.0.1:9/v1"}, "benchmarks": ["mmlu"]}
    before = db_fingerprint(app)
    for value in (INTEGER_MAX + 1, BIGINT_MAX + 1):
        r = await client.post("/runs", json={**run, "reference_run": value})
        assert r.status_code == 422, r.text
        assert _fields(r.json()) == ["body.reference_run"], r.json()
    assert db_fingerprint(app) == before
    r = await client.post("/runs", json={**run, "reference_run": INTEGER_MAX})
    assert r.status_code == 404 and r.json()["field"] == "reference_run", r.text
