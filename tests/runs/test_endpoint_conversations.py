"""Endpoint runs that need more than one request per sample: BFCL multi-turn conversations
executed on the BFCL environments, and the judge model (AA-Omniscience, MATH-500)."""

from __future__ import annotations

import inspect
import json
from collections.abc import AsyncIterator
from importlib import resources
from typing import Any

import httpx
import pytest
import respx

from app.benchmarks.catalog.bfcl.calls import parse_call_string
from app.benchmarks.catalog.bfcl.multi_turn import Environment
from app.config import Settings
from app.main import create_app
from app.server_pools import isolation
from tests.conftest import API_KEY
from tests.support.factories import wait_run
from tests.support.fake_openai import completion, last_user_text, reply

pytestmark = pytest.mark.anyio

BASE = "http://127.0.0.1:9/v1"
JUDGE = "http://127.0.0.1:10/v1"


def _multi_turn_rows(n: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    root = resources.files("bfcl_eval.data")
    questions = [json.loads(line) for line in root.joinpath(
        "BFCL_v4_multi_turn_base.json").read_text("utf-8").splitlines()[:n]]
    answers = [json.loads(line) for line in root.joinpath(
        "possible_answer/BFCL_v4_multi_turn_base.json").read_text("utf-8").splitlines()[:n]]
    return questions, answers


def _kwargs(payload: dict[str, Any], text: str) -> tuple[str, dict[str, Any]]:
    call = parse_call_string(text)
    env = Environment(payload["involved_classes"], {})
    names = list(inspect.signature(env.methods[call.name]).parameters)
    return call.name, {**call.kwargs, **dict(zip(names, call.args, strict=False))}


async def test_multi_turn_conversation_replays_ground_truth(client: httpx.AsyncClient) -> None:
    questions, answers = _multi_turn_rows(3)
    files = [("file", ("BFCL_v4_multi_turn_base.json",
                       "\n".join(json.dumps(q) for q in questions).encode())),
             ("file", ("answers.json", "\n".join(json.dumps(a) for a in answers).encode()))]
    assert (await client.post("/benchmarks/bfcl-v4/items:import", files=files)).status_code == 200
    by_first_user = {q["question"][0][0]["content"]: (q, a) for q, a in zip(questions, answers,
                                                                            strict=True)}
    tool_results = []
    isolation.shutdown()  # no calls' worker left by an earlier test
    worker_at_first_request: list[bool] = []

    def model(request: httpx.Request) -> httpx.Response:
        # the calls' worker is started before the model's first answer, not inside the
        # time limit of the first call
        worker_at_first_request.append(bool(isolation.pids("environments")))
        messages = json.loads(request.content)["messages"]
        question, answer = by_first_user[next(m["content"] for m in messages
                                              if m["role"] == "user")]
        users = [i for i, m in enumerate(messages) if m["role"] == "user"]
        turn = len(users) - 1
        step = sum(1 for m in messages[users[-1]:] if m["role"] == "assistant")
        tool_results.extend(m["content"] for m in messages[users[-1]:] if m["role"] == "tool")
        truth = answer["ground_truth"][turn]
        if step < len(truth):  # one ground-truth call per step, then a final answer
            name, args = _kwargs({"involved_classes": question["involved_classes"]},
                                 truth[step])
            return reply(completion(None, tool_calls=[{"name": name, "arguments": args}]))
        return reply(completion("All done."))

    body = {"model": {"name": "replayer", "base_url": BASE}, "benchmarks": ["bfcl-v4"],
            "repeats": 1, "concurrency": 3}
    with respx.mock() as mock:
        mock.post(f"{BASE}/chat/completions").mock(side_effect=model)
        r = await client.post("/runs", json=body)
        status = await wait_run(client, r.json()["id"])
    assert status["status"] == "finished", status
    (result,) = (await client.get(f"/runs/{r.json()['id']}/results")).json()
    assert result["metrics"]["accuracy"] == 1.0
    assert tool_results and not all(t.startswith("Error") for t in tool_results)
    assert worker_at_first_request[0]
    samples = (await client.get(f"/runs/{r.json()['id']}/samples")).json()["samples"]
    turns = {q["id"]: len(q["question"]) for q in questions}
    assert {s["external_id"]: len(s["detail"]["turns"]) for s in samples} == turns
    # each turn ends with the model's plain answer after its calls
    assert all(turn[-1]["tool_calls"] == [] for s in samples for turn in s["detail"]["turns"])


@pytest.fixture
async def judged_client(settings: Settings) -> AsyncIterator[httpx.AsyncClient]:
    application = create_app(settings.model_copy(update={
        "judge_base_url": JUDGE, "judge_model": "judge"}))
    async with application.router.lifespan_context(application):
        transport = httpx.ASGITransport(app=application)
        async with httpx.AsyncClient(transport=transport, base_url="http://test",
                                     headers={"Authorization": f"Bearer {API_KEY}"}) as c:
            yield c


async def test_judge_grades_omniscience_and_rescues_math(
        judged_client: httpx.AsyncClient) -> None:
    client = judged_client
    await client.post("/benchmarks/aa-omniscience/items:import", files={"file": (
        "o.csv", b"question,answer,domain,topic\n"
                 b"Who wrote the first program?,Ada Lovelace,History,computing\n"
                 b"Year of the Moon landing?,1969,History,space\n"
                 b"Inventor of the telephone?,Alexander Graham Bell,History,telecom\n")})
    await client.post("/benchmarks/math-500/items:import", json={"items": [
        {"id": "m1", "question": "Half of one?", "answer": "\\frac{1}{2}"},
        {"id": "m2", "question": "Name the set of evens.", "answer": "\\text{even numbers}"}]})
    answers = {"first program": "Ada Lovelace", "Moon": "1968", "telephone": "I don't know",
               "Half": "\\boxed{0.5}", "evens": "\\boxed{\\text{the even integers}}"}

    def model(request: httpx.Request) -> httpx.Response:
        text = last_user_text(request)
        return reply(completion(next(a for k, a in answers.items() if k in text)))

    def judge(request: httpx.Request) -> httpx.Response:
        text = last_user_text(request)
        if "EQUIVALENT" in text:
            return reply(completion("EQUIVALENT"))
        answer = text.split("Answer to grade: ")[1].split("\n")[0]
        grade = {"Ada Lovelace": "CORRECT", "1968": "INCORRECT"}.get(answer, "NOT_ATTEMPTED")
        return reply(completion(f"{grade}"))

    # PocketEval's own grader prompts and replies (the published ones: tests/methodology)
    body = {"model": {"name": "tiny", "base_url": BASE},
            "benchmarks": ["aa-omniscience", "math-500"], "repeats": 1,
            "methodology": {"name": "pocketeval", "version": "1"}}
    with respx.mock() as mock:
        mock.post(f"{BASE}/chat/completions").mock(side_effect=model)
        judge_route = mock.post(f"{JUDGE}/chat/completions").mock(side_effect=judge)
        r = await client.post("/runs", json=body)
        assert r.status_code == 202, r.text
        status = await wait_run(client, r.json()["id"])
    assert status["status"] == "finished", status
    assert status["config"]["judge"]["prompt_sha256"]
    results = {x["benchmark"]: x["metrics"] for x in
               (await client.get(f"/runs/{r.json()['id']}/results")).json()}
    omni = results["aa-omniscience"]["extra"]
    assert omni["grades"] == {"CORRECT": 1, "PARTIAL": 0, "INCORRECT": 1, "NOT_ATTEMPTED": 1}
    assert omni["hallucination_rate"] == 0.5
    math = results["math-500"]
    assert math["accuracy"] == 1.0
    assert math["extra"]["decided_by"] == {"judge": 1, "math_verify": 1}
    assert judge_route.call_count == 4  # three grades, one MATH second opinion
