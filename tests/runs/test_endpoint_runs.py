"""Endpoint runs against respx-replayed OpenAI responses: verdicts, retries, truncation,
token usage, the time-limited score, progress events, cancel and the one-shot form."""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

import httpx
import pytest
import respx
from fastapi import FastAPI

from tests.support.factories import wait_run
from tests.support.fake_openai import completion, last_user_text, reply

pytestmark = pytest.mark.anyio

BASE = "http://127.0.0.1:9/v1"
CHAT = f"{BASE}/chat/completions"
QUESTIONS = [  # question, options, correct letter
    ("Capital of France?", ["Lyon", "Paris", "Nice", "Lille"], "B"),
    ("2 + 2?", ["3", "5", "4", "22"], "C"),
    ("Largest planet?", ["Jupiter", "Mars", "Venus", "Earth"], "A"),
    ("H2O is?", ["salt", "air", "fire", "water"], "D"),
]


async def _mcq(client: httpx.AsyncClient) -> None:
    rows = [{"id": f"q{i}", "question": q, "choices": opts, "answer": key, "subject": "general"}
            for i, (q, opts, key) in enumerate(QUESTIONS)]
    r = await client.post("/benchmarks/mmlu/items:import", json={"items": rows})
    assert r.status_code == 200, r.text


def _run_body(**overrides: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"model": {"name": "tiny-phone-model", "base_url": BASE,
                                      "model": "tiny", "sampling": {"temperature": 0}},
                            "benchmarks": ["mmlu"], "repeats": 2, "concurrency": 4}
    body.update(overrides)
    return body


def _answer_for(request: httpx.Request, wrong_on: str = "H2O") -> str:
    text = last_user_text(request)
    for question, _options, key in QUESTIONS:
        if question in text:
            letter = key if wrong_on not in question else "A"
            return f"Let me think step by step.\nAnswer: {letter}"
    raise AssertionError(text)


async def test_run_scores_stores_usage_and_time_limited_score(
        client: httpx.AsyncClient) -> None:
    await _mcq(client)
    seen_auth = []

    def model(request: httpx.Request) -> httpx.Response:
        seen_auth.append(request.headers.get("authorization"))
        body = json.loads(request.content)
        assert body["temperature"] == 0 and body["max_tokens"] > 1000
        return reply(completion(_answer_for(request), reasoning_tokens=5))

    with respx.mock(assert_all_called=True) as mock:
        mock.post(CHAT).mock(side_effect=model)
        r = await client.post("/runs", json=_run_body(
            model={"name": "tiny-phone-model", "base_url": BASE, "api_key": "sk-secret-123",
                   "sampling": {"temperature": 0}}))
        assert r.status_code == 202, r.text
        run_id = r.json()["id"]
        status = await wait_run(client, run_id)
    assert status["status"] == "finished", status
    assert status["progress"]["done"] == status["progress"]["total"] == 8
    assert seen_auth == ["Bearer sk-secret-123"] * 8
    assert "sk-secret-123" not in json.dumps(status)
    (result,) = (await client.get(f"/runs/{run_id}/results")).json()
    m = result["metrics"]
    assert m["accuracy"] == 0.75 and m["pass_at_1"]["per_repeat"] == [0.75, 0.75]
    assert m["usage"] == {"prompt_tokens": 400, "completion_tokens": 160,
                          "reasoning_tokens": 40, "samples_reporting": 8}
    assert m["time_limited"]["accuracy"] == 0.75 and m["time_limited"]["over_limit"] == 0
    assert m["latency"]["p50_ms"] is not None
    samples = (await client.get(f"/runs/{run_id}/samples")).json()["samples"]
    assert {s["verdict"] for s in samples} == {"correct", "wrong"}
    assert all("sk-secret" not in json.dumps(s) for s in samples)


async def test_retries_honour_retry_after_and_recover_from_errors(
        client: httpx.AsyncClient) -> None:
    await _mcq(client)
    calls: list[str] = []

    def model(request: httpx.Request) -> httpx.Response:
        calls.append(last_user_text(request)[-20:])
        n = len(calls)
        if n == 1:
            return reply({"error": {"message": "slow down"}}, 429, {"Retry-After": "1"})
        if n == 2:
            return reply({"error": {"message": "boom"}}, 500)
        if n == 3:
            raise httpx.ReadTimeout("timed out")
        if n == 4:
            raise httpx.ConnectError("refused")
        return reply(completion(_answer_for(request, wrong_on="nothing")))

    with respx.mock() as mock:
        mock.post(CHAT).mock(side_effect=model)
        loop = asyncio.get_running_loop()
        started = loop.time()
        r = await client.post("/runs", json=_run_body(repeats=1, concurrency=1, limit=1))
        status = await wait_run(client, r.json()["id"])
        elapsed = loop.time() - started
    assert status["status"] == "finished", status
    assert len(calls) == 5 and elapsed >= 1.0  # waited as told, then backed off
    (result,) = (await client.get(f"/runs/{r.json()['id']}/results")).json()
    assert result["metrics"]["accuracy"] == 1.0


