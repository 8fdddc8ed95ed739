"""GET /runs/{run_id}/notifications: a run's callback and each try to deliver it."""

from __future__ import annotations

from fastapi import APIRouter

from app.callbacks.outbox import read as notifications_of
from app.callbacks.schemas import NotificationsRead
from app.db import RowId, SessionDep
from app.guards import ReadKeyDep
from app.http import NotFound
from app.tables import Run

router = APIRouter(tags=["runs"])


@router.get("/runs/{run_id}/notifications", name="get_run_notifications",
            dependencies=[ReadKeyDep])
def get_notifications(run_id: RowId, session: SessionDep) -> NotificationsRead:
    """Where the run's end is reported (`notify`), whether it was delivered, and every try:
    the receiver's status or why no answer came, when, and how long it took."""
    if session.get(Run, run_id) is None:
        raise NotFound(f"run {run_id} does not exist", field="run_id")
    return notifications_of(session, run_id)
