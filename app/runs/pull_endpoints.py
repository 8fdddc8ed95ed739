"""HTTP route of Hub pulls: POST /benchmarks/{name}/items:pull plans a pull run
(app.runs.execute.pull_run), starts it and answers with its import report, the problem that
stopped it, or the run while it goes on. Tagged `items` in the API, since it fills a
benchmark's items."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse

from app.db import TransactionsDep
from app.guards import AdminKeyDep, key_name
from app.http import Problem
from app.records import PullReport, RunState
from app.runs.execute.pull_run import plan_pull, relayed
from app.runs.queries import run_status
from app.runs.read_schemas import RunStatus

router = APIRouter(tags=["items"])


@router.post("/benchmarks/{name}/items:pull", name="pull_items", dependencies=[AdminKeyDep],
             responses={202: {"model": RunStatus, "description": "Still pulling when the wait "
                              "ended, or wait=false: the pull run, to follow at /runs/{id}"},
                        502: {"model": Problem, "description": "The Hub refused (a gated set "
                                                               "without a token) or failed"}})
async def pull_items(
    name: str,
    tx: TransactionsDep,
    request: Request,
    revision: Annotated[str | None, Query(
        max_length=100, pattern=r"^[A-Za-z0-9][A-Za-z0-9._/-]*$",
        description="Commit, branch or tag; default: the catalog's")] = None,
    wait: bool = True,
    wait_timeout_s: Annotated[float, Query(gt=0, le=3600)] = 300.0,
) -> PullReport:
    """Download a catalog benchmark's published files from its Hugging Face repository with
    the server's Hub settings (HF_TOKEN, HF_ENDPOINT, HF_HUB_OFFLINE, the HF cache), verify
    them and import them, replacing items in place. The pull is a run of kind `pull`: its
    stage and bytes received are in GET /runs/{id} and on /runs/{id}/events while it goes
    on. With `wait` (the default) the answer is the import report, or the problem that
    stopped the pull; otherwise, or when the wait ends first, a 202 with the run."""
    limit = request.app.state.settings.max_import_errors
    run_id = await tx.run(plan_pull, name, revision, limit, key_name(request))
    executor = request.app.state.executor
    executor.start(run_id)
    if wait:
        await executor.wait(run_id, wait_timeout_s)
    status = await tx.run(run_status, run_id, executor)
    if status.runtime.pulled is not None and status.status == RunState.FINISHED:
        return status.runtime.pulled
    if status.runtime.pull_problem is not None and status.status == RunState.FAILED:
        raise relayed(status.runtime.pull_problem)
    return JSONResponse(status.model_dump(mode="json"), status_code=202,  # type: ignore[return-value]
                        headers={"Location": f"/runs/{run_id}"})
