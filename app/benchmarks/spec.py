"""The benchmark catalog: each catalog module declares one BenchmarkSpec with @benchmark."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Literal

Kind = Literal["mcq", "freeform", "instructions", "tool_calls"]


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
    # chat prompt family in app.benchmarks.prompt_builders; empty = by scorer
    chat_style: str = ""
    # loglikelihood few-shot examples: the first N items of this split, same subject
    fewshot_split: str | None = None
    fewshot_count: int = 0

    def __post_init__(self) -> None:
        if not self.scorer:
            object.__setattr__(self, "scorer", "choice" if self.kind == "mcq" else "text")
        if not self.chat_style:
            style = {"choice": "mcq", "text": "plain", "ifbench": "plain"}.get(self.scorer,
                                                                            self.scorer)
            object.__setattr__(self, "chat_style", style)

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


def catalog() -> dict[str, BenchmarkSpec]:
    import app.benchmarks.catalog  # noqa: F401  (explicit imports register every entry)

    return dict(_REGISTRY)
