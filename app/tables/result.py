"""Aggregated metrics of a run on one benchmark; recomputable from the samples."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import ForeignKey, Integer, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from app.tables.base import Base, JSONType, UTCDateTime, utcnow


class Result(Base):
    __tablename__ = "results"
    __table_args__ = (UniqueConstraint("run_id", "benchmark_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    run_id: Mapped[int] = mapped_column(ForeignKey("runs.id", ondelete="CASCADE"))
    benchmark_id: Mapped[int] = mapped_column(ForeignKey("benchmarks.id", ondelete="CASCADE"))
    metrics: Mapped[dict[str, Any]] = mapped_column(JSONType)
    computed_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
