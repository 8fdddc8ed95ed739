"""A run that names `notify` is reported to a real loopback receiver when it ends: the JSON
summary signed as documented (checked here with hmac alone), retried after a 500 with the
same bytes, each try readable at /runs/{id}/notifications; a receiver that hangs holds up
neither the run nor the server; a refused address is refused when the run is asked for and
changes nothing; the secret is never returned."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest
from fastapi import FastAPI

from app.config import Settings
from tests.conftest import API_KEY
from tests.support.callback_receiver import Delivery, receiving
from tests.support.factories import db_fingerprint, mcq_rows, served, wait_run
from tests.support.metrics_text import parsed, value
from tests.support.processes import ROOT, canned_model

pytestmark = pytest.mark.anyio
SECRET = "whsec-0123456789abcdef"


def _documented_check() -> Callable[[str, str, bytes], bool]:
    """The receiver's check as docs/runs.md prints it, run as printed (no app code)."""
    text = (ROOT / "docs" / "runs.md").read_text()
    (snippet,) = [block for block in re.findall(r"```python\n(.*?)```", text, re.S)
                  if "def verified" in block]
    namespace: dict[str, object] = {}
    exec(compile(snippet, "docs/runs.md", "exec"), namespace)  # noqa: S102 (our own docs)
    return namespace["verified"]  # type: ignore[return-value]


def verified(delivery: Delivery, secret: str) -> bool:
    return _documented_check()(secret, delivery.headers["PocketEval-Signature"], delivery.body)


def quick(settings: Settings, **changes: object) -> Settings:
    return settings.model_copy(update={"callback_poll_s": 0.05, "callback_retry_base_s": 0.2,
                                       **changes})


async def _run(client: httpx.AsyncClient, model_url: str, notify: dict[str, str],
               **extra: object) -> int:
    await client.post("/benchmarks/mmlu/items:import", json={"items": mcq_rows(4)})
    r = await client.post("/runs", json={
        "model": {"name": "canned", "base_url": model_url}, "benchmarks": ["mmlu"],
        "repeats": 1, "notify": notify, **extra})
    assert r.status_code == 202, r.text
    return int(r.json()["id"])


async def _recorded(client: httpx.AsyncClient, run_id: int) -> dict[str, object]:
    """The run's notifications once its delivery is recorded (the receiver has the request
    before the server has its answer)."""
    deadline = asyncio.get_running_loop().time() + 600
    while (read := (await client.get(f"/runs/{run_id}/notifications")).json())["state"] != \
            "delivered":
        assert asyncio.get_running_loop().time() < deadline, read
        await asyncio.sleep(0.05)
    return read  # type: ignore[no-any-return]


@pytest.mark.needs("process")
async def test_a_run_end_is_delivered_signed_and_retried_after_a_500(
        settings: Settings, tmp_path: Path) -> None:
    with canned_model(tmp_path) as model_url, receiving() as receiver:
        receiver.answers = [500]
        async with served(quick(settings), API_KEY) as client:
            before = parsed((await client.get("/metrics")).text)
            run_id = await _run(client, model_url, {"url": receiver.url, "secret": SECRET})
            status = await wait_run(client, run_id)
            first, again = await receiver.arrived(2)
            await _recorded(client, run_id)
            after = parsed((await client.get("/metrics")).text)
            results = (await client.get(f"/runs/{run_id}/results")).json()
            notes = await client.get(f"/runs/{run_id}/notifications")
            shown = (await client.get(f"/runs/{run_id}")).text
    assert status["status"] == "finished"
    assert first.body == again.body
    assert verified(first, SECRET) and verified(again, SECRET)
    assert not verified(first, SECRET + "x")
    assert first.headers["PocketEval-Delivery"] == f"{run_id}.1"
    assert again.headers["PocketEval-Delivery"] == f"{run_id}.2"
    report = json.loads(first.body)
    assert report["type"] == "run.finished"
    assert report["run"]["id"] == run_id and report["run"]["benchmarks"] == ["mmlu"]
    assert report["links"]["run"] == f"/runs/{run_id}"
    (mmlu,) = report["results"]
    (stored,) = results["results"] if isinstance(results, dict) else results
    assert mmlu["accuracy"] == stored["metrics"]["accuracy"]
    read = notes.json()
    assert (read["state"], read["signed"], read["url"]) == ("delivered", True, receiver.url)
    assert [a["status_code"] for a in read["attempts"]] == [500, 200]
    assert SECRET not in shown and SECRET not in notes.text
    deliveries = "pocketeval_callback_deliveries_total"
    assert {result: value(after, deliveries, result=result)
            - value(before, deliveries, result=result)
            for result in ("retrying", "delivered", "gave_up")} == \
        {"retrying": 1, "delivered": 1, "gave_up": 0}


def _signed_at(delivery: Delivery) -> int:
    """The `t=` of the signature header, read as a receiver reads it."""
    fields = dict(part.split("=", 1)
                  for part in delivery.headers["PocketEval-Signature"].split(","))
    return int(fields["t"])


