"""AA-Omniscience: the published CSV layout, and its knowledge and hallucination metrics
from uploaded grades."""

from __future__ import annotations

import random

import httpx
import pytest
from fastapi import FastAPI

from tests.support.databases import store_incidental
from tests.support.factories import db_fingerprint, omniscience_csv

pytestmark = [pytest.mark.anyio, store_incidental]

GRADES = ["CORRECT", "PARTIAL", "INCORRECT", "NOT_ATTEMPTED"]


async def test_metrics_match_the_definitions(client: httpx.AsyncClient) -> None:
    r = await client.post("/benchmarks/aa-omniscience/items:import",
                          files={"file": ("omniscience_public.csv", omniscience_csv(60))})
    assert r.status_code == 200, r.text
    assert r.json()["inserted"] == 60
    rng = random.Random(3)
    grades = {f"row:{i}": rng.choice(GRADES) for i in range(1, 61) if rng.random() < 0.9}
    predictions = [{"external_id": ext, "response": "Someone", "grade": g.lower()}
                   for ext, g in grades.items()]
    r = await client.post("/benchmarks/aa-omniscience/score", json={"predictions": predictions})
    assert r.status_code == 200, r.text
    extra = r.json()["metrics"]["extra"]

    n = 60  # unanswered questions count as not attempted
    c = sum(g == "CORRECT" for g in grades.values())
    i = sum(g == "INCORRECT" for g in grades.values())
    hallucination = i / (n - c)
    assert extra["accuracy"] == pytest.approx(c / n)
    assert r.json()["metrics"]["accuracy"] == pytest.approx(c / n)
    assert extra["hallucination_rate"] == pytest.approx(hallucination)
    assert extra["non_hallucination_rate"] == pytest.approx(1 - hallucination)
    assert extra["component_score"] == pytest.approx((c / n + 1 - hallucination) / 2)
    assert extra["index"] == pytest.approx(100 * (c - i) / n)
    assert extra["grades"]["NOT_ATTEMPTED"] == n - c - i - extra["grades"]["PARTIAL"]


async def test_missing_or_unknown_grade_is_rejected_and_changes_nothing(
        client: httpx.AsyncClient, app: FastAPI) -> None:
    await client.post("/benchmarks/aa-omniscience/items:import",
                      files={"file": ("o.csv", omniscience_csv(3))})
    r = await client.post("/benchmarks/aa-omniscience/score", json={"model": "m", "predictions": [
        {"external_id": "row:1", "response": "x", "grade": "CORRECT"}]})
    assert r.status_code == 200
    before = db_fingerprint(app)
    r = await client.post("/benchmarks/aa-omniscience/score", json={"model": "m", "predictions": [
        {"external_id": "row:1", "response": "x", "grade": "CORRECT"},
        {"external_id": "row:2", "response": "y"},
        {"external_id": "row:3", "response": "z", "grade": "MOSTLY"}]})
    assert r.status_code == 422
    assert r.headers["content-type"] == "application/problem+json"
    fields = [e["field"] for e in r.json()["errors"]]
    assert fields == ["predictions[1].grade", "predictions[2].grade"]
    assert db_fingerprint(app) == before


async def test_layout_names_the_missing_column(client: httpx.AsyncClient) -> None:
    r = await client.post("/benchmarks/aa-omniscience/items:import",
                          files={"file": ("o.csv", b"question,answer,topic\nq,a,t\n")})
    assert r.status_code == 422
    assert "domain" in r.text
