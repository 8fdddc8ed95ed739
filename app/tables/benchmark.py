"""A benchmark: its definition (kind, template, scoring) and where its items came from."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from app.records import Derivation, SourceRead, StoredDefinition
from app.tables.base import Base, PydanticJSON, UTCDateTime, utcnow


class Benchmark(Base):
    __tablename__ = "benchmarks"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(100), unique=True)
    version: Mapped[str] = mapped_column(String(50))
    kind: Mapped[str] = mapped_column(String(20))
    description: Mapped[str] = mapped_column(Text, default="")
    scoring: Mapped[str] = mapped_column(Text, default="")
    prompt_template: Mapped[str] = mapped_column(Text, default="")
    prompt_template_sha256: Mapped[str] = mapped_column(String(64), default="")
    builtin: Mapped[bool] = mapped_column(Boolean, default=False)
    config: Mapped[StoredDefinition] = mapped_column(PydanticJSON(StoredDefinition),
                                                     default=StoredDefinition)
    sources: Mapped[list[SourceRead]] = mapped_column(PydanticJSON(list[SourceRead]),
                                                      default=list)
    # a version derived from another benchmark (by an audit or by rules over runs)
    parent_id: Mapped[int | None] = mapped_column(
        ForeignKey("benchmarks.id", ondelete="SET NULL"), nullable=True)
    derivation: Mapped[Derivation | None] = mapped_column(PydanticJSON(Derivation),
                                                          nullable=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, onupdate=utcnow)
