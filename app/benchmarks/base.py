"""The shared behaviour benchmarks start from: multiple choice and free text. A catalog
entry is one of these (or a subclass that overrides what differs), and a custom benchmark
is one of them with the user's spec. Pure: no database or HTTP."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from app.benchmarks.answer_fields import AnswerFields
from app.benchmarks.data_files import Source
from app.benchmarks.prompt_builders import (
    chat_turn,
    generative_mcq,
    loglikelihood_prompt,
    render_user_template,
)
from app.benchmarks.prompt_types import BuiltPrompt, PromptItem, PromptUnavailable
from app.benchmarks.protocol import (
    Benchmark,
    Conversation,
    Grader,
    GraderUse,
    ShownOptions,
)
from app.benchmarks.spec import BenchmarkSpec
from app.methodology import DEFAULT, Methodology
from app.runners.base import ChatReply
from app.scoring.answer_chain import reading_summary
from app.scoring.index import Component
from app.scoring.predictions import Prediction, judge_freeform, judge_mcq
from app.scoring.verdicts import KeyedItem, Verdict


@dataclass(frozen=True)
class BaseBenchmark:
    """Defaults for every benchmark: a plain chat prompt, the response judged as text."""

    spec: BenchmarkSpec
    key: str = ""  # the registered behaviour; default: the spec's name
    source: Source = Source()  # import layouts, files found at start-up
    isolated: bool = False
    grader_use: GraderUse = GraderUse.NONE
    definitions: Mapping[str, str] = field(default_factory=dict)
    index_metric: str = "accuracy"  # what its index component reads
    packages: Sequence[str] = ()
    # a custom benchmark's own prompt_template renders its chat prompt
    user_template: bool = False
    # the prompts, answer reading and grading a run pins (app.methodology)
    methodology: Methodology = DEFAULT
    # prediction fields it reads beyond answer, response and tool calls
    answer_fields: type[AnswerFields] | None = None

    def __post_init__(self) -> None:
        if not self.key:
            object.__setattr__(self, "key", self.spec.name)

    @property
    def loglikelihood_capable(self) -> bool:
        return False

    @property
    def grader_prompt(self) -> str:
        """The grader's template under this methodology (hashed into runs' judge plans)."""
        return ""

    @property
    def prompt_sha256(self) -> str:
        """What a run records of how its items were asked: the benchmark's own templates
        (its spec) and the texts of the methodology it asks them under."""
        both = f"{self.spec.prompt_template_sha256}:{self.methodology.sha256}"
        return hashlib.sha256(both.encode()).hexdigest()

    def with_methodology(self, methodology: Methodology) -> Benchmark:
        return replace(self, methodology=methodology)

    def with_spec(self, spec: BenchmarkSpec) -> Benchmark:
        """The same behaviour for another version (a derived set); under its own name it
        is in no suite and gives no index component (app.benchmarks.suites)."""
        return replace(self, spec=spec)

    def chat_prompt(self, item: PromptItem, repeat: int) -> BuiltPrompt:
        if self.user_template and self.spec.prompt_template:
            return chat_turn(render_user_template(self.spec.prompt_template, item))
        return chat_turn(str(item.payload["question"]))

    def loglikelihood_prompt(self, item: PromptItem, shots: Sequence[PromptItem]
                             ) -> BuiltPrompt:
        raise PromptUnavailable(f"{self.spec.name} has no loglikelihood form; use chat")

    def shown_options(self, item: PromptItem, repeat: int) -> ShownOptions | None:
        choices = list(item.payload.get("choices") or [])
        answers = list(item.payload.get("answers") or [])
        return ShownOptions(choices, answers) if choices else None

    def conversation(self, item: KeyedItem) -> Conversation | None:
        return None

    def judge(self, item: KeyedItem, prediction: Prediction) -> Verdict:
        return judge_freeform(item, prediction)

    def summarize(self, items: Sequence[KeyedItem], verdicts: Sequence[Verdict],
                  repeats: int) -> dict[str, Any]:
        return {}

    async def prediction(self, grader: Grader | None, prompt_item: PromptItem,
                         item: KeyedItem, repeat: int, reply: ChatReply,
                         detail: dict[str, Any]) -> Prediction:
        """What a model's reply is scored as (a grader may be asked first)."""
        return Prediction(item_id=item.item_id, repeat=repeat, response=reply.content or "")

    async def second_opinion(self, grader: Grader, prompt_item: PromptItem, item: KeyedItem,
                             verdict: Verdict) -> Verdict:
        return verdict

    def index_component(self, name: str, metrics: Mapping[str, Any]) -> Component | None:
        """A run's stored metrics read as the index component `name`."""
        return Component(name, metrics.get("accuracy"), metrics.get("stderr"),
                         self.index_metric)

    def index_stderr_rule(self) -> str:
        return "the run's stderr of per-item scores"


@dataclass(frozen=True)
class MultipleChoice(BaseBenchmark):
    """Options and a key letter: lm-eval's loglikelihood layout on local models, the
    methodology's multiple-choice prompt elsewhere, its reading of the chosen letter judged
    against the key."""

    @property
    def loglikelihood_capable(self) -> bool:
        return not (self.user_template and self.spec.prompt_template)

    def chat_prompt(self, item: PromptItem, repeat: int) -> BuiltPrompt:
        if self.user_template and self.spec.prompt_template:
            return super().chat_prompt(item, repeat)
        return chat_turn(generative_mcq(self.methodology.mcq, item.payload["question"],
                                        item.payload["choices"]))

    def loglikelihood_prompt(self, item: PromptItem, shots: Sequence[PromptItem]
                             ) -> BuiltPrompt:
        return loglikelihood_prompt(item, shots)

    def judge(self, item: KeyedItem, prediction: Prediction) -> Verdict:
        return judge_mcq(item, prediction, self.methodology.reader)

    def summarize(self, items: Sequence[KeyedItem], verdicts: Sequence[Verdict],
                  repeats: int) -> dict[str, Any]:
        reading = reading_summary([v.detail for v in verdicts], [v.answer for v in verdicts],
                                  [(v.item_id, v.repeat) for v in verdicts])
        return {"extraction": reading} if reading else {}


def family(kind: str) -> type[BaseBenchmark]:
    """The behaviour a custom benchmark of this kind gets."""
    return MultipleChoice if kind == "mcq" else BaseBenchmark
