"""Retracting a run: it leaves the leaderboard, comparisons, gates and the Index, and keeps
its row, samples and results with who retracted it, when and why. Nothing is deleted, so a
retraction is itself part of the record."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import update
from sqlalchemy.orm import Session

from app.callbacks import outbox
from app.http import Conflict, NotFound
from app.records import ACTIVE
from app.tables import Run


def retract(session: Session, run_id: int, *, by: str | None, reason: str) -> Run:
    run = session.get(Run, run_id)
    if run is None:
        raise NotFound(f"run {run_id} does not exist", field="run_id")
    if run.retracted_at is not None:
        raise Conflict(f"run {run_id} was already retracted on "
                       f"{run.retracted_at.isoformat()} ({run.retraction_reason})",
                       field="run_id")
    if run.status in ACTIVE:
        raise Conflict(f"run {run_id} is {run.status}: cancel it first, then retract it",
                       field="run_id")
    now = datetime.now(UTC)
    # conditional: of two retractions at once, the first keeps its who and why
    done = session.execute(update(Run).where(Run.id == run_id, Run.retracted_at.is_(None))
                           .values(retracted_at=now, retracted_by=by, retraction_reason=reason)
                           .execution_options(synchronize_session=False))
    if done.rowcount != 1:  # type: ignore[attr-defined]
        raise Conflict(f"run {run_id} was retracted meanwhile", field="run_id")
    session.refresh(run)
    outbox.run_retracted(session, run, now)
    return run


def refuse_retracted(run: Run, field: str) -> None:
    """A retracted run named by id is refused where numbers are put side by side."""
    if run.retracted_at is not None:
        raise Conflict(f"run {run.id} was retracted on {run.retracted_at.isoformat()}"
                       f"{f' by {run.retracted_by}' if run.retracted_by else ''}: "
                       f"{run.retraction_reason}", field=field)
