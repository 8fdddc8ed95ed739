"""A run's callback (where to report its end, and the report as it is sent) and each try to
deliver it: the outbox that app.callbacks.delivery works through."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Float, ForeignKey, Integer, LargeBinary, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from app.records import CallbackState
from app.tables.base import Base, StrEnumType, UTCDateTime, utcnow


class RunCallback(Base):
    __tablename__ = "run_callbacks"

    run_id: Mapped[int] = mapped_column(ForeignKey("runs.id", ondelete="CASCADE"),
                                        primary_key=True)
    url: Mapped[str] = mapped_column(String(2048))
    secret: Mapped[str | None] = mapped_column(String(256), nullable=True)
    state: Mapped[CallbackState] = mapped_column(StrEnumType(CallbackState, 20),
                                                 default=CallbackState.WAITING, index=True)
    # the report, fixed when the run ends: every try sends the same bytes
    payload: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    ended_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    next_attempt_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    # a serving process trying it now; another may take it once this has passed
    lease_until: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    delivered_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)


class CallbackAttempt(Base):
    __tablename__ = "callback_attempts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    run_id: Mapped[int] = mapped_column(ForeignKey("runs.id", ondelete="CASCADE"), index=True)
    attempted_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    status_code: Mapped[int | None] = mapped_column(Integer, nullable=True)
    error: Mapped[str | None] = mapped_column(Text, nullable=True)
    duration_ms: Mapped[float] = mapped_column(Float)
