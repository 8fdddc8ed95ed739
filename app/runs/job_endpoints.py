"""HTTP routes for endpoint runs: start, list, progress, events, cancel, one-shot evaluate."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse, StreamingResponse
from sqlalchemy.orm import Session

from app.config import Settings
from app.db import RowId, SessionDep, Transactions, TransactionsDep
from app.errors import Conflict
from app.runs import progress, service
from app.runs.device_metrics import DeviceMetricsIn, add_device_metrics
from app.runs.executor import ACTIVE, RunExecutor
from app.runs.job_schemas import (
    EndpointModelIn,
    EvaluateRequest,
    EvaluateResponse,
    RunCreate,
    RunPage,
    RunStatus,
)
from app.runs.planning import plan_run
from app.security import ReadKeyDep, WriteKeyDep

router = APIRouter(tags=["runs"])
HEARTBEAT_S = 15.0
FINAL_EVENTS = {"finished", "failed", "cancelled"}


def _executor(request: Request) -> RunExecutor:
    executor: RunExecutor = request.app.state.executor
    return executor


def _plan(session: Session, body: RunCreate, settings: Settings) -> int:
    return plan_run(session, body, settings).id


async def _start(request: Request, tx: Transactions, body: RunCreate) -> int:
    """Plan and commit the run (the executor reads it from its own session), then start it."""
    run_id = await tx.run(_plan, body, request.app.state.settings)
    key = body.model.api_key if isinstance(body.model, EndpointModelIn) else None
    _executor(request).start(run_id, key)
    return run_id


@router.post("/runs", name="create_run", status_code=202, dependencies=[WriteKeyDep])
async def create_run(body: RunCreate, tx: TransactionsDep, request: Request) -> RunStatus:
    """Start an evaluation of an OpenAI-compatible endpoint on one or more benchmarks (or
    `mobile-device-set`); answers at once, the run goes on in the server."""
    run_id = await _start(request, tx, body)
    return await tx.run(progress.run_status, run_id, _executor(request))


@router.get("/runs", name="list_runs", dependencies=[ReadKeyDep])
def list_runs(session: SessionDep, model: str | None = None, benchmark: str | None = None,
              status: str | None = None, cursor: str | None = None,
              limit: Annotated[int, Query(ge=1, le=500)] = 50) -> RunPage:
    runs, next_cursor = progress.list_runs(session, model=model, benchmark=benchmark,
                                           status=status, cursor=cursor, limit=limit)
    return RunPage(runs=runs, next_cursor=next_cursor)


@router.get("/runs/{run_id}", name="get_run", dependencies=[ReadKeyDep])
def get_run(run_id: RowId, session: SessionDep, request: Request) -> RunStatus:
    """Status, done / total per benchmark, errors so far, rate and ETA."""
    return progress.run_status(session, run_id, _executor(request))


@router.post("/runs/{run_id}/cancel", name="cancel_run", dependencies=[WriteKeyDep])
async def cancel_run(run_id: RowId, tx: TransactionsDep, request: Request) -> RunStatus:
    """Stop a queued or running run; in-flight requests are abandoned, finished samples and
    their results are kept."""
    current = await tx.run(service.get_run, run_id)
    if current.status not in ACTIVE:
        raise Conflict(f"run {run_id} is {current.status}", field="run_id")
    await _executor(request).cancel(run_id)
    return await tx.run(progress.run_status, run_id, _executor(request))


@router.get("/runs/{run_id}/events", name="run_events", dependencies=[ReadKeyDep],
            response_class=StreamingResponse,
            responses={200: {"content": {"text/event-stream": {}}}})
async def run_events(run_id: RowId, tx: TransactionsDep, request: Request) -> StreamingResponse:
    """Server-Sent Events: `progress`, `sample`, `error`, then `finished`, `failed` or
    `cancelled`. A run that is not active sends its status and closes. The stream holds no
    database connection: events come from the executor in memory."""
    executor = _executor(request)
    status = await tx.run(progress.run_status, run_id, executor)
    queue = executor.subscribe(run_id) if executor.is_active(run_id) else None

    async def stream() -> AsyncIterator[str]:
        first = {"event": "status", "status": status.status, "done": status.progress.done,
                 "total": status.progress.total}
        yield f"event: status\ndata: {json.dumps(first)}\n\n"
        if queue is None:
            return
        try:
            while True:
                try:
                    events = [await asyncio.wait_for(queue.get(), HEARTBEAT_S)]
                except TimeoutError:
                    yield ": keep-alive\n\n"
                    continue
                while not queue.empty() and events[-1].name not in FINAL_EVENTS:
                    events.append(queue.get_nowait())  # what came meanwhile, in one write
                yield "".join(e.frame for e in events)
                if events[-1].name in FINAL_EVENTS:
                    return
        finally:
            executor.unsubscribe(run_id, queue)

    return StreamingResponse(stream(), media_type="text/event-stream",
                             headers={"Cache-Control": "no-cache"})


def _outcome(session: Session, run_id: int, executor: RunExecutor) -> EvaluateResponse:
    return EvaluateResponse(run=progress.run_status(session, run_id, executor),
                            results=service.list_results(session, run_id))


@router.post("/evaluate", name="evaluate", dependencies=[WriteKeyDep],
             responses={202: {"model": EvaluateResponse,
                              "description": "Still running when the wait ended"}})
async def evaluate(body: EvaluateRequest, tx: TransactionsDep,
                   request: Request) -> EvaluateResponse:
    """Run and wait (up to `wait_timeout_s`): the results come in the response. For small
    jobs; larger ones should use POST /runs and follow /runs/{id}/events."""
    run_id = await _start(request, tx, body)
    task = _executor(request).tasks.get(run_id)
    if body.wait and task is not None:
        await asyncio.wait({task}, timeout=body.wait_timeout_s)
    out = await tx.run(_outcome, run_id, _executor(request))
    if out.run.status in ACTIVE:
        return JSONResponse(out.model_dump(mode="json"), status_code=202)  # type: ignore[return-value]
    return out


@router.post("/runs/{run_id}/device-metrics", name="add_device_metrics",
             dependencies=[WriteKeyDep])
async def post_device_metrics(run_id: RowId, body: DeviceMetricsIn, tx: TransactionsDep,
                              request: Request) -> RunStatus:
    """Attach figures measured on a phone (tokens/s, TTFT, peak memory, energy) to a run;
    they are listed under config.device_metrics."""
    await tx.run(add_device_metrics, run_id, body)
    return await tx.run(progress.run_status, run_id, _executor(request))
