"""The roles a benchmark is composed of, each a protocol of two or three members: a solver
turns an item into an attempt with a model, a scorer turns the attempt into a verdict, its
metrics turn verdicts into a summary and a run into an index component. Where items come
from is the fourth (app.benchmarks.data_files.Source). The executor asks the solver, then
the scorer, and nothing else."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar, Protocol

from app.benchmarks.outcome import Outcome
from app.benchmarks.prompt_types import BuiltPrompt, PromptItem, Style
from app.benchmarks.spec import BenchmarkSpec
from app.inference import ChatRunner, Likelihoods, Limits, Message, ReplyStats
from app.methodology import Methodology
from app.scoring import Component, KeyedItem, Prediction, Scope, Verdict


@dataclass(frozen=True)
class Bound:
    """What a role is made for: the benchmark's spec, its registered behaviour (the key a
    scoring worker finds it by) and the methodology its run pins."""

    spec: BenchmarkSpec
    key: str
    methodology: Methodology


@dataclass(frozen=True)
class Task:
    """One (item, repeat) to solve: the item as prompts show it, its key, few-shot items."""

    prompt_item: PromptItem
    item: KeyedItem
    repeat: int
    shots: Sequence[PromptItem] = ()


@dataclass(frozen=True)
class Read:
    """A reply read as a prediction, with what the reading leaves on the sample."""

    prediction: Prediction
    detail: Mapping[str, Any] = field(default_factory=dict)


@dataclass
class Attempt:
    """What a solver got from the model: the prediction a scorer reads and what the sample
    keeps. `settled` is a verdict reached without scoring (the prompt did not fit, the
    reply was cut off)."""

    prediction: Prediction
    prompt: str
    response: str | None
    detail: dict[str, Any] = field(default_factory=dict)
    stats: ReplyStats = field(default_factory=ReplyStats)
    settled: Verdict | None = None

    def outcome(self, verdict: Verdict) -> Outcome:
        """The sample: the attempt's detail with the verdict's evidence over it."""
        return Outcome(verdict, self.prompt, self.response,
                       {**self.detail, **(verdict.detail or {})}, self.stats)


class Likelihood(Protocol):
    """A local model's log P of each continuation after the context (the executor keeps
    its reuse calibration per benchmark)."""

    async def __call__(self, benchmark: str, built: BuiltPrompt) -> Likelihoods: ...


class Show(Protocol):
    """A treatment of the messages before they are sent (the question as an image)."""

    async def __call__(self, messages: list[Message], task: Task
                       ) -> tuple[list[Message], Any]: ...


class SampleJudging(Protocol):
    """Judges one prediction with a bound benchmark's scorer, where the scorer says (this
    process or the scoring worker) and within the one time limit of a sample; posted
    predictions are judged the same way (app.runs.judging)."""

    async def __call__(self, at: Bound, scorer: Scorer, item: KeyedItem,
                       prediction: Prediction) -> Verdict: ...


@dataclass(frozen=True)
class Models:
    """The run's models as solvers and scorers reach them, and how a sample is judged; the
    executor provides them."""

    chat: ChatRunner
    limits: Limits
    judging: SampleJudging
    grader: ChatRunner | None = None
    likelihood: Likelihood | None = None
    show: Show | None = None


class Solver(Protocol):
    """Turns an item into an attempt with a model: one chat, options scored by likelihood,
    or a conversation with tools."""

    @property
    def styles(self) -> Sequence[Style]:
        """The prompt styles it can ask in ("chat" always)."""
        ...

    def prompt(self, item: PromptItem, style: Style, repeat: int = 0,
               shots: Sequence[PromptItem] = ()) -> BuiltPrompt:
        """What a model is sent; PromptUnavailable for a style it lacks."""
        ...

    async def solve(self, models: Models, task: Task) -> Attempt: ...


class Check(StrEnum):
    """How a sample's verdict is judged again from a run's bundle alone (app.bundles), by
    code that is not PocketEval's: the scorer's kind, not its name."""

    TEXT = "text"  # the normalized response matched against the references
    CHOICE = "choice"  # the letter the methodology's chain reads, or the likeliest option
    SHUFFLED_CHOICE = "shuffled-choice"  # the same against the letter the options were shown
    MATH = "math"  # math-verify, gold first
    INSTRUCTIONS = "instructions"  # the official instruction checkers, loose prompt level
    TOOL_CALLS = "tool-calls"  # the official AST checker of function calls
    GRADES = "grades"  # a grader's reply read by the methodology's rule


class Scorer(Protocol):
    """An attempt (or a posted prediction) judged against the item's key."""

    check: ClassVar[Check]

    @property
    def isolated(self) -> bool:
        """Whether judging runs model-chosen code or slow libraries: in a worker process."""
        ...

    def judge(self, item: KeyedItem, prediction: Prediction) -> Verdict:
        """Pure: posted predictions and the scoring worker call it."""
        ...

    async def score(self, models: Models, task: Task, attempt: Attempt) -> Verdict:
        """The verdict on a model's attempt, a grader asked where the benchmark asks one."""
        ...


class Summary(Protocol):
    """A benchmark's own metrics beside the common ones (stored as the metrics' `extra`)."""

    def as_json(self) -> dict[str, Any]: ...


class Metrics(Protocol):
    """Verdicts summarized, and a run's stored metrics read as an index component."""

    def summarize(self, items: Sequence[KeyedItem], verdicts: Sequence[Verdict],
                  scope: Scope) -> Summary | None: ...

    def component(self, name: str, metrics: Mapping[str, Any]) -> Component | None:
        """A run's stored metrics read as the index component `name` (which benchmarks
        give one is data: app.benchmarks.suites)."""
        ...

    @property
    def stderr_rule(self) -> str: ...
