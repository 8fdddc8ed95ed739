"""A write request's Idempotency-Key and the answer it got, so that a retry is answered the
same without the work being done twice. In the database, so every serving process sees it."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Integer, LargeBinary, String
from sqlalchemy.orm import Mapped, mapped_column

from app.tables.base import Base, JSONType, UTCDateTime, utcnow


class IdempotencyKey(Base):
    __tablename__ = "idempotency_keys"

    # sha256 of the caller's API key: one caller's keys never meet another's
    scope: Mapped[str] = mapped_column(String(64), primary_key=True)
    key: Mapped[str] = mapped_column(String(255), primary_key=True)
    method: Mapped[str] = mapped_column(String(10))
    path: Mapped[str] = mapped_column(String(2048))
    # who serves the first request; a retry finding it unanswered past locked_until (its
    # process died) takes it over
    owner: Mapped[str] = mapped_column(String(64))
    locked_until: Mapped[datetime] = mapped_column(UTCDateTime)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime, index=True)
    # set once the first request is answered: what a retry must match, and what it gets
    request_sha256: Mapped[str | None] = mapped_column(String(64), nullable=True)
    status: Mapped[int | None] = mapped_column(Integer, nullable=True)
    headers: Mapped[list[list[str]] | None] = mapped_column(JSONType, nullable=True)
    body: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)
