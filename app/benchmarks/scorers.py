"""The ordinary scorers: a response judged as text, or its letter read by the methodology
and judged against the key. A catalog entry subclasses one to judge its own way; a scorer
that runs model-chosen code or slow libraries is `isolated`: the run's judging
(app.benchmarks.roles.SampleJudging) judges it in the scoring worker process. A judge that
raises, or runs past its time, gives the sample an `error` verdict."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from app.benchmarks.roles import Attempt, Bound, Check, Models, Task
from app.scoring import KeyedItem, Prediction, Verdict, judge_freeform, judge_mcq


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
        return await models.judging(self.at, self, task.item, attempt.prediction)


@dataclass(frozen=True)
class ChoiceScorer(TextScorer):
    """The chosen letter, as the methodology reads it, judged against the key."""

    check: ClassVar[Check] = Check.CHOICE

    def judge(self, item: KeyedItem, prediction: Prediction) -> Verdict:
        return judge_mcq(item, prediction, self.at.methodology.reader)
