"""Integers past 64 bits in paths, queries and cursors are a 422 naming the parameter, not
an overflow inside the database driver (500). So is a row id past what the id columns hold
(INTEGER: 32 bits in PostgreSQL, where it was a 500 and a 404 in SQLite); a cursor past it is
a page after every row (none) or before every row (all)."""

from __future__ import annotations

import httpx
import pytest

from tests.support.factories import mcq_rows

pytestmark = pytest.mark.anyio
HUGE = str(2**63)
CURSOR = str(2**64)
PAST_IDS = str(2**31)  # one past the largest INTEGER


@pytest.mark.parametrize(("method", "url"), [
    ("GET", f"/runs/{HUGE}"), ("GET", f"/runs/{HUGE}/samples"), ("GET", f"/runs/{HUGE}/results"),
    ("GET", f"/runs/{HUGE}/submission.csv"), ("GET", f"/runs/{HUGE}/events"),
    ("POST", f"/runs/{HUGE}/cancel"), ("GET", f"/items/{HUGE}"), ("GET", f"/items/{HUGE}/prompt"),
    ("GET", f"/runs/1/samples?repeat={HUGE}"), ("GET", f"/index?runs=1,{HUGE}"),
    ("GET", f"/benchmarks/mmlu/items?cursor={CURSOR}"), ("GET", f"/runs?cursor={CURSOR}"),
])
async def test_huge_integers_are_a_422(client: httpx.AsyncClient, method: str, url: str) -> None:
    r = await client.request(method, url)
    assert r.status_code == 422, (url, r.status_code, r.text)
    assert r.headers["content-type"] == "application/problem+json"


@pytest.mark.parametrize(("url", "field"), [
    (f"/runs/{PAST_IDS}", "path.run_id"), (f"/runs/{PAST_IDS}/results", "path.run_id"),
    (f"/items/{PAST_IDS}", "path.item_id"), (f"/runs/1/samples?item_id={PAST_IDS}",
                                            "query.item_id"), (f"/index?runs=1,{PAST_IDS}", "runs"),
])
async def test_a_row_id_past_the_id_columns_is_a_422_naming_it(client: httpx.AsyncClient,
                                                               url: str, field: str) -> None:
    r = await client.get(url)
    assert r.status_code == 422, (url, r.status_code, r.text)
    problem = r.json()
    assert field in [problem.get("field")] + [e["field"] for e in problem.get("errors") or []]


async def test_a_cursor_past_the_id_columns_is_after_every_row(client: httpx.AsyncClient
                                                               ) -> None:
    await client.post("/benchmarks/mmlu/items:import", json={"items": mcq_rows(2)})
    scored = await client.post("/benchmarks/mmlu/score", json={
        "predictions": [{"external_id": "q0", "answer": "A"}]})
    run_id = scored.json()["run_id"]
    runs = await client.get("/runs", params={"cursor": PAST_IDS})  # newest first: all
    assert runs.status_code == 200 and [r["id"] for r in runs.json()["runs"]] == [run_id]
    samples = await client.get(f"/runs/{run_id}/samples", params={"cursor": PAST_IDS})
    assert samples.status_code == 200 and samples.json()["samples"] == []
    items = await client.get("/benchmarks/mmlu/items", params={"cursor": PAST_IDS})
    assert items.status_code == 200 and items.json()["items"] == []
    compared = await client.get("/compare", params={"a": PAST_IDS, "b": str(run_id)})
    assert compared.status_code == 404 and compared.json()["field"] == "a", compared.text