async def test_truncated_and_failed_requests(client: httpx.AsyncClient) -> None:
    await _mcq(client)

    def model(request: httpx.Request) -> httpx.Response:
        text = last_user_text(request)
        if "Capital" in text:  # cut by the output cap before the final line
            return reply(completion("Let me think step by step. The answer is Par",
                                    finish_reason="length"))
        if "Largest" in text:
            return reply({"error": {"message": "bad request"}}, 400)
        return reply(completion(_answer_for(request, wrong_on="nothing")))

    with respx.mock() as mock:
        mock.post(CHAT).mock(side_effect=model)
        r = await client.post("/runs", json=_run_body(repeats=1))
        status = await wait_run(client, r.json()["id"])
    assert status["status"] == "failed" and "HTTP 400" in status["error"]
    assert status["progress"]["done"] == 3 and status["progress"]["errors"] == 1
    (result,) = (await client.get(f"/runs/{r.json()['id']}/results")).json()
    counts = result["metrics"]["counts"]
    # the request that failed is not a wrong answer: the failed run's figures are partial
    assert counts["truncated"] == 1 and counts["missing"] == 0 and counts["correct"] == 2
    partial = result["metrics"]["partial"]
    assert (partial["planned"], partial["scored"], partial["not_run"]) == (4, 3, 1)
    assert result["metrics"]["n_items"] == 3 and result["metrics"]["accuracy"] == 2 / 3


async def test_tool_calls_are_read_from_the_native_channel(client: httpx.AsyncClient) -> None:
    functions = [{"name": "get_weather", "description": "Weather for a city",
                  "parameters": {"type": "dict", "required": ["city"], "properties": {
                      "city": {"type": "string", "description": "City"},
                      "days": {"type": "integer", "description": "Days ahead"}}}},
                 {"name": "get_time", "description": "Time in a city",
                  "parameters": {"type": "dict", "required": ["city"], "properties": {
                      "city": {"type": "string", "description": "City"}}}}]
    questions, answers = [], []
    for i in range(4):
        questions.append({"id": f"multiple_{i}", "function": functions, "question": [[
            {"role": "user", "content": f"Weather in Paris? case {i}"}]]})
        answers.append({"id": f"multiple_{i}", "ground_truth": [
            {"get_weather": {"city": ["Paris"], "days": ["", 1]}}]})
    files = [("file", ("BFCL_v4_multiple.json",
                       "\n".join(json.dumps(q) for q in questions).encode())),
             ("file", ("answers.json", "\n".join(json.dumps(a) for a in answers).encode()))]
    assert (await client.post("/benchmarks/bfcl-v4/items:import", files=files)).status_code == 200

    def model(request: httpx.Request) -> httpx.Response:
        body = json.loads(request.content)
        assert body["tools"][0]["function"]["parameters"]["type"] == "object"
        case = last_user_text(request)[-1]
        if case == "0":
            return reply(completion(None, tool_calls=[{"name": "get_weather",
                                                       "arguments": {"city": "paris"}}]))
        if case == "1":  # a call written as text is not read
            return reply(completion('{"name": "get_weather", "arguments": {"city": "Paris"}}'))
        if case == "2":  # malformed argument JSON
            return reply(completion(None, tool_calls=[{"name": "get_weather",
                                                       "arguments": '{"city": "Paris"'}]))
        return reply(completion(None, tool_calls=[{"name": "get_time",
                                                   "arguments": {"city": "Paris"}}]))

    with respx.mock() as mock:
        mock.post(CHAT).mock(side_effect=model)
        r = await client.post("/runs", json=_run_body(benchmarks=["bfcl-v4"], repeats=1))
        status = await wait_run(client, r.json()["id"])
    assert status["status"] == "finished", status
    samples = (await client.get(f"/runs/{r.json()['id']}/samples")).json()["samples"]
    verdicts = {s["external_id"]: (s["verdict"], s["detail"].get("error_type"))
                for s in samples}
    assert verdicts["multiple_0"] == ("correct", None)
    assert verdicts["multiple_1"][0] == "wrong"
    assert verdicts["multiple_2"][0] == "wrong"
    assert verdicts["multiple_3"] == ("wrong", "simple_function_checker:wrong_func_name")

    # tool_choice required reaches the endpoint, and the plan says it departs from BFCL
    choices = []

    def forced(request: httpx.Request) -> httpx.Response:
        choices.append(json.loads(request.content).get("tool_choice"))
        return model(request)

    body = _run_body(benchmarks=["bfcl-v4"], repeats=1)
    body["model"]["tool_choice"] = "required"
    with respx.mock() as mock:
        mock.post(CHAT).mock(side_effect=forced)
        r = await client.post("/runs", json=body)
        assert (await wait_run(client, r.json()["id"]))["status"] == "finished"
    assert choices == ["required"] * 4
    (deviation,) = r.json()["plan"]["methodology"]["deviations"]
    assert deviation.startswith("bfcl-v4: tool_choice required forces a call")


