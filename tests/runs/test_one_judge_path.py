"""One way to judge a sample: a run's attempt (app.runs.judging.judge_sample, what a
scorer's `score` asks) and a posted prediction (app.runs.posted.judge_batch) get the same
verdict under the same time limit, in this process and in the scoring worker alike."""

from __future__ import annotations

import pytest

from app.benchmarks.registry import by_key
from app.benchmarks.roles import Bound
from app.runs import judging
from app.runs.posted import judge_batch
from app.scoring.predictions import Judged, Matched, Prediction
from app.scoring.verdicts import KeyedItem, Status, Verdict
from app.server_pools.isolation import IsolatedTimeout

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


@pytest.mark.anyio
@pytest.mark.parametrize("name", sorted(ANSWERS))
async def test_a_prediction_gets_one_verdict_on_both_routes(name: str) -> None:
    item, responses = ANSWERS[name]
    statuses = set()
    for response in responses:
        run, posted = await _both_routes(name, item, response)
        assert run == posted
        statuses.add(run.status)
    assert {Status.CORRECT, Status.WRONG} <= statuses  # the cases tell verdicts apart


@pytest.mark.anyio
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


def test_a_batch_whose_worker_overruns_is_judged_again_one_by_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker that overran a batch (a judge that never returned) is stopped; the batch's
    samples are judged again alone, so the one that never returns is the only error and the
    others keep the verdicts the worker gives them."""
    benchmark = by_key("math-500")
    judge = judging.SampleJudge(Bound(benchmark.spec, benchmark.key, benchmark.methodology),
                                benchmark.scorer)
    responses = ["$\\boxed{0.5}$", "never returns", "$\\boxed{3}$"]
    matched = [Matched(i, MATH, Prediction(MATH.item_id, repeat=i, response=r))
               for i, r in enumerate(responses)]
    in_worker = judging.SampleJudge._in_worker
    asked: list[int] = []

    def overrunning(self: judging.SampleJudge, batch: list[Matched]) -> list[Judged]:
        asked.append(len(batch))
        if len(batch) > 1 or batch[0].prediction.response == "never returns":
            raise IsolatedTimeout("took longer than 61 s")
        return in_worker(self, batch)

    monkeypatch.setattr(judging.SampleJudge, "_in_worker", overrunning)
    judged = judge.judge_all(matched)
    assert asked == [3, 1, 1, 1]
    assert [v.status for v in judged if isinstance(v, Verdict)] == \
        [Status.CORRECT, Status.ERROR, Status.WRONG]
    assert [v.repeat for v in judged if isinstance(v, Verdict)] == [0, 1, 2]
    stopped = judged[1]
    assert isinstance(stopped, Verdict)
    assert (stopped.detail or {})["error"] == \
        "JudgeTimeLimit: judging took longer than 61 s and was stopped"
