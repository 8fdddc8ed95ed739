"""What is stored is what was measured: predictions that match nothing, a benchmark without
items and a catalog import beyond the published files are refused and change nothing; a
limit above the items says so; runs record the version of the items they ran over and only
runs of one version are compared or ranked; a retracted run counts nowhere and is kept;
a user's import can be removed once no counted run used it."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
import respx
from fastapi import FastAPI

from app.api_keys import KeyConfig, Scope
from app.config import Settings
from tests.conftest import API_KEY
from tests.support.callback_receiver import receiving
from tests.support.factories import db_fingerprint, mcq_rows, served, wait_run
from tests.support.fake_openai import completion, reply
from tests.support.metrics_text import parsed, value

pytestmark = pytest.mark.anyio
BASE = "http://127.0.0.1:9/v1"


async def _quiz(client: httpx.AsyncClient, name: str = "quiz", n: int = 20,
                prefix: str = "q") -> dict[str, Any]:
    if (await client.get(f"/benchmarks/{name}")).status_code == 404:
        assert (await client.post("/benchmarks", json={"name": name, "kind": "mcq"})
                ).status_code == 201
    r = await client.post(f"/benchmarks/{name}/items:import",
                          json={"items": mcq_rows(n, prefix=prefix)})
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


async def _score(client: httpx.AsyncClient, model: str, right: int, bench: str = "quiz",
                 n: int = 20, **extra: Any) -> int:
    """`right` of the first `n` items answered correctly (mcq_rows' key: letter i % 4)."""
    preds = [{"external_id": f"q{i}", "answer": "ABCD"[i % 4] if i < right
              else "ABCD"[(i + 1) % 4]} for i in range(n)]
    r = await client.post(f"/benchmarks/{bench}/score",
                          json={"model": model, "predictions": preds, **extra})
    assert r.status_code == 200, r.text
    return int(r.json()["run_id"])


async def test_predictions_that_name_no_item_are_refused_and_store_nothing(
        app: FastAPI, client: httpx.AsyncClient) -> None:
    await _quiz(client)
    before = db_fingerprint(app)
    r = await client.post("/benchmarks/quiz/score", json={"model": "m", "predictions": [
        {"external_id": "nope-1", "answer": "A"}, {"external_id": "nope-2", "answer": "B"}]})
    assert r.status_code == 422, r.text
    problem = r.json()
    assert r.headers["content-type"].startswith("application/problem+json")
    assert problem["field"] == "predictions" and "'nope-1'" in problem["detail"]
    assert problem["unknown_ids"] == ["nope-1", "nope-2"]
    assert db_fingerprint(app) == before
    assert (await client.get("/leaderboard", params={"benchmarks": "quiz"})).json()["rows"] == []


async def test_a_score_on_a_benchmark_without_items_is_a_conflict(
        app: FastAPI, client: httpx.AsyncClient) -> None:
    assert (await client.post("/benchmarks", json={"name": "empty", "kind": "mcq"})
            ).status_code == 201
    before = db_fingerprint(app)
    r = await client.post("/benchmarks/empty/score", json={
        "model": "m", "predictions": [{"external_id": "q0", "answer": "A"}]})
    assert r.status_code == 409, r.text
    assert "no items" in r.json()["detail"]
    assert db_fingerprint(app) == before


async def test_a_limit_above_the_items_runs_them_all_and_says_so(
        client: httpx.AsyncClient) -> None:
    await _quiz(client, n=6)
    with respx.mock() as mock:
        mock.post(f"{BASE}/chat/completions").mock(
            side_effect=lambda request: reply(completion("Answer: A")))
        r = await client.post("/runs", json={"model": {"name": "m", "base_url": BASE},
                                             "benchmarks": ["quiz"], "repeats": 1,
                                             "limit": 1_000_000_000_000})
        assert r.status_code == 202, r.text
        status = await wait_run(client, r.json()["id"])
    note = "limit 1000000000000 > 6 items: all 6"
    assert status["plan"]["benchmarks"][0]["notes"] == [note]
    assert len(status["plan"]["benchmarks"][0]["item_ids"]) == 6
    (result,) = (await client.get(f"/runs/{status['id']}/results")).json()
    assert result["metrics"]["notes"] == [note] and result["metrics"]["n_items"] == 6


async def test_a_catalog_benchmark_takes_no_items_beyond_its_published_files(
        app: FastAPI, client: httpx.AsyncClient) -> None:
    published = [{**r, "split": "dev", "subject": "astronomy"}
                 for r in mcq_rows(285, prefix="d")]
    r = await client.post("/benchmarks/mmlu/items:import", json={"items": published})
    assert r.status_code == 200, r.text
    before = db_fingerprint(app)
    stray = [{**r, "split": "dev", "subject": "mytopic"} for r in mcq_rows(2, prefix="x")]
    r = await client.post("/benchmarks/mmlu/items:import", json={"items": stray})
    assert r.status_code == 409, r.text
    detail = r.json()["detail"]
    assert "dev split to 287 items; the published files hold 285" in detail
    assert "subject 'mytopic' (2 items)" in detail and "POST /benchmarks" in detail
    changed = [{**published[0], "question": "Another question?"}]
    r = await client.post("/benchmarks/mmlu/items:import", params={"on_conflict": "replace"},
                          json={"items": changed})
    assert r.status_code == 409, r.text
    assert "changes 1 published item(s), first 'd0'" in r.json()["detail"]
    assert db_fingerprint(app) == before
    # the same published files again change nothing, and are accepted
    r = await client.post("/benchmarks/mmlu/items:import", params={"on_conflict": "replace"},
                          json={"items": published})
    assert r.status_code == 200 and r.json()["unchanged"] == 285, r.text


async def test_runs_over_different_item_sets_are_not_put_side_by_side(
        client: httpx.AsyncClient) -> None:
    await _quiz(client)
    old = await _score(client, "first", right=10)
    record = (await client.get(f"/runs/{old}")).json()["reproducibility"]
    (version,) = [b["item_set"] for b in record["benchmarks"]]
    assert version["split"] == "test" and version["n_items"] == 20
    await _quiz(client, n=2, prefix="extra")  # a user's benchmark may grow: a new version
    new = await _score(client, "second", right=12)
    now = (await client.get(f"/runs/{new}")).json()["reproducibility"]["benchmarks"][0]
    assert now["item_set"]["n_items"] == 22 and now["item_set"]["sha256"] != version["sha256"]
    r = await client.get("/compare", params={"a": str(old), "b": str(new)})
    assert r.status_code == 409, r.text
    assert "item set" in r.json()["detail"]
    r = await client.get("/gate", params={"reference": "first", "build": "second",
                                          "margin": 0.05})
    assert r.status_code == 409, r.text
    board = (await client.get("/leaderboard", params={"benchmarks": "quiz"})).json()
    assert [row["names"] for row in board["rows"]] == [["second"]]
    assert board["set_aside"]["quiz"]["runs"] == [old]
    assert "20 items" in board["set_aside"]["quiz"]["reason"]


async def test_a_retracted_run_counts_nowhere_and_keeps_its_record(
        client: httpx.AsyncClient) -> None:
    await _quiz(client)
    keep = await _score(client, "keep", right=15)
    gone = await _score(client, "gone", right=5)
    r = await client.delete(f"/runs/{gone}", params={"reason": "answers were leaked"})
    assert r.status_code == 200, r.text
    retraction = r.json()["retraction"]
    assert retraction["reason"] == "answers were leaked" and retraction["at"]
    assert (await client.delete(f"/runs/{gone}", params={"reason": "again"})
            ).status_code == 409
    assert (await client.delete(f"/runs/{keep}")).status_code == 422  # a reason is required

    board = (await client.get("/leaderboard", params={"benchmarks": "quiz"})).json()
    assert [row["names"] for row in board["rows"]] == [["keep"]]
    for params in ({"a": str(keep), "b": str(gone)}, {"a": "keep", "b": "gone"}):
        r = await client.get("/compare", params=params)
        assert r.status_code in (404, 409, 422), r.text
    r = await client.get("/compare", params={"a": str(keep), "b": str(gone)})
    assert r.status_code == 409 and "retracted" in r.json()["detail"]
    r = await client.get("/gate", params={"reference": str(keep), "build": str(gone),
                                          "margin": 0.05})
    assert r.status_code == 409 and "answers were leaked" in r.json()["detail"]
    listed = [run["id"] for run in (await client.get("/runs")).json()["runs"]]
    assert gone not in listed and keep in listed
    everything = (await client.get("/runs", params={"include": "retracted"})).json()["runs"]
    (shown,) = [run for run in everything if run["id"] == gone]
    assert shown["retraction"]["reason"] == "answers were leaked"
    # the record is kept whole: samples and results are still read
    assert (await client.get(f"/runs/{gone}/results")).json()[0]["metrics"]["accuracy"] == 0.25
    assert len((await client.get(f"/runs/{gone}/samples")).json()["samples"]) == 20
    metrics = parsed((await client.get("/metrics")).text)
    assert value(metrics, "pocketeval_runs_retracted", kind="predictions") == 1


async def test_retraction_needs_an_admin_key_and_names_who_retracted(
        settings: Settings) -> None:
    writer, operator = "writer-key-0123456789", "operator-key-0123456789"
    keyed = settings.model_copy(update={"keys": [
        KeyConfig(name="ci", scope=Scope.WRITE, key=writer),  # type: ignore[arg-type]
        KeyConfig(name="ops", scope=Scope.ADMIN, key=operator)]})  # type: ignore[arg-type]
    async with served(keyed, operator) as admin, served(keyed, writer) as ci:
        await _quiz(admin)
        run_id = await _score(ci, "m", right=3)
        r = await ci.delete(f"/runs/{run_id}", params={"reason": "mine"})
        assert r.status_code == 403 and r.json()["scope"] == "admin", r.text
        r = await admin.delete(f"/runs/{run_id}", params={"reason": "duplicate upload"})
        assert r.status_code == 200, r.text
        assert r.json()["retraction"]["by"] == "ops"


async def test_a_retraction_is_told_to_the_runs_notify_url(settings: Settings) -> None:
    quick = settings.model_copy(update={"callback_poll_s": 0.05,
                                        "callback_retry_base_s": 0.2})
    with receiving() as receiver:
        async with served(quick, API_KEY) as client:
            await _quiz(client)
            run_id = await _score(client, "m", right=3, notify={"url": receiver.url})
            (ended,) = await receiver.arrived(1)
            r = await client.delete(f"/runs/{run_id}", params={"reason": "wrong key file"})
            assert r.status_code == 200, r.text
            _, retracted = await receiver.arrived(2)
    assert json.loads(ended.body)["type"] == "run.finished"
    told = json.loads(retracted.body)
    assert told["type"] == "run.retracted" and told["run"]["id"] == run_id
    assert told["retraction"]["reason"] == "wrong key file"


async def test_an_import_is_removed_once_no_counted_run_used_it(
        app: FastAPI, client: httpx.AsyncClient) -> None:
    await _quiz(client, n=20)
    extra = await _quiz(client, n=4, prefix="extra")
    run_id = await _score(client, "m", right=3)  # scores the extra items as missing
    before = db_fingerprint(app)
    url = f"/benchmarks/quiz/imports/{extra['sha256']}"
    r = await client.delete(url)
    assert r.status_code == 409 and f"runs {run_id}" in r.json()["detail"], r.text
    assert db_fingerprint(app) == before
    assert (await client.delete(f"/runs/{run_id}", params={"reason": "redo"})).status_code == 200
    r = await client.delete(url)
    assert r.status_code == 200, r.text
    assert r.json()["removed"] == 4 and r.json()["retracted_runs"] == [run_id]
    items = (await client.get("/benchmarks/quiz/items", params={"limit": 100})).json()["items"]
    assert len(items) == 20 and not any(i["external_id"].startswith("extra") for i in items)
    sources = (await client.get("/benchmarks/quiz")).json()["sources"]
    assert [s["removed_at"] is not None for s in sources] == [False, True]
    assert (await client.delete(url)).status_code == 404
    assert (await client.delete(f"/benchmarks/mmlu/imports/{extra['sha256']}")
            ).status_code == 409
    # the run keeps its row and results
    assert (await client.get(f"/runs/{run_id}/results")).status_code == 200


async def test_every_catalog_benchmark_of_a_fixed_size_keeps_it(
        app: FastAPI, client: httpx.AsyncClient) -> None:
    rows = [{"id": f"m{i}", "question": f"{i}+1?", "answer": str(i + 1)} for i in range(500)]
    r = await client.post("/benchmarks/math-500/items:import", json={"items": rows})
    assert r.status_code == 200, r.text
    before = db_fingerprint(app)
    r = await client.post("/benchmarks/math-500/items:import", json={"items": [
        {"id": "mine", "question": "2+2?", "answer": "4"}]})
    assert r.status_code == 409, r.text
    assert "test split to 501 items; the published files hold 500" in r.json()["detail"]
    assert db_fingerprint(app) == before


async def test_a_retraction_says_why(client: httpx.AsyncClient) -> None:
    await _quiz(client)
    run_id = await _score(client, "m", right=3)
    r = await client.delete(f"/runs/{run_id}", params={"reason": "   "})
    assert r.status_code == 422 and r.json()["field"] == "reason", r.text
    listed = [run["id"] for run in (await client.get("/runs")).json()["runs"]]
    assert run_id in listed


async def test_a_reference_run_over_other_items_than_now_is_refused(
        client: httpx.AsyncClient) -> None:
    await _quiz(client)
    reference = await _score(client, "reference", right=15)
    await _quiz(client, n=2, prefix="extra")
    r = await client.post("/runs", json={"model": {"name": "m", "base_url": BASE},
                                         "benchmarks": ["quiz"], "repeats": 1,
                                         "reference_run": reference})
    assert r.status_code == 409, r.text
    assert r.json()["field"] == "reference_run" and "20 items" in r.json()["detail"]


async def test_an_import_used_by_a_run_of_several_benchmarks_stays(
        client: httpx.AsyncClient) -> None:
    """The run's row names no benchmark, and it ran none of the import's items: it ran over
    the item set that holds them, so removing them would leave its numbers without it."""
    await _quiz(client)
    extra = await _quiz(client, n=4, prefix="extra")
    await _quiz(client, name="other", n=4)
    with respx.mock() as mock:
        mock.post(f"{BASE}/chat/completions").mock(
            side_effect=lambda request: reply(completion("Answer: A")))
        r = await client.post("/runs", json={"model": {"name": "m", "base_url": BASE},
                                             "benchmarks": ["quiz", "other"], "repeats": 1,
                                             "limit": 2})  # the extra items are not run
        assert r.status_code == 202, r.text
        status = await wait_run(client, r.json()["id"])
    assert status["status"] == "finished" and status["benchmark"] is None, status
    r = await client.delete(f"/benchmarks/quiz/imports/{extra['sha256']}")
    assert r.status_code == 409 and f"runs {status['id']}" in r.json()["detail"], r.text
