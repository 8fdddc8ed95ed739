"""What a benchmark's row stores beyond its own columns (app.tables.Benchmark): the rest of
its definition, the files its items were imported from, and how a derived version was made
from its parent. Shapes only, read by the benchmarks' API, the items' import (an import
reports each file as an ImportedFile) and the audits that derive versions."""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, Field


class ImportedFile(BaseModel):
    filename: str
    sha256: str
    layout: str
    rows: int
    origin: str | None = Field(default=None, description="Where the file came from, e.g. "
                               "hf://datasets/<repo>@<commit>/<path> for a Hub pull")


class ImportReport(BaseModel):
    benchmark: str
    received: int
    inserted: int
    replaced: int
    unchanged: int
    sha256: str = Field(description="sha256 of the file (of the sorted file list when several)")
    files: list[ImportedFile]
    splits: dict[str, int]
    subjects: int = Field(description="Distinct subjects over all splits")


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
    import_sha256: str | None = Field(default=None, description="The import it came with "
                                      "(ImportReport.sha256): DELETE /benchmarks/{name}/"
                                      "imports/{import_sha256} removes that import's items")
    removed_at: str | None = Field(default=None, description="When its import's items were "
                                   "removed; the record of the import stays")


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
