"""Retracting runs over HTTP (admin): DELETE /runs/{id} keeps the record and says why."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request

from app.db import RowId, TransactionsDep
from app.guards import AdminKeyDep, key_name
from app.http import InvalidInput
from app.runs import queries
from app.runs.read_schemas import RunStatus
from app.runs.retraction import retract

router = APIRouter(tags=["runs"])


@router.delete("/runs/{run_id}", name="retract_run", dependencies=[AdminKeyDep])
async def retract_run(run_id: RowId, tx: TransactionsDep, request: Request,
                      reason: Annotated[str, Query(min_length=1, max_length=2000,
                                                   description="Why the run is retracted: "
                                                   "kept with the run")]) -> RunStatus:
    """Take a finished, failed or cancelled run out of the leaderboard, comparisons, gates and
    the Index. The run, its samples and results stay readable, with who retracted it, when
    and why (`GET /runs?include=retracted` lists it); a `notify` URL is told
    (`run.retracted`)."""
    if not reason.strip():
        raise InvalidInput("say why the run is retracted", field="reason")
    await tx.run(retract, run_id, by=key_name(request), reason=reason.strip())
    return await tx.run(queries.run_status, run_id, request.app.state.executor)
