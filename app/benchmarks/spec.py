"""What PocketEval knows of a benchmark's data before any item is imported: plain values.
Its behaviour (prompts, scoring, layouts, index) lives on its object (app.benchmarks.protocol)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Literal

from app.benchmarks.hub_source import HubSource

Kind = Literal["mcq", "freeform", "instructions", "tool_calls"]


@dataclass(frozen=True)
class PublishedItems:
    """What a catalog benchmark's published files hold, where it is known: an import that
    would take a split beyond its published size is refused (a user's items make a benchmark
    of their own), so its item set cannot drift from the published one; the subjects name
    what a refused import added."""

    subjects: frozenset[str] = frozenset()  # empty: not declared
    sizes: dict[str, int] = field(default_factory=dict)  # items of each split


@dataclass(frozen=True)
class BenchmarkSpec:
    """A benchmark's data: identity, documentation, import and few-shot rules."""

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
    # loglikelihood few-shot examples: the first N items of this split, same subject
    fewshot_split: str | None = None
    fewshot_count: int = 0
    # at most this many repeats per item, whatever a run asks
    max_repeats: int | None = None
    # each repeat shows the item differently (a seeded option order): its repeats are
    # different prompts, never one generation shared (RepeatsGenerated)
    prompt_varies_by_repeat: bool = False
    # the score needs every subject (a mean over categories): `limit` and `sample` draw
    # from each one, so a small run still has a score
    stratified: bool = False
    # the published files on the Hugging Face Hub (`pocketeval data pull`); None = none
    hub: HubSource | None = None
    published: PublishedItems = PublishedItems()

    def repeats(self, requested: int) -> int:
        return min(requested, self.max_repeats) if self.max_repeats else requested

    @property
    def prompt_template_sha256(self) -> str:
        return hashlib.sha256(self.prompt_template.encode("utf-8")).hexdigest()
