"""An endpoint run under the published method, through recorded model and grader
endpoints: the requests carry the published texts byte for byte (rendered here from the
copies of their sources), the grader's letters become the published grades, sampling
follows the variant, and the results show how much of a score rests on lenient reading."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
import respx

from app.config import Settings
from tests.conftest import API_KEY
from tests.methodology.test_published_texts import PUBLISHED, _framework, _python_string
from tests.support.factories import served, wait_run
from tests.support.fake_openai import completion, last_user_text, reply

pytestmark = pytest.mark.anyio

BASE = "http://127.0.0.1:9/v1"
JUDGE = "http://127.0.0.1:10/v1"

GPQA = [{"id": f"g{i}", "question": f"Which option is right in case {i}?",
         "choices": [f"right {i}", f"wrong {i}a", f"wrong {i}b", f"wrong {i}c"],
         "answer": "A", "subject": "Physics"} for i in range(3)]
MATH = [{"id": "m1", "question": "Half of one?", "answer": "\\frac{1}{2}"},
        {"id": "m2", "question": "Name the set of evens.", "answer": "\\text{even numbers}"}]
KNOWLEDGE = (b"question,answer,domain,topic\n"
             b"Who wrote the first program?,Ada Lovelace,History,computing\n"
             b"Year of the Moon landing?,1969,History,space\n"
             b"Which NumPy version added it?,1.5.0,Software,numpy\n"
             b"Inventor of the telephone?,Alexander Graham Bell,History,telecom\n")


def _gpqa_reply(text: str) -> str:
    """Answers that only the fallbacks read: the letter of the option saying 'right'."""
    for line in text.splitlines():
        if line[1:3] == ") " and line[3:].startswith("right"):
            return f"The answer is {line[0]}."
    raise AssertionError(text)


async def test_requests_carry_the_published_texts_and_letters_become_grades(
        settings: Settings) -> None:
    answers = {"first program": "Ada Lovelace", "Moon": "1968", "NumPy": "1.5",
               "telephone": "I am not sure.", "Half": "\\boxed{0.5}",
               "evens": "\\boxed{\\text{the even integers}}"}
    model_bodies: list[dict[str, Any]] = []
    judge_prompts: list[str] = []

    def model(request: httpx.Request) -> httpx.Response:
        model_bodies.append(json.loads(request.content))
        text = last_user_text(request)
        if "multiple choice" in text:
            return reply(completion(_gpqa_reply(text)))
        return reply(completion(next(a for k, a in answers.items() if k in text)))

    def judge(request: httpx.Request) -> httpx.Response:
        text = last_user_text(request)
        judge_prompts.append(text)
        if text.startswith("Look at the following two expressions"):
            return reply(completion("Yes"))
        answer = text.split("Predicted answer: ")[-1].split("\n")[0]
        letter = {"Ada Lovelace": "A", "1968": "B", "1.5": "The grade is B"}.get(answer, "D")
        return reply(completion(letter))

    async with served(settings.model_copy(update={"judge_base_url": JUDGE,
                                                  "judge_model": "judge"}), API_KEY) as client:
        assert (await client.post("/benchmarks/gpqa-diamond/items:import",
                                  json={"items": GPQA})).status_code == 200
        assert (await client.post("/benchmarks/math-500/items:import",
                                  json={"items": MATH})).status_code == 200
        assert (await client.post("/benchmarks/aa-omniscience/items:import",
                                  files={"file": ("o.csv", KNOWLEDGE)})).status_code == 200
        body = {"model": {"name": "tiny", "base_url": BASE},
                "benchmarks": ["gpqa-diamond", "math-500", "aa-omniscience"]}
        with respx.mock() as mock:
            mock.post(f"{BASE}/chat/completions").mock(side_effect=model)
            mock.post(f"{JUDGE}/chat/completions").mock(side_effect=judge)
            r = await client.post("/runs", json=body)
            assert r.status_code == 202, r.text
            status = await wait_run(client, r.json()["id"])
        assert status["status"] == "finished", status
        run_id = r.json()["id"]
        plan = status["plan"]
        samples = (await client.get(f"/runs/{run_id}/samples",
                                    params={"limit": 1000})).json()["samples"]
        results = {x["benchmark"]: x["metrics"] for x in
                   (await client.get(f"/runs/{run_id}/results")).json()}

    # the plan pins the methodology with its repeats; temperature 0 for this variant
    assert plan["methodology"]["name"] == "artificial-analysis"
    assert plan["methodology"]["deviations"] == []
    assert {b["name"]: b["repeats"] for b in plan["benchmarks"]} == {
        "gpqa-diamond": 5, "math-500": 3, "aa-omniscience": 1}
    assert {b["temperature"] for b in model_bodies} == {0.0}

    # GPQA: the published prompt, rendered from the copy of the AA v3 task
    template = str(_framework()["gpqa_diamond_aa_v3"]["prompt_template"])[:-1]
    sent = {last_user_text_of(b) for b in model_bodies}
    gpqa = [s for s in samples if s["external_id"].startswith("g")]
    assert len(gpqa) == 15
    for s in gpqa:
        item = next(i for i in GPQA if i["id"] == s["external_id"])
        shown = [item["choices"][k] for k in s["detail"]["permutation"]]
        assert template.format(Question=item["question"],
                               **dict(zip("ABCD", shown, strict=True))) in sent
        assert s["verdict"] == "correct" and s["detail"]["pattern"] == "natural_language"
    assert results["gpqa-diamond"]["extra"]["extraction"]["differs"] == 15

    # MATH-500: the published prompt; the checker gets the published template, gold first
    boxed = (PUBLISHED / "aa_boxed.template").read_text().strip().replace("\\\\", "\\")
    for item in MATH:
        assert boxed.format(Question=item["question"]) in sent
    equality = _python_string((PUBLISHED / "simple_evals_common_equality.py.txt").read_text(),
                              "EQUALITY_TEMPLATE")
    assert equality % {"expression1": "\\text{even numbers}",
                       "expression2": "\\text{the even integers}"} in judge_prompts
    assert results["math-500"]["accuracy"] == 1.0
    assert results["math-500"]["extra"]["decided_by"] == {"judge": 3, "math_verify": 3}

    # AA-Omniscience: the card's answer prompt and grader template, letters read as published
    card = (PUBLISHED / "aa_omniscience_public_card.md").read_text()
    ask = _python_string(card, "OMNISCIENCE_ANSWER_PROMPT").strip()
    grader = _python_string(card, "OMNISCIENCE_GRADER_TEMPLATE")
    assert ask.format(domain="History", topic="space") + "\n\nYear of the Moon landing?" \
        in sent
    assert grader.format(question="Year of the Moon landing?", target="1969",
                         predicted_answer="1968") in judge_prompts
    omni = results["aa-omniscience"]["extra"]
    # "The grade is B" is not one letter: NOT_ATTEMPTED, as the published code grades it
    assert omni["grades"] == {"CORRECT": 1, "PARTIAL": 0, "INCORRECT": 1, "NOT_ATTEMPTED": 2}
    assert omni["grades_unread"] == 1
    assert omni["hallucination_rate"] == pytest.approx(1 / 3)
    assert results["aa-omniscience"]["methodology"]["name"] == "artificial-analysis"


def last_user_text_of(body: dict[str, Any]) -> str:
    return str([m for m in body["messages"] if m["role"] == "user"][-1]["content"])
