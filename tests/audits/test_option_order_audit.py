"""Option-order audit runs against mocked endpoints with known policies: a model that always
answers A, and one that always finds the right option by its text."""

from __future__ import annotations

import re

import httpx
import pytest
import respx

from tests.support.databases import store_incidental
from tests.support.factories import mcq_rows, wait_run
from tests.support.fake_openai import completion, last_user_text, reply

pytestmark = [pytest.mark.anyio, store_incidental]
BASE = "http://127.0.0.1:9/v1"
ROWS = [{**r, "choices": [f"{r['question']} option {j}" for j in range(4)]}
        for r in mcq_rows(16)]
TRUE_TEXT = {r["question"]: r["choices"]["ABCD".index(r["answer"])] for r in ROWS}


def _always_a(request: httpx.Request) -> httpx.Response:
    return reply(completion("Answer: A"))


def _by_text(request: httpx.Request) -> httpx.Response:
    text = last_user_text(request)
    question = next(q for q in TRUE_TEXT if q in text)
    letter = re.search(rf"^([A-D])\) {re.escape(TRUE_TEXT[question])}$", text, re.M)
    assert letter is not None, text
    return reply(completion(f"Answer: {letter.group(1)}"))


async def _audit(client: httpx.AsyncClient, policy: object) -> dict[str, object]:
    body = {"model": {"name": "mock", "base_url": BASE}, "benchmarks": ["mmlu"],
            "concurrency": 4, "audit": {"kind": "option-order", "permutations": 3,
                                        "circular": True, "seed": 1}}
    with respx.mock() as mock:
        mock.post(f"{BASE}/chat/completions").mock(side_effect=policy)
        r = await client.post("/runs", json=body)
        assert r.status_code == 202, r.text
        status = await wait_run(client, r.json()["id"])
    assert status["status"] == "finished", status
    # original, key at A-D, 3 permutations, 3 rotations
    assert status["progress"]["total"] == 16 * 11
    report = await client.get(f"/runs/{status['id']}/audits/option-order")
    assert report.status_code == 200, report.text
    return dict(report.json())


async def test_a_model_that_always_answers_a(client: httpx.AsyncClient) -> None:
    assert (await client.post("/benchmarks/mmlu/items:import",
                              json={"items": ROWS})).status_code == 200
    report = await _audit(client, _always_a)
    by = {a["arrangement"]: a for a in report["arrangements"]}  # type: ignore[union-attr]
    assert by["key-at-A"]["accuracy"] == 1.0
    assert by["key-at-B"]["accuracy"] == by["key-at-C"]["accuracy"] == \
        by["key-at-D"]["accuracy"] == 0.0
    assert all(a["pick_rate"]["A"] == 1.0 for a in by.values())
    keys_at_a = sum(r["answer"] == "A" for r in ROWS) / 16
    assert by["original"]["accuracy"] == keys_at_a
    assert by["original"]["key_rate"]["A"] == keys_at_a
    assert report["best"] == "key-at-A" and report["spread"] == -1.0
    assert report["order_sensitive"] is True and report["p_adjusted"] < 0.05
    assert report["robust_accuracy"] == 0.0  # no item is right under every rotation


async def test_a_model_that_reads_the_options(client: httpx.AsyncClient) -> None:
    assert (await client.post("/benchmarks/mmlu/items:import",
                              json={"items": ROWS})).status_code == 200
    report = await _audit(client, _by_text)
    assert all(a["accuracy"] == 1.0 for a in report["arrangements"])  # type: ignore[union-attr]
    assert report["order_sensitive"] is False and report["spread"] == 0.0
    assert report["robust_accuracy"] == 1.0
    samples = (await client.get("/runs/1/samples", params={"limit": 200})).json()["samples"]
    key_at_c = [s for s in samples if s["detail"]["arrangement"] == "key-at-C"]
    assert key_at_c and all(s["detail"]["key_letter"] == "C" for s in key_at_c)


async def test_only_plain_multiple_choice_is_audited(client: httpx.AsyncClient) -> None:
    await client.post("/benchmarks", json={"name": "free", "kind": "freeform"})
    await client.post("/benchmarks/free/items:import", json={"items": [
        {"id": "f1", "question": "Capital of France?", "answer": "Paris"}]})
    r = await client.post("/runs", json={"model": {"name": "m", "base_url": BASE},
                                         "benchmarks": ["free"], "audit": {}})
    assert r.status_code == 422 and r.json()["field"] == "benchmarks[0]"
