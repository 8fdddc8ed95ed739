"""Figures measured on a real device, posted by a client beside a run's own numbers."""

from __future__ import annotations

from datetime import UTC, datetime

from pydantic import BaseModel, Field
from sqlalchemy.orm import Session

from app.models import Run
from app.runs.service import get_run


class DeviceMetricsIn(BaseModel):
    device: str = Field(min_length=1, max_length=200, examples=["Pixel 8 (Tensor G3)"])
    decode_tokens_per_s: float | None = Field(default=None, ge=0)
    prefill_tokens_per_s: float | None = Field(default=None, ge=0)
    ttft_ms: float | None = Field(default=None, ge=0)
    peak_memory_bytes: int | None = Field(default=None, ge=0)
    energy_joules: float | None = Field(default=None, ge=0)
    notes: str | None = Field(default=None, max_length=2000)


def add_device_metrics(session: Session, run_id: int, body: DeviceMetricsIn) -> None:
    get_run(session, run_id)  # 404 for an unknown run
    run = session.get_one(Run, run_id)
    entry = {**body.model_dump(), "received_at": datetime.now(UTC).isoformat()}
    run.config = {**run.config, "device_metrics": [*run.config.get("device_metrics", []),
                                                   entry]}
    session.flush()
