"""A run's plan is typed, stored once and hashed; what happens later is recorded beside it;
every run carries a reproducibility record."""

from __future__ import annotations

import hashlib
import json
from importlib import metadata

import httpx
import pytest
import respx
from fastapi import FastAPI
from sqlalchemy import text

from tests.support.factories import mcq_rows, wait_run
from tests.support.fake_openai import completion, reply

pytestmark = pytest.mark.anyio
BASE = "http://127.0.0.1:9/v1"


def _sha256_of(value: object) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()


async def test_plan_hash_and_reproducibility_record(app: FastAPI,
                                                    client: httpx.AsyncClient) -> None:
    r = await client.post("/benchmarks/mmlu/items:import", json={"items": mcq_rows(3)})
    assert r.status_code == 200, r.text
    body = {"model": {"name": "m", "base_url": BASE}, "benchmarks": ["mmlu"], "repeats": 1,
            "seed": 7}
    with respx.mock() as mock:
        mock.post(f"{BASE}/chat/completions").mock(
            side_effect=lambda request: reply(completion("Answer: A")))
        run_id = (await client.post("/runs", json=body)).json()["id"]
        status = await wait_run(client, run_id)
    assert status["status"] == "finished", status
    plan = status["plan"]
    assert status["config_sha256"] == _sha256_of(plan)
    assert plan["benchmarks"][0]["item_ids"] and plan["seed"] == 7

    record = status["reproducibility"]
    assert record["packages"]["math-verify"] == metadata.version("math-verify")
    assert record["seeds"] == {"run": 7}
    (bench,) = record["benchmarks"]
    with app.state.engine.connect() as conn:
        rows = conn.execute(text("SELECT id, external_id, split, subject, payload FROM items "
                                 "ORDER BY id")).all()
    digest = hashlib.sha256()
    for row_id, ext, split, subject, payload in rows:
        payload = json.loads(payload) if isinstance(payload, str) else payload
        digest.update(json.dumps([row_id, ext, split, subject, payload],
                                 sort_keys=True).encode())
    assert bench["items_sha256"] == digest.hexdigest()
    # the benchmark's own templates and the run's methodology's texts, hashed together
    catalog = (await client.get("/benchmarks/mmlu")).json()
    pin = plan["methodology"]
    assert bench["prompt_template_sha256"] == hashlib.sha256(
        f"{catalog['prompt_template_sha256']}:{pin['sha256']}".encode()).hexdigest()
    assert record["methodology"] == f"{pin['name']}@{pin['version']}"

    # figures posted later are recorded beside the plan: the hash still describes it
    r = await client.post(f"/runs/{run_id}/device-metrics",
                          json={"device": "Pixel 8", "decode_tokens_per_s": 12.5})
    assert r.status_code == 200, r.text
    after = r.json()
    assert after["config_sha256"] == status["config_sha256"] == _sha256_of(after["plan"])
    assert after["device_metrics"][0]["decode_tokens_per_s"] == 12.5
    assert after["config"]["device_metrics"][0]["device"] == "Pixel 8"  # the earlier shape


async def test_posted_runs_hash_their_plan(client: httpx.AsyncClient) -> None:
    await client.post("/benchmarks", json={"name": "quiz", "kind": "mcq"})
    await client.post("/benchmarks/quiz/items:import", json={"items": mcq_rows(2)})
    r = await client.post("/benchmarks/quiz/score",
                          json={"predictions": [{"external_id": "q0", "answer": "A"}]})
    run = (await client.get(f"/runs/{r.json()['run_id']}")).json()
    assert run["plan"]["benchmark"] == "quiz" and run["plan"]["missing"] == "wrong"
    assert run["config_sha256"] == _sha256_of(run["plan"])
    assert run["kind"] == "predictions"
    assert run["reproducibility"]["packages"]["bfcl-eval"] == metadata.version("bfcl-eval")
