"""The benchmark catalog: each catalog module declares one BenchmarkSpec with @benchmark."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Literal

from app.benchmarks.hub_source import HubSource

Kind = Literal["mcq", "freeform", "instructions", "tool_calls"]


class PromptStyle(StrEnum):
    """How an item is rendered for a chat model (app.benchmarks.prompt_builders)."""

    MCQ = "mcq"
    MOBILE_MMLU = "mobile-mmlu"
    GPQA = "gpqa"
    MATH = "math"
    OMNISCIENCE = "omniscience"
    BFCL = "bfcl"
    PLAIN = "plain"
    USER_TEMPLATE = "user-template"  # a custom benchmark's own prompt_template


# the styles whose items have the lm-evaluation-harness loglikelihood form
LOGLIKELIHOOD_STYLES = frozenset({PromptStyle.MCQ, PromptStyle.MOBILE_MMLU})


class JudgeUse(StrEnum):
    """What the configured judge model does for a benchmark's endpoint and GGUF runs."""

    NONE = "none"
    GRADES = "grades"  # every answer is graded by the judge (AA-Omniscience)
    SECOND_OPINION = "second-opinion"  # asked only when the symbolic check says wrong


@dataclass(frozen=True)
class BenchmarkSpec:
    """What PocketEval knows about a benchmark before any item is imported."""

    name: str
    version: str
    kind: Kind
    description: str
    scoring: str
    prompt_template: str
    subject_label: str = "subject"
    default_split: str = "test"
    answer_key_required: bool = True
    layouts: tuple[str, ...] = ("jsonl", "csv", "parquet")
    default_layouts: dict[str, str] = field(default_factory=dict)
    # a name in app.scoring.scorers.SCORERS; empty = by kind (mcq: choice, else text)
    scorer: str = ""
    # chat prompt family in app.benchmarks.prompt_builders; None = by scorer
    chat_style: PromptStyle | None = None
    # loglikelihood few-shot examples: the first N items of this split, same subject
    fewshot_split: str | None = None
    fewshot_count: int = 0
    # at most this many repeats per item, whatever a run asks (AA-Omniscience: once)
    max_repeats: int | None = None
    judge: JudgeUse = JudgeUse.NONE
    # the Mobile Intelligence Index component this benchmark gives (app.scoring.index)
    index_component: str | None = None
    # place among the five evals of the mobile device set (`mobile-device-set` in run
    # requests), in the published order; None = not a member
    mobile_device_set_rank: int | None = None
    # subjects whose items are conversations with tool environments, not one request
    conversation_subjects: frozenset[str] = frozenset()
    # the published files on the Hugging Face Hub (`pocketeval data pull`); None = none
    hub: HubSource | None = None

    def __post_init__(self) -> None:
        if not self.scorer:
            object.__setattr__(self, "scorer", "choice" if self.kind == "mcq" else "text")
        if self.chat_style is None:
            by_scorer = {"choice": PromptStyle.MCQ, "text": PromptStyle.PLAIN,
                         "ifbench": PromptStyle.PLAIN}
            object.__setattr__(self, "chat_style",
                               by_scorer.get(self.scorer) or PromptStyle(self.scorer))

    @property
    def style(self) -> PromptStyle:
        assert self.chat_style is not None  # set in __post_init__
        return self.chat_style

    @property
    def loglikelihood_capable(self) -> bool:
        """Scored by log P(" X") after an lm-evaluation-harness prompt on local models."""
        return self.style in LOGLIKELIHOOD_STYLES

    def repeats(self, requested: int) -> int:
        return min(requested, self.max_repeats) if self.max_repeats else requested

    @property
    def prompt_template_sha256(self) -> str:
        return hashlib.sha256(self.prompt_template.encode("utf-8")).hexdigest()


_REGISTRY: dict[str, BenchmarkSpec] = {}


def benchmark(spec: BenchmarkSpec) -> BenchmarkSpec:
    """Register a catalog entry; names are unique."""
    if spec.name in _REGISTRY:
        raise ValueError(f"benchmark {spec.name!r} registered twice")
    _REGISTRY[spec.name] = spec
    return spec


def mobile_device_set() -> list[str]:
    members = [s for s in catalog().values() if s.mobile_device_set_rank is not None]
    return [s.name for s in sorted(members, key=lambda s: s.mobile_device_set_rank or 0)]


def catalog() -> dict[str, BenchmarkSpec]:
    import app.benchmarks.catalog  # noqa: F401  (explicit imports register every entry)

    return dict(_REGISTRY)
