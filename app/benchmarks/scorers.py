"""The ordinary scorers: a response judged as text, or its letter read by the methodology
and judged against the key. A catalog entry subclasses one to judge its own way; a scorer
that runs model-chosen code or slow libraries judges in the scoring worker process. A
judge that raises, or runs past its time, gives the sample an `error` verdict."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import ClassVar

from app.benchmarks.measure import verdict_by_key
from app.benchmarks.roles import Attempt, Bound, Check, Models, Task
from app.scoring.predictions import Prediction, judge_freeform, judge_mcq, judge_or_error
from app.scoring.verdicts import KeyedItem, Verdict, error_verdict
from app.server_pools.isolation import IsolatedTimeout, run_isolated

SCORING_TIMEOUT_S = 120.0


@dataclass(frozen=True)
class TextScorer:
    """The response normalized and matched against the references."""

    check: ClassVar[Check] = Check.TEXT

    at: Bound
    isolated: bool = False

    def judge(self, item: KeyedItem, prediction: Prediction) -> Verdict:
        return judge_freeform(item, prediction)

    async def score(self, models: Models, task: Task, attempt: Attempt) -> Verdict:
        if attempt.settled is not None:
            return attempt.settled
        if not self.isolated:
            return judge_or_error(self.judge, task.item, attempt.prediction)
        try:
            return await asyncio.to_thread(run_isolated, verdict_by_key, self.at.key,
                                           self.at.methodology.label, task.item,
                                           attempt.prediction, timeout_s=SCORING_TIMEOUT_S)
        except IsolatedTimeout as exc:  # the scorer's time, not the model's answer
            return error_verdict(task.item, task.repeat, exc)


@dataclass(frozen=True)
class ChoiceScorer(TextScorer):
    """The chosen letter, as the methodology reads it, judged against the key."""

    check: ClassVar[Check] = Check.CHOICE

    def judge(self, item: KeyedItem, prediction: Prediction) -> Verdict:
        return judge_mcq(item, prediction, self.at.methodology.reader)
