"""API shapes for benchmarks."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import BaseModel, Field

from app.http import RequestModel
from app.records import Derivation, SourceRead

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


class BenchmarkSummary(BaseModel):
    name: str
    version: str
    kind: str
    description: str
    builtin: bool
    items: int


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
