"""One benchmark item. The payload holds question, choices and the answer key (a list)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import JsonValue
from sqlalchemy import ForeignKey, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from app.tables.base import Base, JSONType, UTCDateTime, utcnow


class Item(Base):
    __tablename__ = "items"
    __table_args__ = (
        UniqueConstraint("benchmark_id", "external_id"),
        Index("ix_items_benchmark_split_subject", "benchmark_id", "split", "subject"),
        Index("ix_items_benchmark_import", "benchmark_id", "import_sha256"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    benchmark_id: Mapped[int] = mapped_column(ForeignKey("benchmarks.id", ondelete="CASCADE"))
    external_id: Mapped[str] = mapped_column(String(200))
    split: Mapped[str] = mapped_column(String(50))
    subject: Mapped[str] = mapped_column(String(200))
    n_choices: Mapped[int | None] = mapped_column(Integer, nullable=True)
    payload: Mapped[dict[str, Any]] = mapped_column(JSONType)
    meta: Mapped[dict[str, JsonValue]] = mapped_column("metadata", JSONType, default=dict)
    # the import that wrote its current content (ImportReport.sha256); none before imports
    # were recorded, so such items are removed with their benchmark alone
    import_sha256: Mapped[str | None] = mapped_column(String(64), nullable=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
