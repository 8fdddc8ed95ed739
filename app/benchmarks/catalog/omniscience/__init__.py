"""AA-Omniscience-Public (Artificial Analysis): 600 knowledge questions that reward abstaining."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from app.benchmarks.base import Composed, Roles
from app.benchmarks.catalog.omniscience.answers import GradedAnswer, with_grade
from app.benchmarks.catalog.omniscience.grading import GRADER, PROMPT, grade
from app.benchmarks.catalog.omniscience.layouts import LAYOUTS
from app.benchmarks.catalog.omniscience.scoring import (
    DEFINITIONS,
    judge_omniscience,
    omniscience_metrics,
)
from app.benchmarks.data_files import KnownFiles, Source
from app.benchmarks.hub_source import HubFiles, HubSource
from app.benchmarks.prompt_builders import chat_turn
from app.benchmarks.prompt_types import BuiltPrompt, PromptItem
from app.benchmarks.protocol import About, GraderUse
from app.benchmarks.roles import Check, Models, Read, Summary, Task
from app.benchmarks.scorers import TextScorer
from app.benchmarks.solvers import ChatSolver
from app.benchmarks.spec import BenchmarkSpec, PublishedItems
from app.benchmarks.summaries import AccuracyMetrics
from app.inference import ChatReply
from app.methodology import DEFAULT, Methodology
from app.scoring import (
    Component,
    KeyedItem,
    Prediction,
    Scope,
    Verdict,
    key_of,
    proportion_se,
    read_payload,
    strip_think,
)

SPEC = BenchmarkSpec(
    name="aa-omniscience",
    version="aa-2025-public",
    kind="freeform",
    max_repeats=1,
    description=(
        "AA-Omniscience-Public: 600 short-answer questions across domains and topics "
        "(CSV: question, answer, domain, topic). Answers are graded CORRECT, INCORRECT, "
        "PARTIAL_ANSWER or NOT_ATTEMPTED by a judge with the methodology's grader, or by "
        "an uploaded grade."
    ),
    scoring=(
        "accuracy = CORRECT/N; hallucination rate = INCORRECT/(INCORRECT + PARTIAL + "
        "NOT_ATTEMPTED); component score = mean(accuracy, 1 - hallucination rate); "
        "Omniscience Index = 100 (CORRECT - INCORRECT)/N."
    ),
    prompt_template=DEFAULT.text(PROMPT).text,
    subject_label="domain",
    layouts=("omniscience-csv", "jsonl"),
    default_layouts={"csv": "omniscience-csv"},
    hub=HubSource(
        "ArtificialAnalysis/AA-Omniscience-Public", licence="Apache-2.0",
        files=(HubFiles("*.csv", "omniscience-csv"),)),
    published=PublishedItems(sizes={"test": 600}),
)


@dataclass(frozen=True)
class GradedSolver(ChatSolver):
    """Short answers asked with the methodology's knowledge prompt and graded CORRECT /
    PARTIAL / INCORRECT / NOT_ATTEMPTED by the grader: the grade is the prediction, as an
    uploaded grade is."""

    def chat_prompt(self, item: PromptItem, repeat: int) -> BuiltPrompt:
        return chat_turn(self.at.methodology.text(PROMPT).render(
            domain=item.subject, topic=str(item.meta.get("topic", item.subject)),
            question=read_payload(item.payload).question))

    async def read(self, models: Models, task: Task, reply: ChatReply) -> Read:
        if models.grader is None:
            raise RuntimeError(f"{self.at.spec.name} needs a judge model")
        content = reply.content or ""
        item = task.item
        found, raw = await grade(models.grader, self.at.methodology,
                                 read_payload(task.prompt_item.payload).question,
                                 (key_of(item.payload) or ("",))[0],
                                 strip_think(content)[0])
        detail: dict[str, Any] = {"judge_reply": raw}
        if not found.read:
            detail["grade_unread"] = True
        return Read(with_grade(item.item_id, task.repeat, content, found.grade), detail)


@dataclass(frozen=True)
class GradeScorer(TextScorer):
    """Abstaining is not a hallucination: the grade decides."""

    check: ClassVar[Check] = Check.GRADES

    def judge(self, item: KeyedItem, prediction: Prediction) -> Verdict:
        return judge_omniscience(item, prediction)


@dataclass(frozen=True)
class GradeMetrics(AccuracyMetrics):
    def summarize(self, items: Sequence[KeyedItem], verdicts: Sequence[Verdict],
                  scope: Scope) -> Summary | None:
        return omniscience_metrics(scope.pairs(items), verdicts)

    def component(self, name: str, metrics: Mapping[str, Any]) -> Component | None:
        extra: Mapping[str, Any] = metrics.get("extra") or {}
        value = extra.get("component_score")
        se = None
        if value is not None:
            n = metrics["n_items"] * max(len(metrics.get("repeats") or [0]), 1)
            correct = extra["grades"]["CORRECT"]
            a, h = extra["accuracy"], extra["hallucination_rate"]
            se = math.sqrt(proportion_se(a, n) ** 2 + proportion_se(h, n - correct) ** 2) / 2
        return Component(name, value, se, "extra.component_score",
                         reason=None if value is not None else "nothing was graded")

    @property
    def stderr_rule(self) -> str:
        return ("sqrt(se(a, N)^2 + se(h, N-C)^2) / 2, a = accuracy, h = hallucination rate, "
                "N = questions x repeats, C = correct, se(p, n) the wider side of p's 95% "
                "Wilson interval over n / 1.96 (0 where n = 0)")


def grader_template(methodology: Methodology) -> str:
    return methodology.text(GRADER).text


BENCHMARK = Composed(
    SPEC, Roles(GradedSolver, GradeScorer, GradeMetrics()),
    about=About(definitions=DEFINITIONS, grader=GraderUse.GRADES, answer_fields=GradedAnswer,
                grader_prompt=grader_template),
    source=Source(LAYOUTS, known_files=KnownFiles(("aa_omniscience/*.csv",
                                                   "omniscience/*.csv"))))
