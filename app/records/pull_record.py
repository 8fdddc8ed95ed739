"""What a pull from the Hugging Face Hub asked for, how far it got and what it brought: the
shapes a pull run's plan and runtime record hold (app.runs.execute.pull_run)."""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, Field, JsonValue

from app.records.benchmark_record import ImportReport


class PulledFile(BaseModel):
    path: str
    layout: str
    size: int
    sha256: str
    verified_by: str = Field(description="What the bytes were checked against: the Hub's "
                             "LFS sha256, its git blob id, or the catalog's pin")


class HubPull(BaseModel):
    """What a pull fetched: the repository, the commit it resolved, the licence shown."""

    repo_id: str
    revision: str
    commit: str
    licence: str
    gated: bool
    files: list[PulledFile]


class PullReport(BaseModel):
    pull: HubPull
    items: ImportReport
    run_id: int | None = Field(default=None, description="The pull run that did it")


class PullPlan(BaseModel):
    """A pull run's plan: one catalog benchmark's published files, from its repository at a
    revision (the catalog's unless one was asked for)."""

    kind: Literal["pull"] = "pull"
    benchmark: str
    repo_id: str
    revision: str
    licence: str
    gated: bool
    max_errors: int = Field(description="Rejected rows listed at most, as for imports")


class PullStage(StrEnum):
    RESOLVING = "resolving"  # asking the Hub which files the revision holds
    DOWNLOADING = "downloading"
    IMPORTING = "importing"
    DONE = "done"


class PullProgress(BaseModel):
    """How far a pull run got. `bytes` is known once the Hub has listed the files; a pull
    from the HF cache (or offline) downloads nothing."""

    stage: PullStage
    files: int | None = None
    bytes: int | None = None
    bytes_done: int = 0


class PullProblem(BaseModel):
    """Why a pull run failed: the problem+json the HTTP form answers with."""

    status: int
    title: str
    type_slug: str
    detail: str
    errors: list[dict[str, JsonValue]] | None = None
    extra: dict[str, JsonValue] = Field(default_factory=dict)
