"""One way to judge a sample: a run's attempt (app.runs.judging.judge_sample, what a
scorer's `score` asks) and a posted prediction (app.runs.posted.judge_batch) get the same
verdict under the same time limit, in this process and in the scoring worker alike."""

from __future__ import annotations

import pytest

from app.benchmarks.registry import by_key
from app.benchmarks.roles import Bound
from app.runs import judging
from app.runs.posted import judge_batch
from app.scoring.predictions import Prediction
from app.scoring.verdicts import KeyedItem, Status, Verdict

pytestmark = pytest.mark.anyio

MATH = KeyedItem(1, "Algebra", None, frozenset({"\\frac{1}{2}"}), "m1",
                 {"references": ["\\frac{1}{2}"]})
CHOICE = KeyedItem(2, "physics", 4, frozenset({"B"}), "c2")
ANSWERS = {  # benchmark -> (item, predictions that must agree on both routes)
    "math-500": (MATH, ["The answer is $\\boxed{0.5}$.", "So $\\boxed{2}$.", "no answer"]),
    "mobile-mmlu": (CHOICE, ["Answer: B", "Answer: C", "I cannot tell"]),
}


async def _both_routes(name: str, item: KeyedItem, response: str) -> tuple[Verdict, Verdict]:
    benchmark = by_key(name)
    scorer = benchmark.scorer
    run = await judging.judge_sample(Bound(benchmark.spec, benchmark.key,
                                           benchmark.methodology), scorer, item,
                                     Prediction(item.item_id, repeat=2, response=response))
    batch = judge_batch(benchmark, {item.item_id: item}, {},
                        [Prediction(external_id=None, item_id=item.item_id, repeat=2,
                                    response=response)])
    assert not batch.errors and not batch.unknown
    (posted,) = batch.verdicts
    return run, posted


@pytest.mark.parametrize("name", sorted(ANSWERS))
async def test_a_prediction_gets_one_verdict_on_both_routes(name: str) -> None:
    item, responses = ANSWERS[name]
    statuses = set()
    for response in responses:
        run, posted = await _both_routes(name, item, response)
        assert run == posted
        statuses.add(run.status)
    assert {Status.CORRECT, Status.WRONG} <= statuses  # the cases tell verdicts apart


@pytest.mark.parametrize("name", sorted(ANSWERS))
async def test_judging_past_the_limit_is_an_error_on_both_routes(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A limit no judge can meet (a nanosecond): the sample is an `error` on both routes,
    never a verdict on the model; math-500 is judged in the scoring worker, which gets the
    limit with the work."""
    monkeypatch.setattr(judging, "JUDGE_LIMIT_S", 1e-9)
    item, responses = ANSWERS[name]
    run, posted = await _both_routes(name, item, responses[0])
    for verdict in (run, posted):
        assert verdict.status == Status.ERROR and verdict.repeat == 2
        assert "longer than the limit of 1e-09 s a sample" in str((verdict.detail or {})["error"])
    assert by_key(name).scorer.isolated == (name == "math-500")
