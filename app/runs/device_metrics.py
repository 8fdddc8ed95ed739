"""Figures measured on a real device, posted by a client beside a run's own numbers."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy.orm import Session

from app.runs.queries import require_run
from app.runs.schemas import DeviceMetricsIn
from app.tables import DeviceMetric


def add_device_metrics(session: Session, run_id: int, body: DeviceMetricsIn) -> None:
    require_run(session, run_id)
    session.add(DeviceMetric(run_id=run_id, received_at=datetime.now(UTC), **body.model_dump()))
    session.flush()
