"""The scorecard equals a hand computation from its component runs: a plain run (response
lengths against scores, numpy's correlation), an option-order audit (its spread) and a
vision-only audit (its gap), and the streamed run's times to first token, weighted
0.4 / 0.3 / 0.2 / 0.05 / 0.05 and renormalised when a component has no data."""

from __future__ import annotations

import json
import re

import httpx
import numpy as np
import pytest
import respx
from fastapi import FastAPI
from sqlalchemy import select

from app.records.run_enums import RunKind, SampleStyle
from app.records.run_plan import BenchmarkPlan, EndpointPlan, RunPlan
from app.scoring import scorecard_stats
from app.tables import Run, Sample
from tests.support.databases import store_incidental
from tests.support.factories import mcq_rows, wait_run
from tests.support.fake_openai import completion, reply, streamed

pytestmark = [pytest.mark.anyio, store_incidental]
BASE = "http://127.0.0.1:9/v1"
ROWS = [{**r, "choices": [f"{r['question']} option {j}" for j in range(4)]}
        for r in mcq_rows(24)]
KEY_TEXT = {str(r["question"]): r["choices"]["ABCD".index(str(r["answer"]))] for r in ROWS}


def _model(request: httpx.Request) -> httpx.Response:
    answer = _answer(request)
    return streamed(answer.json()) if json.loads(request.content).get("stream") else answer


def _answer(request: httpx.Request) -> httpx.Response:
    content = json.loads(request.content)["messages"][-1]["content"]
    if isinstance(content, list):  # a rendered prompt: it cannot read it
        return reply(completion("Answer: A"))
    question = next(q for q in KEY_TEXT if q in content)
    number = int(re.findall(r"\d+", question)[0])
    if number % 3 == 0:  # wrong, and long-winded
        return reply(completion("Answer: A" if "A) " + KEY_TEXT[question] not in content
                                else "Answer: B", completion_tokens=60 + number))
    found = re.search(rf"^([A-D])\) {re.escape(KEY_TEXT[question])}$", content, re.M)
    assert found is not None
    return reply(completion(f"Answer: {found.group(1)}", completion_tokens=10 + number))


async def _run(client: httpx.AsyncClient, stream: bool = False, **body: object) -> int:
    r = await client.post("/runs", json={"model": {"name": "m", "base_url": BASE,
                                                   "stream": stream},
                                         "benchmarks": ["mmlu"], "concurrency": 4, **body})
    assert r.status_code == 202, r.text
    status = await wait_run(client, r.json()["id"])
    assert status["status"] == "finished", status
    return int(status["id"])


