"""No-shortcut audit runs against mocked endpoints with known policies: one that needs the
stem, one that recognises a known subset's keys from the options alone; the flag rates, the
chance rate (against scipy's binomial), the recorded tries and the derived benchmark."""

from __future__ import annotations

import re

import httpx
import pytest
import respx
from scipy.stats import binom

from tests.support.databases import store_incidental
from tests.support.factories import wait_run
from tests.support.fake_openai import completion, last_user_text, reply

pytestmark = [pytest.mark.anyio, store_incidental]
BASE = "http://127.0.0.1:9/v1"
ROWS = [{"id": f"n{i}", "question": f"[stem {i}] Which option names item {i}?",
         "choices": [f"item{i} choice {j}" for j in range(4)], "answer": "ABCD"[i % 4],
         "subject": "alpha" if i < 8 else "beta"} for i in range(16)]
SHOTS = [{**r, "id": f"dev-{r['id']}", "split": "dev"} for r in ROWS[:2]]
KEY_TEXT = {r["id"]: r["choices"]["ABCD".index(r["answer"])] for r in ROWS}
KNOWN = {"n1", "n4", "n9", "n14"}  # the keys this mock recognises without the stem


def _answer(text: str, row_id: str) -> httpx.Response:
    found = re.search(rf"^([A-D])\) {re.escape(KEY_TEXT[row_id])}$", text, re.M)
    return reply(completion(f"Answer: {found.group(1)}" if found else "I am not sure."))


def _needs_the_stem(request: httpx.Request) -> httpx.Response:
    text = last_user_text(request)
    row = next((r for r in ROWS if f"[stem {r['id'][1:]}]" in text), None)
    return _answer(text, row["id"]) if row else reply(completion("I am not sure."))


def _knows_some_without_the_stem(request: httpx.Request) -> httpx.Response:
    text = last_user_text(request)
    for row_id in KNOWN:
        if f"item{row_id[1:]} choice" in text:
            return _answer(text, row_id)
    return _needs_the_stem(request)


async def _import(client: httpx.AsyncClient) -> None:
    r = await client.post("/benchmarks/mmlu/items:import", json={"items": ROWS + SHOTS})
    assert r.status_code == 200, r.text


async def _audit(client: httpx.AsyncClient, policy: object) -> dict[str, object]:
    body = {"model": {"name": "mock", "base_url": BASE}, "benchmarks": ["mmlu"],
            "split": "test", "concurrency": 4,
            "audit": {"kind": "no-shortcut", "tries": 5, "seed": 3}}
    with respx.mock() as mock:
        mock.post(f"{BASE}/chat/completions").mock(side_effect=policy)
        r = await client.post("/runs", json=body)
        assert r.status_code == 202, r.text
        status = await wait_run(client, r.json()["id"])
    assert status["status"] == "finished", status
    assert status["progress"]["total"] == 16 * 2 * 5  # two variants, five tries each
    report = await client.get(f"/runs/{status['id']}/audits/no-shortcut")
    assert report.status_code == 200, report.text
    return dict(report.json())


async def test_a_model_that_needs_the_stem_is_never_flagged(client: httpx.AsyncClient) -> None:
    await _import(client)
    report = await _audit(client, _needs_the_stem)
    by = {v["variant"]: v for v in report["variants"]}  # type: ignore[union-attr]
    assert by["options-only"]["accuracy"] == 0.0 and by["stem-only"]["accuracy"] == 0.0
    assert report["flagged"] == [] and report["n_flagged_items"] == 0
    chance = float(binom.sf(3, 5, 0.25))  # right in at least 4 of 5 tries at 1/4
    for v in by.values():
        assert v["overall"]["n_items"] == 16 and v["overall"]["flag_rate"] == 0.0
        assert v["overall"]["chance_flag_rate"] == pytest.approx(chance, abs=1e-12)
    assert "more than 0.6 of 5 tries (at least 4)" in str(report["rule"])