@pytest.mark.needs("process")
async def test_each_try_is_signed_at_the_time_it_is_sent(settings: Settings,
                                                          tmp_path: Path) -> None:
    """The first try is refused and the retry waits callback_retry_base_s: each signature's
    time is the receiver's clock when that try came, so the retry's is later by at least
    the wait (a signature made when the delivery was queued would carry one time for
    both)."""
    wait_s = 3
    with canned_model(tmp_path) as model_url, receiving() as receiver:
        receiver.answers = [503]
        async with served(quick(settings, callback_retry_base_s=wait_s), API_KEY) as client:
            run_id = await _run(client, model_url, {"url": receiver.url, "secret": SECRET})
            assert (await wait_run(client, run_id))["status"] == "finished"
            first, again = await receiver.arrived(2)
            await _recorded(client, run_id)
    assert verified(first, SECRET) and verified(again, SECRET)
    for delivery in (first, again):
        assert abs(_signed_at(delivery) - delivery.received_at) <= 2, delivery.headers
    assert _signed_at(again) - _signed_at(first) >= wait_s


@pytest.mark.needs("process")
async def test_a_receiver_that_hangs_holds_up_neither_run_nor_server(
        settings: Settings, tmp_path: Path) -> None:
    with canned_model(tmp_path) as model_url, receiving() as receiver:
        receiver.hold.set()
        async with served(quick(settings, callback_timeout_s=1.0), API_KEY) as client:
            run_id = await _run(client, model_url, {"url": receiver.url})
            assert (await wait_run(client, run_id))["status"] == "finished"
            await receiver.arrived(2)  # tried, timed out, tried again
            assert (await client.get("/health")).status_code == 200
            second = await _run(client, model_url, {"url": receiver.url})
            assert (await wait_run(client, second))["status"] == "finished"
            read = (await client.get(f"/runs/{run_id}/notifications")).json()
    assert read["state"] == "pending" and read["signed"] is False
    assert read["attempts"] and all(
        a["status_code"] is None and "no answer within 1 s" in a["error"]
        for a in read["attempts"])


async def test_a_failed_run_reports_no_score(settings: Settings) -> None:
    with receiving() as receiver:
        async with served(quick(settings), API_KEY) as client:
            run_id = await _run(client, "http://127.0.0.1:9/v1", {"url": receiver.url},
                                request_timeout_s=5)
            assert (await wait_run(client, run_id))["status"] == "failed"
            (delivery,) = await receiver.arrived(1)
    report = json.loads(delivery.body)
    assert report["type"] == "run.failed" and report["results"] == []
    assert report["run"]["error"]
    assert "PocketEval-Signature" not in delivery.headers


async def test_a_refused_address_is_refused_with_the_run(app: FastAPI,
                                                         client: httpx.AsyncClient) -> None:
    await client.post("/benchmarks/mmlu/items:import", json={"items": mcq_rows(4)})
    before = db_fingerprint(app)
    model = {"name": "m", "base_url": "http://127.0.0.1:9/v1"}
    for url, field in (("http://169.254.169.254/latest", "notify.url"),
                       ("http://metadata.google.internal/hook", "notify.url"),
                       ("ftp://example.com/hook", "body.notify.url")):
        r = await client.post("/runs", json={"model": model, "benchmarks": ["mmlu"],
                                             "notify": {"url": url}})
        assert r.status_code == 422, r.text
        fields = [e["field"] for e in r.json().get("errors", [])] + [r.json().get("field")]
        assert field in fields, r.json()
    short = await client.post("/runs", json={"model": model, "benchmarks": ["mmlu"],
                                             "notify": {"url": "http://x.test/", "secret": "s"}})
    assert short.status_code == 422
    assert db_fingerprint(app) == before


async def test_a_notify_host_that_does_not_resolve_is_the_callers_to_correct(
        app: FastAPI, client: httpx.AsyncClient) -> None:
    """A name under .invalid never resolves: each route that takes `notify` answers 422
    naming notify.url (not 502), and stores nothing. A model endpoint's host that does not
    resolve stays a 502: the server's surroundings, where the model is reached from."""
    await client.post("/benchmarks/mmlu/items:import", json={"items": mcq_rows(4)})
    before = db_fingerprint(app)
    model = {"name": "m", "base_url": "http://127.0.0.1:9/v1"}
    notify = {"url": "https://ci.example.invalid/hooks"}
    run = {"model": model, "benchmarks": ["mmlu"], "notify": notify}
    posted = {"predictions": [{"external_id": "q0", "answer": "A"}], "notify": notify}
    for path, body in (("/runs", run), ("/evaluate", run), ("/benchmarks/mmlu/score", posted)):
        r = await client.post(path, json=body)
        assert r.status_code == 422 and r.json()["field"] == "notify.url", (path, r.text)
        assert "ci.example.invalid" in r.json()["detail"]
    unknown_model = {**run, "model": {**model, "base_url": "http://llm.example.invalid/v1"},
                     "notify": None}
    r = await client.post("/runs", json=unknown_model)
    assert r.status_code == 502 and r.json()["field"] == "model.base_url", r.text
    assert db_fingerprint(app) == before


@pytest.mark.needs("process")
async def test_a_delivery_waits_in_the_outbox_across_a_restart(
        settings: Settings, tmp_path: Path) -> None:
    with canned_model(tmp_path) as model_url, receiving() as receiver:
        async with served(quick(settings, callback_poll_s=3600), API_KEY) as client:
            run_id = await _run(client, model_url, {"url": receiver.url})
            assert (await wait_run(client, run_id))["status"] == "finished"
            read = (await client.get(f"/runs/{run_id}/notifications")).json()
            assert (read["state"], read["attempts"]) == ("pending", [])
        assert receiver.received == []  # the server stopped before its first look
        async with served(quick(settings), API_KEY) as client:
            (delivery,) = await receiver.arrived(1)
            read = await _recorded(client, run_id)
    assert json.loads(delivery.body)["run"]["id"] == run_id
    assert read["state"] == "delivered"
