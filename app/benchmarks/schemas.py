"""API shapes for benchmarks."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Annotated, Literal

from pydantic import BaseModel, Field

from app.items.schemas import ImportedFile
from app.request_model import RequestModel

BenchmarkName = Annotated[str, Field(min_length=1, max_length=100,
                                     pattern=r"^[a-z0-9][a-z0-9._-]*$")]


class BenchmarkCreate(RequestModel):
    """A user-defined benchmark; items are imported afterwards."""

    name: BenchmarkName
    kind: Literal["mcq", "freeform"]
    version: str = Field(default="1", max_length=50)
    description: str = Field(default="", max_length=10_000)
    subject_label: str = Field(default="subject", max_length=50)
    prompt_template: str = Field(
        default="", max_length=100_000,
        description="The chat prompt of endpoint and GGUF runs; {question}, {options} "
        "(one 'A. text' line per option), {subject} and {letters} are filled in, nothing "
        "else is interpreted. Empty: the kind's standard prompt")
    answer_key_required: bool = False


class SplitCount(BaseModel):
    split: str
    items: int


class SubjectCount(BaseModel):
    split: str
    subject: str
    items: int


class StoredDefinition(BaseModel):
    """What a stored benchmark keeps of its definition beyond its own columns (custom sets are
    made again from it; catalog entries write theirs on every start)."""

    subject_label: str = "subject"
    default_split: str = "test"
    answer_key_required: bool = False
    layouts: list[str] | None = Field(default=None, description="null: the generic layouts")
    default_layouts: dict[str, str] = Field(default_factory=dict)


class SourceRead(ImportedFile):
    """A file the benchmark's items were imported from, and when."""

    imported_at: str


class BenchmarkSummary(BaseModel):
    name: str
    version: str
    kind: str
    description: str
    builtin: bool
    items: int


class DerivationMethod(StrEnum):
    NO_SHORTCUT_AUDIT = "no-shortcut-audit"  # items flagged by a no-shortcut audit removed
    ITEM_RULES = "item-rules"  # items removed by rules over several models' runs
    DUPLICATES = "duplicates-removed"  # near-duplicate items removed
    EXPANDED = "options-expanded"  # more options per item (extra distractors)


class Derivation(BaseModel):
    """How a derived benchmark version was made from its parent: it keeps the parent's
    definition (prompts, scoring) and item ids, less the dropped items of one split."""

    parent: str
    parent_version: str
    method: DerivationMethod
    rules: list[str] = Field(description="What removed an item, in words")
    split: str | None = Field(description="The split filtered (other splits, such as "
                              "few-shot examples, are copied whole); null: every split")
    audit_run_id: int | None = None
    runs: dict[str, int] = Field(default_factory=dict,
                                 description="Model -> the run its answers came from")
    spec: str | None = Field(default=None, description="The built-in definition it shares")
    kept: int = 0
    dropped: list[str] = Field(default_factory=list, description="External ids removed")
    validation: dict[str, int] = Field(default_factory=dict, description="Option expansion: "
                                       "counts of the checks made on the extra options")


class BenchmarkRead(BenchmarkSummary):
    scoring: str
    subject_label: str
    default_split: str
    answer_key_required: bool
    layouts: list[str]
    prompt_template: str
    prompt_template_sha256: str
    source_sha256: str | None = Field(description="sha256 of the most recent import")
    sources: list[SourceRead]
    splits: list[SplitCount]
    subjects: list[SubjectCount]
    parent: str | None = Field(default=None, description="The benchmark this version was "
                               "derived from")
    derivation: Derivation | None = None
    created_at: datetime
