"""GET /runs filters: a status that is not one is a 422 naming the parameter (it was a 500),
and text filters that look like SQL are plain values."""

from __future__ import annotations

import httpx
import pytest
from fastapi import FastAPI

from tests.support.factories import db_fingerprint, mcq_rows

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize("status", ["'", "finished' OR '1'='1", "%", "done", "FINISHED"])
async def test_an_unknown_status_is_a_422_naming_it(client: httpx.AsyncClient, app: FastAPI,
                                                    status: str) -> None:
    # a stored run, so that a filter read as SQL would have rows to change
    await client.post("/benchmarks/mmlu/items:import", json={"items": mcq_rows(2)})
    r = await client.post("/benchmarks/mmlu/score", json={
        "model": "m", "predictions": [{"external_id": "q0", "answer": "A"},
                                      {"external_id": "q1", "answer": "C"}]})
    assert r.status_code == 200, r.text
    before = db_fingerprint(app)
    for params in ({"status": status}, {"status": status, "model": "m", "benchmark": "mmlu"}):
        r = await client.get("/runs", params=params)
        assert r.status_code == 422, r.text
        assert r.headers["content-type"] == "application/problem+json"
        assert "status" in r.text
    assert db_fingerprint(app) == before


async def test_known_filters_answer_with_a_page(client: httpx.AsyncClient) -> None:
    for params in ({"status": "finished"}, {"model": "x' OR 1=1 --"},
                   {"benchmark": "%", "status": "queued"}):
        r = await client.get("/runs", params=params)
        assert r.status_code == 200, r.text
        assert r.json()["runs"] == []
    assert (await client.get("/runs", params={"model": "m" * 201})).status_code == 422
