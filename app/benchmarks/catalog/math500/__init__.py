"""MATH-500 (Lightman et al. 2023): the 500-problem PRM800K test split of MATH."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from app.benchmarks.base import Composed, Roles
from app.benchmarks.catalog.math500.grading import CHECKER, PROMPT, equivalent
from app.benchmarks.catalog.math500.known import known_answers
from app.benchmarks.catalog.math500.layouts import LAYOUTS
from app.benchmarks.catalog.math500.scoring import judge_math
from app.benchmarks.data_files import KnownFiles, Source
from app.benchmarks.hub_source import HubFiles, HubSource
from app.benchmarks.prompt_builders import chat_turn
from app.benchmarks.prompt_types import BuiltPrompt, PromptItem
from app.benchmarks.protocol import About, Grader, GraderUse
from app.benchmarks.roles import Attempt, Check, Models, Summary, Task
from app.benchmarks.scorers import TextScorer
from app.benchmarks.solvers import ChatSolver
from app.benchmarks.spec import BenchmarkSpec, PublishedItems
from app.benchmarks.summaries import AccuracyMetrics
from app.methodology import DEFAULT, Methodology
from app.scoring import KeyedItem, Prediction, Scope, Status, Verdict, key_of, read_payload

DEFINITIONS = {
    "math.extraction": "math_verify.parse of the whole response (after <think> blocks are "
    "removed) with the library's default extraction: boxed answers first, then final-answer "
    "expressions; nothing extracted => unparsed",
    "math.equivalence": "math_verify.verify(parse(gold), parse(answer)), gold first; when "
    "it says no and a grader is configured, the methodology's equality checker is asked "
    "(gold as the first expression); decided_by records which path decided each item "
    "(math_verify, judge, math_verify+judge), and judge_reply the grader's reply",
}

SPEC = BenchmarkSpec(
    name="math-500",
    version="prm800k-2023",
    kind="freeform",
    description=(
        "MATH-500: 500 competition problems in seven subjects and five levels, from the "
        "PRM800K split (problem, solution, answer, subject, level, unique_id)."
    ),
    scoring=(
        "math-verify reads the response (boxed answers first) and checks it against the "
        "reference (symbolic equivalence, gold first); a configured grader is then asked "
        "with the methodology's equality checker; the path that decided each item is "
        "recorded. Accuracy micro and macro over subjects; pass@1 over repeats."
    ),
    prompt_template=DEFAULT.text(PROMPT).text,
    layouts=("math500-jsonl", "jsonl"),
    default_layouts={"jsonl": "math500-jsonl"},
    hub=HubSource(
        "HuggingFaceH4/MATH-500", licence="MIT",
        files=(HubFiles("test.jsonl", "math500-jsonl"),)),
    published=PublishedItems(sizes={"test": 500}),
)


@dataclass(frozen=True)
class MathSolver(ChatSolver):
    """The methodology's math prompt."""

    def chat_prompt(self, item: PromptItem, repeat: int) -> BuiltPrompt:
        return chat_turn(self.at.methodology.text(PROMPT).render(
            question=read_payload(item.payload).question))


@dataclass(frozen=True)
class MathScorer(TextScorer):
    """Free-form math answers checked symbolically; a grader may overturn a 'wrong'.
    math-verify needs a main thread for its timeouts: judged in a worker process."""

    check: ClassVar[Check] = Check.MATH

    isolated: bool = True

    def judge(self, item: KeyedItem, prediction: Prediction) -> Verdict:
        return judge_math(item, prediction)

    async def score(self, models: Models, task: Task, attempt: Attempt) -> Verdict:
        verdict = await super().score(models, task, attempt)
        if attempt.settled is not None or models.grader is None:
            return verdict
        return await self.second_opinion(models.grader, task, verdict)

    async def second_opinion(self, grader: Grader, task: Task, verdict: Verdict) -> Verdict:
        """A symbolic 'wrong' is put to the grader, which may find the answers equivalent."""
        if (verdict.status != "wrong" or verdict.answer is None
                or (verdict.detail or {}).get("decided_by") != "math_verify"):
            return verdict
        reference = (key_of(task.item.payload) or ("",))[0]
        checked = await equivalent(grader, self.at.methodology,
                                   read_payload(task.prompt_item.payload).question, reference,
                                   verdict.answer)
        if checked.equal:
            return verdict._replace(status=Status.CORRECT, detail={
                "decided_by": "judge", "judge_reply": checked.reply})
        return verdict._replace(detail={"decided_by": "math_verify+judge",
                                        "judge_reply": checked.reply})


@dataclass(frozen=True)
class DecidedBy:
    """How many judged samples each path decided (math_verify, judge, math_verify+judge)."""

    counts: dict[str, int]

    def as_json(self) -> dict[str, Any]:
        return {"decided_by": self.counts}


@dataclass(frozen=True)
class MathMetrics(AccuracyMetrics):
    def summarize(self, items: Sequence[KeyedItem], verdicts: Sequence[Verdict],
                  scope: Scope) -> Summary | None:
        decided = Counter(str((v.detail or {}).get("decided_by")) for v in verdicts
                          if v.status in ("correct", "wrong"))
        return DecidedBy(dict(sorted(decided.items())))


def checker(methodology: Methodology) -> str:
    return methodology.text(CHECKER).text


BENCHMARK = Composed(
    SPEC, Roles(MathSolver, MathScorer, MathMetrics()),
    about=About(definitions=DEFINITIONS, grader=GraderUse.SECOND_OPINION,
                grader_prompt=checker, known_answers=known_answers,
                packages=("math-verify", "sympy", "antlr4-python3-runtime")),
    source=Source(LAYOUTS, known_files=KnownFiles(("math500/test.jsonl",))))
