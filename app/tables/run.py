"""A run: one model on one or more benchmarks with its configuration, status and progress.

Status: queued -> running -> finished | failed | cancelled. Runs left queued or running when
the server stops are resumed at start-up; their finished samples are kept. `config` is the
plan (app.records.run_plan) and `config_sha256` its hash; `runtime` is what the run recorded
while it went on; `reproducibility` the versions, numerics and hashes behind its numbers.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, ColumnElement, ForeignKey, Index, Integer, String, Text, and_
from sqlalchemy.orm import Mapped, mapped_column

from app.records import Reproducibility, RunKind, RunRuntime, RunState, StoredPlan
from app.tables.base import Base, PydanticJSON, StrEnumType, UTCDateTime, utcnow


class Run(Base):
    __tablename__ = "runs"
    __table_args__ = (Index("ix_runs_benchmark_status", "benchmark_id", "status"),
                      Index("ix_runs_status", "status"))

    @classmethod
    def counted(cls) -> ColumnElement[bool]:
        """The runs whose numbers count: finished and not retracted."""
        return and_(cls.status == RunState.FINISHED, cls.retracted_at.is_(None))

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    benchmark_id: Mapped[int | None] = mapped_column(
        ForeignKey("benchmarks.id", ondelete="CASCADE"), nullable=True
    )
    model_id: Mapped[int | None] = mapped_column(
        ForeignKey("models.id", ondelete="SET NULL"), nullable=True
    )
    kind: Mapped[RunKind] = mapped_column(StrEnumType(RunKind, 20))
    status: Mapped[RunState] = mapped_column(StrEnumType(RunState, 20))
    repeats: Mapped[int] = mapped_column(Integer, default=1)
    config: Mapped[StoredPlan] = mapped_column(PydanticJSON(StoredPlan))
    config_sha256: Mapped[str] = mapped_column(String(64), default="")
    runtime: Mapped[RunRuntime] = mapped_column(PydanticJSON(RunRuntime), default=RunRuntime)
    reproducibility: Mapped[Reproducibility | None] = mapped_column(
        PydanticJSON(Reproducibility), nullable=True)
    error: Mapped[str | None] = mapped_column(Text, nullable=True)
    # which process carries the run out, and when it last said so (app.runs.execute.claims)
    claimed_by: Mapped[str | None] = mapped_column(String(120), nullable=True)
    heartbeat_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    cancel_requested: Mapped[bool] = mapped_column(Boolean, default=False)
    # the name of the API key that asked for it (app.api_keys); none where reads are open
    created_by: Mapped[str | None] = mapped_column(String(64), nullable=True)
    # a retracted run keeps its row and samples but counts nowhere (app.runs.retraction)
    retracted_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    retracted_by: Mapped[str | None] = mapped_column(String(64), nullable=True)
    retraction_reason: Mapped[str | None] = mapped_column(Text, nullable=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    started_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
