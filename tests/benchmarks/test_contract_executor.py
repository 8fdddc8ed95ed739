"""Every registered benchmark through the executor: an endpoint run whose model says what
the contract cases post (right answers, then wrong ones) gets the verdicts that posting the
same answers gets, and no wrong answer is scored correct. BFCL's multi-turn items are driven
by their own replay test (tests/runs/test_endpoint_conversations.py); here the model ends
them at once and they are left out of the comparison."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable
from typing import Any

import httpx
import pytest
import respx

from app.benchmarks.registry import benchmarks
from app.config import Settings
from app.methodology.model import Keyword, LetterGrades
from tests.conftest import API_KEY
from tests.support.benchmark_cases import CASES, Items, Prompts, imported
from tests.support.factories import served, wait_run
from tests.support.fake_openai import completion, last_user_text, reply

pytestmark = pytest.mark.anyio
BASE = "http://127.0.0.1:9/v1"
JUDGE = "http://127.0.0.1:10/v1"


@pytest.fixture
async def judged(settings: Settings) -> AsyncIterator[httpx.AsyncClient]:
    async with served(settings.model_copy(update={"judge_base_url": JUDGE,
                                                  "judge_model": "judge"}), API_KEY) as c:
        yield c


def _user_text(prompt: dict[str, Any]) -> str:
    return str([m for m in prompt["turns"][0] if m["role"] == "user"][-1]["content"])


def _said(prediction: dict[str, Any]) -> dict[str, Any]:
    """The completion a model gives for a posted prediction."""
    if "tool_calls" in prediction:
        return completion(None, tool_calls=prediction["tool_calls"]) \
            if prediction["tool_calls"] else completion("None of these functions fits.")
    if "response" in prediction:
        return completion(prediction["response"])
    return completion(f"Answer: {prediction['answer']}")


def _grade_reply(name: str, grade: str) -> str:
    """The grade as the benchmark's grader prompt asks the grader to say it."""
    grades = benchmarks()[name].methodology.grades("aa-omniscience.grader")
    if isinstance(grades, LetterGrades):
        return next(letter for letter, g in grades.letters.items() if g == grade)
    return grade


def _not_equal(name: str) -> str:
    checker = benchmarks()[name].methodology.equality("math-500.checker")
    return checker.no if isinstance(checker, Keyword) else "no"


async def _verdicts(client: httpx.AsyncClient, run_id: int) -> dict[int, str]:
    samples = (await client.get(f"/runs/{run_id}/samples",
                                params={"limit": 1000})).json()["samples"]
    return {s["item_id"]: s["verdict"] for s in samples}


async def _posted(client: httpx.AsyncClient, name: str,
                  predictions: list[dict[str, Any]]) -> dict[int, str]:
    r = await client.post(f"/benchmarks/{name}/score",
                          json={"model": "posted", "predictions": predictions})
    assert r.status_code == 200, r.text
    return await _verdicts(client, r.json()["run_id"])


async def _run(client: httpx.AsyncClient, name: str, items: Items, prompts: Prompts,
               predictions: list[dict[str, Any]], model_name: str) -> dict[int, str]:
    by_prompt = {_user_text(prompts[p["item_id"]]): p for p in predictions}
    graded = {p.get("response"): p["grade"] for p in predictions if "grade" in p}

    def model(request: httpx.Request) -> httpx.Response:
        prediction = by_prompt.get(last_user_text(request))
        if prediction is None or "turns" in prediction:
            return reply(completion("All done."))  # a multi-turn step: ends the item
        return reply(_said(prediction))

    def judge(request: httpx.Request) -> httpx.Response:
        """Grades as the case says; asked whether two answers are equal, says no."""
        text = last_user_text(request)
        grade = next((g for r, g in graded.items() if r and r in text), None)
        return reply(completion(_not_equal(name) if grade is None else _grade_reply(name, grade)))

    body = {"model": {"name": model_name, "base_url": BASE},
            "benchmarks": [name], "repeats": 1, "concurrency": 4}
    with respx.mock(assert_all_called=False) as mock:
        mock.post(f"{BASE}/chat/completions").mock(side_effect=model)
        mock.post(f"{JUDGE}/chat/completions").mock(side_effect=judge)
        r = await client.post("/runs", json=body)
        assert r.status_code == 202, r.text
        status = await wait_run(client, r.json()["id"])
    assert status["status"] == "finished", status.get("error")
    return await _verdicts(client, r.json()["id"])


@pytest.mark.parametrize("name", sorted(CASES))
async def test_the_executor_scores_a_model_as_its_posted_answers_are_scored(
        judged: httpx.AsyncClient, name: str) -> None:
    client, case = judged, CASES[name]
    items, prompts = await imported(client, name)
    single = {it["id"] for it in items if len(prompts[it["id"]]["turns"]) == 1}
    assert single, "no single-turn item to compare"
    make: Callable[[Items, Prompts], list[dict[str, Any]]]
    for make in (case.predictions, case.wrong):
        predictions = make(items, prompts)
        ran = await _run(client, name, items, prompts, predictions,
                         "says-wrong" if make is case.wrong else "says-right")
        posted = await _posted(client, name, predictions)
        assert set(ran) == set(posted) == {it["id"] for it in items}
        assert {i: ran[i] for i in single} == {i: posted[i] for i in single}, json.dumps(
            {"ran": ran, "posted": posted})
        if make is case.wrong:
            assert "correct" not in ran.values()
        elif case.all_right:
            assert {ran[i] for i in single} == {"correct"}
