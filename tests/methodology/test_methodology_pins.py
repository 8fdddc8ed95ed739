"""A run pins its methodology: the temperature per variant it sends, the repeats it runs,
its departures listed as deviations, the label and hash in its record, and compare refusing
to pair runs of different methodologies."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
import respx
from fastapi import FastAPI

from app.methodology import DEFAULT, LEGACY
from tests.support.databases import store_incidental
from tests.support.factories import db_fingerprint, jsonl, mcq_rows, wait_run
from tests.support.fake_openai import completion, reply

pytestmark = [pytest.mark.anyio, store_incidental]

BASE = "http://127.0.0.1:9/v1"


async def _run(client: httpx.AsyncClient, **body: Any) -> dict[str, Any]:
    request = {"benchmarks": ["mmlu-pro"], "limit": 2, **body}
    with respx.mock() as mock:
        mock.post(f"{BASE}/chat/completions").mock(return_value=reply(completion("Answer: A")))
        r = await client.post("/runs", json=request)
        assert r.status_code == 202, r.text
        return await wait_run(client, r.json()["id"])


async def test_sampling_and_repeats_follow_the_methodology_and_departures_are_named(
        client: httpx.AsyncClient) -> None:
    await client.post("/benchmarks/mmlu-pro/items:import",
                      files={"file": ("p.jsonl", jsonl(mcq_rows(4, k=10)))})
    model = {"name": "m", "base_url": BASE}
    plain = await _run(client, model=model)
    assert plain["plan"]["methodology"] == {
        "name": DEFAULT.name, "version": DEFAULT.version, "sha256": DEFAULT.sha256,
        "deviations": []}
    assert plain["plan"]["model"]["sampling"] == {"temperature": 0.0}
    assert plain["plan"]["benchmarks"][0]["repeats"] == DEFAULT.repeats_for("mmlu-pro") == 1
    assert plain["reproducibility"]["methodology"] == DEFAULT.label
    assert plain["reproducibility"]["methodology_sha256"] == DEFAULT.sha256

    reasoning = await _run(client, model={**model, "variant": "reasoning"})
    assert reasoning["plan"]["model"]["sampling"] == {"temperature": 0.6}

    own = await _run(client, model={**model, "variant": "reasoning",
                                    "sampling": {"temperature": 0.2}}, repeats=2)
    assert own["plan"]["model"]["sampling"] == {"temperature": 0.2}
    assert own["plan"]["methodology"]["deviations"] == [
        f"temperature 0.2 where {DEFAULT.label} samples reasoning models at 0.6",
        f"mmlu-pro: 2 repeats where {DEFAULT.label} runs 1"]

    # an output cap the run set ends answers where the method would not: named
    capped = await _run(client, model={**model, "max_output_tokens": 512})
    assert capped["plan"]["methodology"]["deviations"] == [
        "mmlu-pro: answers end at 512 output tokens (max_output_tokens, set by the run, not "
        "by the method); an answer cut there is scored as it stands"]

    earlier = await _run(client, model=model,
                         methodology={"name": "pocketeval", "version": "1"})
    assert earlier["plan"]["model"]["sampling"] == {}
    assert earlier["plan"]["methodology"]["sha256"] == LEGACY.sha256
    assert earlier["plan"]["benchmarks"][0]["repeats"] == 5


async def test_an_unknown_methodology_is_refused_and_changes_nothing(
        client: httpx.AsyncClient, app: FastAPI) -> None:
    await client.post("/benchmarks/mmlu-pro/items:import",
                      files={"file": ("p.jsonl", jsonl(mcq_rows(2, k=4)))})
    # a stored run of the same model and benchmark: rows a refused run could touch
    r = await client.post("/benchmarks/mmlu-pro/score", json={
        "model": "m", "predictions": [{"external_id": "q0", "answer": "A"}]})
    assert r.status_code == 200, r.text
    before = db_fingerprint(app)
    r = await client.post("/runs", json={"model": {"name": "m", "base_url": BASE},
                                         "benchmarks": ["mmlu-pro"],
                                         "methodology": {"name": "artificial-analysis",
                                                         "version": "v9"}})
    assert r.status_code == 404 and r.json()["field"] == "methodology"
    assert "artificial-analysis@intelligence-index-v3" in r.json()["detail"]
    assert db_fingerprint(app) == before


async def test_posted_responses_are_read_by_the_pinned_methodology_and_compare_refuses_a_mix(
        client: httpx.AsyncClient) -> None:
    await client.post("/benchmarks/mmlu/items:import",
                      files={"file": ("m.jsonl", jsonl(mcq_rows(6)))})
    items = (await client.get("/benchmarks/mmlu/items", params={"limit": 100})).json()["items"]
    key = {i["external_id"]: i["answers"][0] for i in items}
    predictions = [{"external_id": ext, "response": f"The answer is {letter}."}
                   for ext, letter in key.items()]
    published = await client.post("/benchmarks/mmlu/score", json={
        "model": "a", "predictions": predictions})
    earlier = await client.post("/benchmarks/mmlu/score", json={
        "model": "b", "predictions": predictions,
        "methodology": {"name": "pocketeval", "version": "1"}})
    assert published.status_code == earlier.status_code == 200, published.text
    metrics = published.json()["metrics"]
    assert metrics["accuracy"] == 1.0
    assert metrics["extra"]["extraction"]["patterns"] == {"natural_language": 6}
    assert metrics["extra"]["extraction"]["differs"] == 6
    assert metrics["methodology"]["name"] == DEFAULT.name
    assert earlier.json()["metrics"]["counts"]["unparsed"] == 6

    a, b = published.json()["run_id"], earlier.json()["run_id"]
    refused = await client.get("/compare", params={"a": str(a), "b": str(b)})
    assert refused.status_code == 409
    assert {(e["what"], e["a"], e["b"]) for e in refused.json()["errors"]} >= {
        ("methodology", DEFAULT.label, LEGACY.label)}
    allowed = await client.get("/compare", params={"a": str(a), "b": str(b),
                                                   "allow_mismatch": "true"})
    assert allowed.status_code == 200
    assert allowed.json()["benchmarks"][0]["difference"] == -1.0


async def test_a_run_without_the_grader_the_method_asks_names_it(
        client: httpx.AsyncClient) -> None:
    await client.post("/benchmarks/math-500/items:import", json={"items": [
        {"id": "m1", "question": "1+1?", "answer": "2"}]})
    with respx.mock() as mock:
        mock.post(f"{BASE}/chat/completions").mock(
            return_value=reply(completion("\\boxed{2}")))
        r = await client.post("/runs", json={"model": {"name": "m", "base_url": BASE},
                                             "benchmarks": ["math-500"]})
        assert r.status_code == 202, r.text
        status = await wait_run(client, r.json()["id"])
    (deviation,) = status["plan"]["methodology"]["deviations"]
    assert deviation.startswith("math-500: no grader configured")
    assert status["plan"]["benchmarks"][0]["repeats"] == 3