async def test_events_cancel_and_evaluate(app: FastAPI, client: httpx.AsyncClient,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    await _mcq(client)
    executor = app.state.executor
    subscribed = asyncio.Event()
    subscribe = executor.subscribe

    def subscribe_and_tell(run_id: int) -> asyncio.Queue[Any]:
        queue = subscribe(run_id)
        subscribed.set()
        return queue

    monkeypatch.setattr(executor, "subscribe", subscribe_and_tell)
    gate, arrived = asyncio.Event(), asyncio.Event()

    async def slow_model(request: httpx.Request) -> httpx.Response:
        arrived.set()
        await gate.wait()
        return reply(completion(_answer_for(request)))

    with respx.mock() as mock:
        mock.post(CHAT).mock(side_effect=slow_model)
        r = await client.post("/runs", json=_run_body(repeats=3, concurrency=2))
        run_id = r.json()["id"]
        await arrived.wait()  # requests are in flight
        r = await client.post(f"/runs/{run_id}/cancel")
        assert r.status_code == 200 and r.json()["status"] == "cancelled"
        assert (await client.post(f"/runs/{run_id}/cancel")).status_code == 409

        async def release() -> None:  # the model answers once the stream is listening
            await subscribed.wait()
            gate.set()

        r = await client.post("/runs", json=_run_body(repeats=1))
        run_id = r.json()["id"]
        releaser = asyncio.create_task(release())
        events = []
        async with client.stream("GET", f"/runs/{run_id}/events") as stream:
            async for line in stream.aiter_lines():
                if line.startswith("event: "):
                    events.append(line.removeprefix("event: "))
        await releaser
        assert events[0] == "status" and events[-1] == "finished"
        assert events.count("sample") == 4 and "progress" in events

        r = await client.post("/evaluate", json=_run_body(repeats=1, limit=2))
        assert r.status_code == 200, r.text
        body = r.json()
        assert body["run"]["status"] == "finished"
        assert body["results"][0]["metrics"]["n_items"] == 2


@pytest.mark.parametrize(("url", "message"), [
    ("http://169.254.169.254/latest", "cloud metadata"),
    ("http://metadata.google.internal/v1", "cloud metadata"),  # refused before any lookup
    ("ftp://127.0.0.1/v1", None),  # the document's URL pattern refuses these two
    ("http://user:pw@127.0.0.1/v1", None),
])
async def test_unsafe_endpoints_are_refused(client: httpx.AsyncClient, url: str,
                                            message: str | None) -> None:
    await _mcq(client)
    body = _run_body()
    body["model"]["base_url"] = url
    r = await client.post("/runs", json=body)
    assert r.status_code == 422, r.text
    if message is None:
        assert [e["field"] for e in r.json()["errors"]] == ["body.model.endpoint.base_url"]
    else:
        assert message in r.json()["detail"] and r.json()["field"] == "model.base_url"


async def test_judged_benchmark_needs_a_judge(client: httpx.AsyncClient) -> None:
    await client.post("/benchmarks/aa-omniscience/items:import", files={"file": (
        "o.csv", b"question,answer,domain,topic\nWho?,Ada,History,computing\n")})
    r = await client.post("/runs", json=_run_body(benchmarks=["aa-omniscience"]))
    assert r.status_code == 409 and re.search("JUDGE", r.json()["detail"])  # set-up


async def test_runs_are_listed_by_model_benchmark_and_status(client: httpx.AsyncClient) -> None:
    await _mcq(client)
    scored = (await client.post("/benchmarks/mmlu/score", json={
        "model": "uploaded", "predictions": [{"external_id": "q0", "answer": "B"}]})).json()
    with respx.mock() as mock:
        mock.post(CHAT).mock(side_effect=lambda request: reply(completion(_answer_for(request))))
        run_id = (await client.post("/runs", json=_run_body(repeats=1))).json()["id"]
        await wait_run(client, run_id)

    async def ids(**params: str) -> list[int]:
        page = (await client.get("/runs", params=params)).json()
        return [r["id"] for r in page["runs"]]

    assert await ids() == [run_id, scored["run_id"]]
    assert await ids(model="tiny-phone-model") == [run_id]
    assert await ids(benchmark="mmlu", status="finished") == [run_id, scored["run_id"]]
    assert await ids(benchmark="gpqa-diamond") == []
    first = (await client.get("/runs", params={"limit": 1})).json()
    assert [r["id"] for r in first["runs"]] == [run_id]
    rest = (await client.get("/runs", params={"limit": 1, "cursor": first["next_cursor"]}))
    assert [r["id"] for r in rest.json()["runs"]] == [scored["run_id"]]