async def test_the_audit_flags_exactly_what_is_answerable_without_the_stem(
        client: httpx.AsyncClient) -> None:
    await _import(client)
    report = await _audit(client, _knows_some_without_the_stem)
    by = {v["variant"]: v for v in report["variants"]}  # type: ignore[union-attr]
    flagged = report["flagged"]
    assert isinstance(flagged, list)
    assert {f["external_id"] for f in flagged} == KNOWN
    assert all(f["variant"] == "options-only" and f["correct_tries"] == 5 for f in flagged)
    assert by["options-only"]["overall"]["flag_rate"] == len(KNOWN) / 16
    assert by["stem-only"]["overall"]["n_flagged"] == 0
    subjects = {s["subject"]: s for s in by["options-only"]["subjects"]}
    assert subjects["alpha"]["n_flagged"] == 2 and subjects["beta"]["n_flagged"] == 2
    for item in flagged:  # the tries show shuffled orders, and the key where it moved
        orders = [tuple(t["order"]) for t in item["tries"]]
        assert all(sorted(o) == [0, 1, 2, 3] for o in orders) and len(set(orders)) > 1
        key = "ABCD".index(next(r["answer"] for r in ROWS if r["id"] == item["external_id"]))
        assert all(t["key_letter"] == "ABCD"[t["order"].index(key)] and t["answer"] ==
                   t["key_letter"] for t in item["tries"])
    samples = (await client.get(f"/runs/{report['run_id']}/samples",
                                params={"limit": 200})).json()["samples"]
    stem_only = [s for s in samples if s["detail"]["variant"] == "stem-only"]
    assert stem_only and all("[stem" in s["prompt"] and " choice 0" not in s["prompt"]
                             for s in stem_only)
    options_only = [s for s in samples if s["detail"]["variant"] == "options-only"]
    assert options_only and all("[stem" not in s["prompt"] and " choice 0" in s["prompt"]
                                for s in options_only)

    r = await client.post(f"/runs/{report['run_id']}/audits/no-shortcut:derive",
                          json={"name": "mmlu-no-shortcuts"})
    assert r.status_code == 201, r.text
    derived = r.json()
    assert derived["parent"] == "mmlu" and derived["builtin"] is False
    assert derived["derivation"]["dropped"] == sorted(KNOWN)
    assert derived["derivation"]["audit_run_id"] == report["run_id"]
    assert derived["derivation"]["kept"] == 16 - len(KNOWN)
    assert {s["split"]: s["items"] for s in derived["splits"]} == {"dev": 2, "test": 12}
    parent = (await client.get("/benchmarks/mmlu")).json()
    assert derived["prompt_template_sha256"] == parent["prompt_template_sha256"]
    items = (await client.get("/benchmarks/mmlu-no-shortcuts/items",
                              params={"split": "test", "limit": 100})).json()["items"]
    assert {it["external_id"] for it in items} == {r["id"] for r in ROWS} - KNOWN
    again = await client.post(f"/runs/{report['run_id']}/audits/no-shortcut:derive",
                              json={"name": "mmlu-no-shortcuts"})
    assert again.status_code == 409
    with respx.mock() as mock:  # the derived version runs like any benchmark
        mock.post(f"{BASE}/chat/completions").mock(side_effect=_needs_the_stem)
        run = await client.post("/runs", json={"model": {"name": "mock", "base_url": BASE},
                                               "benchmarks": ["mmlu-no-shortcuts"],
                                               "split": "test", "repeats": 1})
        assert run.status_code == 202, run.text
        status = await wait_run(client, run.json()["id"])
    assert status["status"] == "finished" and status["progress"]["total"] == 12


async def test_bad_audit_requests_name_their_field(client: httpx.AsyncClient) -> None:
    await _import(client)
    model = {"name": "m", "base_url": BASE}
    r = await client.post("/runs", json={"model": model, "benchmarks": ["mmlu"], "audit": {
        "kind": "no-shortcut", "variants": ["text-only"]}})
    assert r.status_code == 422 and r.json()["field"] == "audit.variants", r.text
    assert "16 of the 16 items have none" in r.text
    r = await client.post("/runs", json={"model": model, "benchmarks": ["mmlu"], "audit": {
        "kind": "no-shortcut", "variants": ["stem-only", "stem-only"]}})
    assert r.status_code == 422 and "once" in r.text
    r = await client.post("/runs", json={"model": model, "benchmarks": ["mmlu"], "audit": {
        "kind": "no-shortcut", "threshold": 1.5}})
    assert r.status_code == 422
    r = await client.get("/runs/1/audits/no-shortcut")
    assert r.status_code == 404
