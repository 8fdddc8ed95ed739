"""The one protocol every benchmark implements: what planning, the executor, results, the
index and the audits may ask of a benchmark. Each catalog folder provides one such object
(app/benchmarks/catalog/<name>/); custom benchmarks get a family's (app.benchmarks.families).
Nothing outside the catalog knows a benchmark by its name."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol

from app.benchmarks.answer_fields import AnswerFields
from app.benchmarks.data_files import Source
from app.benchmarks.outcome import Outcome
from app.benchmarks.prompt_types import BuiltPrompt, PromptItem
from app.benchmarks.spec import BenchmarkSpec
from app.methodology import Methodology
from app.runners.base import ChatReply, ChatRunner
from app.runners.messages import Limits
from app.scoring.index import Component
from app.scoring.predictions import Prediction
from app.scoring.verdicts import KeyedItem, Verdict

# The grader port: a model that grades answers, injected by whoever runs the benchmark.
Grader = ChatRunner


class GraderUse(StrEnum):
    """What a configured grader model does for a benchmark's endpoint and GGUF runs."""

    NONE = "none"
    GRADES = "grades"  # every answer is graded by the grader
    SECOND_OPINION = "second-opinion"  # asked only when the symbolic check says wrong


@dataclass(frozen=True)
class ShownOptions:
    """An item's options as a prompt of one repeat shows them, and the key's letters."""

    choices: list[str]
    answers: list[str]


class Conversation(Protocol):
    """Items answered over several steps (tool environments): the benchmark drives them."""

    async def __call__(self, model: ChatRunner, limits: Limits, built: BuiltPrompt,
                       item: KeyedItem, repeat: int) -> Outcome: ...


class Benchmark(Protocol):
    """A benchmark's behaviour beside its data (`spec`)."""

    @property
    def spec(self) -> BenchmarkSpec: ...
    @property
    def key(self) -> str:
        """The registered behaviour: derived versions and custom sets share a key."""
        ...
    @property
    def source(self) -> Source:
        """Where its items come from: import layouts, files found at start-up."""
        ...
    @property
    def isolated(self) -> bool:
        """Whether scoring runs model-chosen code or slow libraries: in a worker process."""
        ...
    @property
    def grader_use(self) -> GraderUse: ...
    @property
    def grader_prompt(self) -> str: ...
    @property
    def methodology(self) -> Methodology: ...
    @property
    def prompt_sha256(self) -> str:
        """The spec's templates and the methodology's texts, hashed together."""
        ...
    @property
    def definitions(self) -> Mapping[str, str]: ...
    @property
    def packages(self) -> Sequence[str]:
        """Distributions its scoring depends on (versions go into reproducibility records)."""
        ...
    @property
    def loglikelihood_capable(self) -> bool: ...
    @property
    def answer_fields(self) -> type[AnswerFields] | None:
        """The prediction fields it reads beyond the shared ones (the posted request body
        takes every registered benchmark's)."""
        ...

    def with_spec(self, spec: BenchmarkSpec) -> Benchmark: ...
    def with_methodology(self, methodology: Methodology) -> Benchmark:
        """The same benchmark asked, read and graded by another methodology."""
        ...
    def chat_prompt(self, item: PromptItem, repeat: int) -> BuiltPrompt: ...
    def loglikelihood_prompt(self, item: PromptItem, shots: Sequence[PromptItem]
                             ) -> BuiltPrompt: ...
    def shown_options(self, item: PromptItem, repeat: int) -> ShownOptions | None: ...
    def conversation(self, item: KeyedItem) -> Conversation | None: ...
    def judge(self, item: KeyedItem, prediction: Prediction) -> Verdict: ...
    def summarize(self, items: Sequence[KeyedItem], verdicts: Sequence[Verdict],
                  repeats: int) -> dict[str, Any]: ...
    async def prediction(self, grader: Grader | None, prompt_item: PromptItem,
                         item: KeyedItem, repeat: int, reply: ChatReply,
                         detail: dict[str, Any]) -> Prediction: ...
    async def second_opinion(self, grader: Grader, prompt_item: PromptItem, item: KeyedItem,
                             verdict: Verdict) -> Verdict: ...
    def index_component(self, name: str, metrics: Mapping[str, Any]) -> Component | None:
        """A run's stored metrics read as the index component `name` (which benchmarks give
        one is data: app.benchmarks.suites)."""
        ...
    def index_stderr_rule(self) -> str: ...