async def test_the_scorecard_equals_a_hand_computation(client: httpx.AsyncClient) -> None:
    assert (await client.post("/benchmarks/mmlu/items:import",
                              json={"items": ROWS})).status_code == 200
    with respx.mock() as mock:
        mock.post(f"{BASE}/chat/completions").mock(side_effect=_model)
        plain = await _run(client, stream=True, repeats=1)
        order = await _run(client, audit={"kind": "option-order", "permutations": 1})
        vision = await _run(client, audit={"kind": "vision-only"})
    samples = (await client.get(f"/runs/{plain}/samples", params={"limit": 100})).json()
    details = {s["id"]: s for s in samples["samples"]}
    assert len(details) == 24
    spread = (await client.get(f"/runs/{order}/audits/option-order")).json()["spread"]
    gap = next(g["difference"] for g in (await client.get(
        f"/runs/{vision}/audits/vision-only")).json()["gaps"] if g["treatment"] == "vision")
    # lengths from the mock's own rule, scores from the run
    lengths, scores = [], []
    for s in details.values():
        number = int(re.findall(r"\d+", s["external_id"])[0])
        lengths.append(60 + number if number % 3 == 0 else 10 + number)
        scores.append(s["score"])
    r = float(np.corrcoef(lengths, scores)[0, 1])
    # first tokens: a limit just past the median of the stored times splits the right
    # answers; halfway to the next time, so the limit's trip through seconds cannot move a
    # time across it
    ttfts = sorted(s["ttft_ms"] for s in details.values())
    assert all(t is not None and t > 0 for t in ttfts)
    median = ttfts[len(ttfts) // 2]
    limit_ms = (median + next(t for t in ttfts if t > median)) / 2
    right = [s for s in details.values() if s["score"] > 0]
    in_time = sum(s["ttft_ms"] <= limit_ms for s in right) / len(right)
    expected = {"modality_fusion": 1 - abs(gap), "distractor_robustness": 1 - abs(spread),
                "reasoning_depth": (r + 1) / 2, "response_speed": 1.0,
                "first_token_speed": in_time}
    card = (await client.get("/models/m/scorecard",
                             params={"ttft_limit_s": limit_ms / 1000})).json()
    got = {c["name"]: c for c in card["components"]}
    for name, value in expected.items():
        assert got[name]["value"] == pytest.approx(value, abs=1e-12), name
    assert got["reasoning_depth"]["n_samples"] == 24 and got["reasoning_depth"]["runs"] == [plain]
    assert got["modality_fusion"]["runs"] == [vision] and card["missing"] == []
    assert got["first_token_speed"]["runs"] == [plain]
    assert card["score"] == pytest.approx(0.4 * expected["modality_fusion"]
                                          + 0.3 * expected["distractor_robustness"]
                                          + 0.2 * expected["reasoning_depth"] + 0.05
                                          + 0.05 * in_time)
    custom = (await client.get("/models/m/scorecard", params={
        "weights": "modality_fusion:0,reasoning_depth:1", "ttft_limit_s": 3600})).json()
    total = 0.3 + 1 + 0.05 + 0.05
    assert custom["score"] == pytest.approx((0.3 * expected["distractor_robustness"]
                                             + expected["reasoning_depth"] + 0.1) / total)
    never = (await client.get("/models/m/scorecard", params={"ttft_limit_s": 1e-9})).json()
    assert {c["name"]: c["value"] for c in never["components"]}["first_token_speed"] == 0.0


async def test_components_without_data_are_named(client: httpx.AsyncClient) -> None:
    await client.post("/benchmarks", json={"name": "quiz", "kind": "mcq"})
    await client.post("/benchmarks/quiz/items:import", json={"items": mcq_rows(4)})
    items = (await client.get("/benchmarks/quiz/items")).json()["items"]
    await client.post("/benchmarks/quiz/score", json={"model": "posted", "predictions": [
        {"item_id": it["id"], "answer": "A"} for it in items]})
    card = (await client.get("/models/posted/scorecard")).json()
    assert card["score"] is None and set(card["missing"]) == {
        "modality_fusion", "distractor_robustness", "reasoning_depth", "response_speed",
        "first_token_speed"}
    for weights in ("speed:1", "reasoning_depth:1001", "reasoning_depth"):
        r = await client.get("/models/posted/scorecard", params={"weights": weights})
        assert r.status_code == 422, weights  # the document's pattern names the components
        assert [e["field"] for e in r.json()["errors"]] == ["query.weights"]
    r = await client.get("/models/posted/scorecard",
                         params={"weights": "reasoning_depth:1000, response_speed:0.5"})
    assert r.status_code == 200, r.text
    assert (await client.get("/models/nobody/scorecard")).status_code == 404


def test_a_score_needs_enough_components() -> None:
    values = {"modality_fusion": None, "distractor_robustness": None, "reasoning_depth": None,
              "response_speed": 1.0, "first_token_speed": None}
    one = scorecard_stats.combine(values, scorecard_stats.DEFAULT_WEIGHTS)
    assert one.value is None and one.used == 1 and one.weights == {"response_speed": 1.0}
    three = scorecard_stats.combine({**values, "reasoning_depth": 0.5, "first_token_speed": 0.8},
                                    scorecard_stats.DEFAULT_WEIGHTS)
    assert three.used == 3 == scorecard_stats.MIN_COMPONENTS
    assert three.value == pytest.approx((0.05 * 1.0 + 0.2 * 0.5 + 0.05 * 0.8) / 0.3)


@pytest.mark.parametrize("style", [SampleStyle.LOGLIKELIHOOD, SampleStyle.CHAT])
async def test_reasoning_depth_reads_generated_answers_only(
        app: FastAPI, client: httpx.AsyncClient, style: SampleStyle) -> None:
    """Loglikelihood samples have no generated text: a run that scored by loglikelihood
    gives reasoning depth nothing, the same run answered in chat does."""
    await client.post("/benchmarks", json={"name": "quiz", "kind": "mcq"})
    await client.post("/benchmarks/quiz/items:import", json={"items": mcq_rows(8)})
    items = (await client.get("/benchmarks/quiz/items")).json()["items"]
    r = await client.post("/benchmarks/quiz/score", json={"model": "m", "predictions": [
        {"item_id": it["id"], "answer": it["answers"][0] if i % 2 else "D"}
        for i, it in enumerate(items)]})
    run_id = r.json()["run_id"]
    with app.state.sessionmaker.begin() as session:
        run = session.get_one(Run, run_id)
        run.kind = RunKind.ENDPOINT
        run.config = RunPlan(
            benchmarks=[BenchmarkPlan(name="quiz", benchmark_id=run.benchmark_id or 0,
                                      split=None, repeats=1, item_ids=[], style=style)],
            model=EndpointPlan(base_url="http://127.0.0.1:9/v1", model="m"))
        for sample in session.scalars(select(Sample).where(Sample.run_id == run_id)):
            sample.completion_tokens = 0 if style is SampleStyle.LOGLIKELIHOOD \
                else 10 + 40 * int(sample.score)
    card = (await client.get("/models/m/scorecard")).json()
    depth = {c["name"]: c for c in card["components"]}["reasoning_depth"]
    if style is SampleStyle.LOGLIKELIHOOD:
        assert depth["value"] is None and depth["runs"] == [] and depth["n_samples"] == 0
    else:
        assert depth["value"] == 1.0 and depth["runs"] == [run_id] and depth["n_samples"] == 8
    assert card["components_used"] == len(card["components"]) - len(card["missing"])
    assert card["score"] is None  # at most two components with data
