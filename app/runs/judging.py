"""One way to judge a sample, for a run's attempts and for posted predictions alike.

A scorer that runs model-chosen code or slow libraries (`isolated`) judges in the scoring
worker process (app.server_pools.isolation), others in this one. Either way one time limit
holds for each sample: judging that takes longer than `JUDGE_LIMIT_S` gives the sample an
`error` verdict, on both routes, so the same prediction cannot time out on one and not on the
other. The worker measures each sample itself; a batch of posted predictions is only killed
when the worker overruns the sum of its samples' limits (a judge that never returns), and then
its samples are judged again one by one, so that only the sample at fault is an error."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial

from app.benchmarks import Bound, Scorer, by_key
from app.methodology import by_label
from app.scoring import (
    AnswerError,
    Judged,
    KeyedItem,
    Matched,
    Prediction,
    Verdict,
    VerdictFn,
    error_verdict,
    judge_matched,
)
from app.server_pools import IsolatedTimeout, run_isolated

JUDGE_LIMIT_S = 60.0  # one sample: math-verify's two calls of at most 5 s each, and slack
WORKER_START_S = 60.0  # a fresh worker importing the scorers, on a loaded host
CHUNK = 500  # posted predictions judged in one call to the worker


class JudgeTimeLimit(Exception):
    """Judging one sample took longer than the limit."""


def judged_in_time(judge: VerdictFn, limit_s: float, item: KeyedItem, prediction: Prediction
                   ) -> Verdict:
    """judge(item, prediction), an `error` verdict past the limit (the check's time says
    nothing about the model). AnswerError, the prediction's own fault, propagates."""
    started = time.perf_counter()
    verdict = judge(item, prediction)
    spent = time.perf_counter() - started
    if spent > limit_s:
        return error_verdict(item, prediction.repeat, JudgeTimeLimit(
            f"judging took {spent:.1f} s, longer than the limit of {limit_s:g} s a sample"))
    return verdict


def judged_by_key(key: str, methodology: str, limit_s: float, matched: Sequence[Matched]
                  ) -> list[Judged]:
    """The scoring worker's entry point: the registered behaviour is found by its key under
    a methodology (by label), plain arguments rather than the benchmark object."""
    scorer = by_key(key).variant(methodology=by_label(methodology)).scorer
    return judge_matched(partial(judged_in_time, scorer.judge, limit_s), matched)


@dataclass(frozen=True)
class SampleJudge:
    """How one bound benchmark's samples are judged: where, and within which limit."""

    at: Bound
    scorer: Scorer
    limit_s: float = field(default_factory=lambda: JUDGE_LIMIT_S)

    def judge_all(self, matched: Sequence[Matched]) -> list[Judged]:
        """Each matched prediction judged, in order (blocking)."""
        if not self.scorer.isolated:
            return judge_matched(partial(judged_in_time, self.scorer.judge, self.limit_s),
                                 matched)
        judged: list[Judged] = []
        for start in range(0, len(matched), CHUNK):
            chunk = matched[start:start + CHUNK]
            try:
                judged += self._in_worker(chunk)
            except IsolatedTimeout:  # one judge never returned: find it
                judged += [self._alone(m) for m in chunk]
        return judged

    def _in_worker(self, matched: Sequence[Matched]) -> list[Judged]:
        # only the items judged travel to the worker process
        judged: list[Judged] = run_isolated(
            judged_by_key, self.at.key, self.at.methodology.label, self.limit_s,
            list(matched), timeout_s=WORKER_START_S + self.limit_s * len(matched))
        return judged

    def _alone(self, m: Matched) -> Judged:
        try:
            return self._in_worker([m])[0]
        except IsolatedTimeout as exc:
            return error_verdict(m.item, m.prediction.repeat, JudgeTimeLimit(
                f"judging {exc} and was stopped"))

    def judge_one(self, item: KeyedItem, prediction: Prediction) -> Verdict:
        """One sample's verdict; AnswerError where the prediction's own form is wrong."""
        (judged,) = self.judge_all([Matched(0, item, prediction)])
        if isinstance(judged, Verdict):
            return judged
        raise AnswerError(judged[1])


async def judge_sample(at: Bound, scorer: Scorer, item: KeyedItem, prediction: Prediction
                       ) -> Verdict:
    """A run's attempt judged (app.benchmarks.roles.SampleJudging): off the event loop where
    it waits for the worker process."""
    judge = SampleJudge(at, scorer)
    if not scorer.isolated:
        return judge.judge_one(item, prediction)
    return await asyncio.to_thread(judge.judge_one, item, prediction)
