"""A model under evaluation: a name for uploaded predictions, an endpoint, or a GGUF file."""

from __future__ import annotations

from datetime import datetime

from pydantic import JsonValue
from sqlalchemy import Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from app.tables.base import Base, JSONType, UTCDateTime, utcnow


class Model(Base):
    __tablename__ = "models"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200), unique=True)
    kind: Mapped[str] = mapped_column(String(20))
    variant: Mapped[str] = mapped_column(String(20), default="non-reasoning")
    settings: Mapped[dict[str, JsonValue]] = mapped_column(JSONType, default=dict)
    eligibility: Mapped[dict[str, JsonValue] | None] = mapped_column(JSONType, nullable=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
