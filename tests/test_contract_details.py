"""What the API promises in small things: which operations need a key in OpenAPI, why a body
could not be parsed, and no silent coercion of predictions."""

from __future__ import annotations

import httpx
import pytest
from fastapi import FastAPI

from tests.support.databases import store_incidental
from tests.support.factories import db_fingerprint, mcq_rows

pytestmark = [pytest.mark.anyio, store_incidental]

OPTIONAL = [{}, {"HTTPBearer": ["read"]}]
REQUIRED = ([{"HTTPBearer": ["write"]}], [{"HTTPBearer": ["admin"]}])


@pytest.fixture
async def quiz(client: httpx.AsyncClient) -> list[int]:
    await client.post("/benchmarks", json={"name": "quiz", "kind": "mcq"})
    r = await client.post("/benchmarks/quiz/items:import", json={"items": mcq_rows(4)})
    assert r.status_code == 200, r.text
    ids = [it["id"] for it in (await client.get("/benchmarks/quiz/items")).json()["items"]]
    # a stored run and its samples: rows a refused request could overwrite
    r = await client.post("/benchmarks/quiz/score", json={
        "model": "m", "predictions": [{"item_id": i, "answer": "A"} for i in ids]})
    assert r.status_code == 200, r.text
    return ids


async def test_openapi_declares_reads_open_and_writes_keyed(app: FastAPI) -> None:
    paths = app.openapi()["paths"]
    reads = {(p, m) for p, ops in paths.items() for m, op in ops.items()
             if op.get("security") == OPTIONAL}
    writes = {(p, m) for p, ops in paths.items() for m, op in ops.items()
              if op.get("security") in REQUIRED}
    assert ("/benchmarks/{name}/items", "get") in reads
    assert ("/runs/{run_id}/events", "get") in reads
    assert ("/index", "get") in reads
    assert ("/benchmarks/{name}/score", "post") in writes
    assert ("/benchmarks", "post") in writes  # router-level read key plus the write key
    assert ("/system", "get") in writes  # a GET that needs a key (admin)
    assert all(m != "get" or p == "/system" for p, m in writes)
    assert all(m == "get" for _p, m in reads)
    assert "security" not in paths["/health"]["get"]


async def test_reads_open_by_default_even_with_a_wrong_key(client: httpx.AsyncClient) -> None:
    r = await client.get("/benchmarks", headers={"Authorization": "Bearer wrong"})
    assert r.status_code == 200


async def test_body_that_is_not_utf8_says_why(app: FastAPI, client: httpx.AsyncClient,
                                              quiz: list[int]) -> None:
    before = db_fingerprint(app)
    body = b'{"predictions": [{"item_id": 1, "answer": "\xff"}]}'
    r = await client.post("/benchmarks/quiz/score", content=body,
                          headers={"Content-Type": "application/json"})
    assert r.status_code == 400
    assert r.headers["content-type"] == "application/problem+json"
    problem = r.json()
    assert problem["field"] == "body" and "UTF-8" in problem["detail"]
    assert f"byte {body.index(0xFF)}" in problem["detail"]
    assert db_fingerprint(app) == before
    assert "400" in app.openapi()["paths"]["/benchmarks/{name}/score"]["post"]["responses"]


async def test_body_nested_too_deep_says_why(client: httpx.AsyncClient, quiz: list[int]) -> None:
    body = '{"predictions": ' + "[" * 100_000 + "]" * 100_000 + "}"
    r = await client.post("/benchmarks/quiz/score", content=body,
                          headers={"Content-Type": "application/json"})
    assert r.status_code == 400, r.text
    assert r.headers["content-type"] == "application/problem+json"
    assert r.json()["detail"] == "the JSON body is nested too deep"
    assert r.json()["field"] == "body"


async def test_a_whole_number_with_a_fraction_is_that_integer(
        client: httpx.AsyncClient, quiz: list[int]) -> None:
    """JSON Schema's integer includes 1.0, so the document cannot refuse it: it is read as 1
    (the letter B), in the answer, the repeat and the item id alike."""
    counts = []
    for model, number in (("whole", 1), ("fraction", 1.0)):
        r = await client.post("/benchmarks/quiz/score", json={"model": model, "predictions": [
            {"item_id": quiz[i] * number, "answer": number, "repeat": 0 * number}
            for i in range(4)]})
        assert r.status_code == 200, r.text
        counts.append(r.json()["metrics"]["counts"])
    assert counts[0] == counts[1] and counts[0]["correct"] == 1
    r = await client.post("/benchmarks/quiz/score",
                          json={"predictions": [{"item_id": quiz[0], "answer": 1.5}]})
    assert r.status_code == 422


@pytest.mark.parametrize("value", [False, True])
async def test_answer_is_not_coerced(app: FastAPI, client: httpx.AsyncClient, quiz: list[int],
                                     value: object) -> None:
    before = db_fingerprint(app)
    r = await client.post("/benchmarks/quiz/score",
                          json={"predictions": [{"item_id": quiz[0], "answer": value}]})
    assert r.status_code == 422, r.text
    assert any(e["field"].startswith("body.predictions.0.answer") for e in r.json()["errors"])
    assert db_fingerprint(app) == before


async def test_item_id_is_not_coerced_from_a_boolean(client: httpx.AsyncClient,
                                                     quiz: list[int]) -> None:
    r = await client.post("/benchmarks/quiz/score",
                          json={"predictions": [{"item_id": True, "answer": "A"}]})
    assert r.status_code == 422
    assert any(e["field"].startswith("body.predictions.0.item_id") for e in r.json()["errors"])


async def test_integer_and_letter_answers_still_score(client: httpx.AsyncClient,
                                                      quiz: list[int]) -> None:
    items = (await client.get("/benchmarks/quiz/items")).json()["items"]
    gold = items[0]["answers"][0]
    preds = [{"item_id": items[0]["id"], "answer": "ABCD".index(gold)},
             {"item_id": items[1]["id"], "answer": items[1]["answers"][0]}]
    r = await client.post("/benchmarks/quiz/score", json={"predictions": preds,
                                                           "missing": "exclude"})
    assert r.status_code == 200, r.text
    assert r.json()["metrics"]["accuracy"] == 1.0
