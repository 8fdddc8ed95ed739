"""POST /benchmarks/{name}/score: repeats, errors that change nothing, stored runs."""

from __future__ import annotations

import httpx
import pytest
from fastapi import FastAPI

from tests.support.factories import db_fingerprint, mcq_rows

pytestmark = pytest.mark.anyio


@pytest.fixture
async def quiz(client: httpx.AsyncClient) -> list[int]:
    await client.post("/benchmarks", json={"name": "quiz", "kind": "mcq"})
    rows = mcq_rows(8, subject="alpha") + mcq_rows(8, subject="beta", prefix="b")
    r = await client.post("/benchmarks/quiz/items:import", json={"items": rows})
    assert r.status_code == 200, r.text
    items = (await client.get("/benchmarks/quiz/items")).json()["items"]
    return [it["id"] for it in items]


async def test_tutorial_example(client: httpx.AsyncClient, quiz: list[int]) -> None:
    # 16 four-option items, 10 right: 62.5% accuracy, normalized 50%.
    items = (await client.get("/benchmarks/quiz/items")).json()["items"]
    preds = [{"item_id": it["id"], "answer": it["answers"][0] if i < 10 else
              ("B" if it["answers"][0] == "A" else "A")} for i, it in enumerate(items)]
    m = (await client.post("/benchmarks/quiz/score", json={"predictions": preds})).json()[
        "metrics"]
    assert m["accuracy"] == 0.625
    assert abs(m["normalized_gain"] - 0.5) < 1e-12
    assert m["random_baseline"] == 0.25
    assert m["macro_accuracy"] == (8 / 8 + 2 / 8) / 2


async def test_repeats_give_pass_at_1_and_per_repeat_values(client: httpx.AsyncClient,
                                                            quiz: list[int]) -> None:
    items = (await client.get("/benchmarks/quiz/items")).json()["items"]
    preds = []
    for repeat, n_right in enumerate([16, 8, 4]):
        for i, it in enumerate(items):
            gold = it["answers"][0]
            preds.append({"item_id": it["id"], "repeat": repeat,
                          "answer": gold if i < n_right else ("A" if gold != "A" else "B")})
    r = await client.post("/benchmarks/quiz/score", json={"predictions": preds})
    m = r.json()["metrics"]
    assert m["repeats"] == [0, 1, 2]
    assert m["pass_at_1"]["per_repeat"] == [1.0, 0.5, 0.25]
    assert abs(m["pass_at_1"]["value"] - 1.75 / 3) < 1e-12
    assert abs(m["accuracy"] - 1.75 / 3) < 1e-12
    run = (await client.get(f"/runs/{r.json()['run_id']}")).json()
    assert run["repeats"] == 3 and run["status"] == "finished" and run["kind"] == "predictions"
    samples = (await client.get(f"/runs/{run['id']}/samples",
                                params={"repeat": 2, "verdict": "correct"})).json()["samples"]
    assert len(samples) == 4


async def test_unknown_ids_missing_and_exclude(client: httpx.AsyncClient,
                                               quiz: list[int]) -> None:
    preds = [{"external_id": "q0", "answer": "A"}, {"external_id": "ghost", "answer": "A"},
             {"item_id": 999999, "answer": "B"}]
    body = (await client.post("/benchmarks/quiz/score", json={"predictions": preds})).json()
    m = body["metrics"]
    assert m["counts"]["unknown_ids"] == 2 and body["unknown_ids"] == ["ghost", "999999"]
    assert m["counts"]["missing"] == 15 and m["accuracy"] == 1 / 16
    m = (await client.post("/benchmarks/quiz/score",
                           json={"predictions": preds, "missing": "exclude"})).json()["metrics"]
    assert m["n_items"] == 1 and m["accuracy"] == 1.0


async def test_invalid_predictions_are_422_and_store_nothing(client: httpx.AsyncClient,
                                                             app: FastAPI,
                                                             quiz: list[int]) -> None:
    # the model already has a run: a partial apply would write beside and over its rows
    r = await client.post("/benchmarks/quiz/score", json={
        "model": "m", "predictions": [{"external_id": "q0", "answer": "A"}]})
    assert r.status_code == 200
    before = db_fingerprint(app)
    preds = [{"external_id": "q0", "answer": "A"}, {"external_id": "q1", "answer": "Z"},
             {"external_id": "q0", "answer": "B"}]
    r = await client.post("/benchmarks/quiz/score", json={"model": "m", "predictions": preds})
    assert r.status_code == 422 and r.headers["content-type"] == "application/problem+json"
    assert [e["field"] for e in r.json()["errors"]] == ["predictions[1].answer",
                                                        "predictions[2].repeat"]
    r = await client.post("/benchmarks/quiz/score", json={"predictions": [{"answer": "A"}]})
    assert r.status_code == 422 and r.json()["errors"][0]["field"] == "body.predictions.0"
    r = await client.post("/benchmarks/quiz/score", json={
        "predictions": [{"external_id": "q0", "answer": "A"}], "split": "dev"})
    assert r.status_code == 404 and r.json()["field"] == "split"  # no such split
    r = await client.post("/benchmarks/quiz/score", json={"predictions": [],
                                                          "missing": "exclude"})
    assert r.status_code == 422 and r.json()["errors"][0]["field"] == "body.predictions"
    r = await client.post("/benchmarks/quiz/score", json={"predictions": []},
                          headers={"Authorization": "Bearer nope"})
    assert r.status_code == 401
    assert db_fingerprint(app) == before


async def test_freeform_benchmark(client: httpx.AsyncClient) -> None:
    await client.post("/benchmarks", json={"name": "capitals", "kind": "freeform"})
    rows = [{"id": "fr", "question": "Capital of France?", "answer": ["Paris"]},
            {"id": "jp", "question": "Capital of Japan?", "answer": "Tokyo"}]
    assert (await client.post("/benchmarks/capitals/items:import", json={"items": rows})
            ).status_code == 200
    preds = [{"external_id": "fr", "response": "<think>hmm</think> paris."},
             {"external_id": "jp", "answer": "Kyoto"}]
    m = (await client.post("/benchmarks/capitals/score", json={"predictions": preds})).json()[
        "metrics"]
    assert m["accuracy"] == 0.5 and m["random_baseline"] is None


async def test_reads_open_and_catalog_seeded(client: httpx.AsyncClient) -> None:
    anon = {"Authorization": ""}
    names = {b["name"] for b in (await client.get("/benchmarks", headers=anon)).json()}
    assert {"mmlu", "mmlu-pro", "mobile-mmlu", "mobile-mmlu-pro"} <= names
    mmlu = (await client.get("/benchmarks/mmlu", headers=anon)).json()
    assert len(mmlu["prompt_template_sha256"]) == 64 and mmlu["kind"] == "mcq"
    assert (await client.get("/version")).json()["name"] == "pocketeval"
    r = await client.get("/runs/12345")
    assert r.status_code == 404 and r.headers["content-type"] == "application/problem+json"
