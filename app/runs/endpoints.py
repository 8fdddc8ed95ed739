"""HTTP routes of runs: score posted predictions; start, list, follow, cancel and evaluate
endpoint and GGUF runs; read samples, results, submissions; attach phone figures."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import AsyncIterator
from typing import Annotated, Literal

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse, Response, StreamingResponse
from sqlalchemy.orm import Session
from starlette.datastructures import UploadFile

from app import telemetry
from app.benchmarks import get_benchmark
from app.callbacks import outbox
from app.config import Settings
from app.db import MAX_ROW_ID, RowId, SessionDep, Transactions, TransactionsDep
from app.guards import ReadKeyDep, WriteKeyDep, key_name
from app.http import Conflict, CursorQuery, InvalidInput, ModelResponse
from app.inference import check_notify_url
from app.records import ACTIVE, RunState
from app.runs import queries
from app.runs.device_metrics import add_device_metrics
from app.runs.execute.events import stream_frames
from app.runs.execute.protocol import Executor
from app.runs.export import lm_eval_archive, samples_csv
from app.runs.lm_eval_import import LmEvalImportRead, import_samples
from app.runs.planning import plan_run
from app.runs.posted import score_posted
from app.runs.read_schemas import (
    EvaluateResponse,
    ResultRead,
    RunPage,
    RunStatus,
    SamplePage,
    ScoreResponse,
)
from app.runs.schemas import (
    DeviceMetricsIn,
    EndpointModelIn,
    EvaluateRequest,
    RunCreate,
    ScoreRequest,
)
from app.scoring import Status

router = APIRouter(tags=["runs"])
HEARTBEAT_S = 15.0


def _executor(request: Request) -> Executor:
    executor: Executor = request.app.state.executor
    return executor


@router.post("/benchmarks/{name}/score", name="score_predictions", dependencies=[WriteKeyDep])
async def score(name: str, body: ScoreRequest, tx: TransactionsDep,
                request: Request) -> ScoreResponse:
    """Score posted predictions; the run and its per-sample verdicts are stored."""
    limit = request.app.state.settings.max_import_errors
    scored = await tx.batch(_score, name, body, limit, key_name(request),
                            request.app.state.settings.endpoint_allowlist)
    telemetry.predictions_scored(scored.metrics.counts.by_verdict())
    return scored


def _score(session: Session, name: str, body: ScoreRequest, limit: int,
           created_by: str | None, allowlist: list[str]) -> ScoreResponse:
    return score_posted(session, get_benchmark(session, name), body, limit, created_by,
                        allowlist)


_LM_EVAL_BODY = {"requestBody": {"required": True, "content": {"multipart/form-data": {
    "schema": {"type": "object", "required": ["file"], "properties": {
        "file": {"type": "array", "minItems": 1,
                 "items": {"type": "string", "format": "binary"},
                 "description": "lm-eval's samples_<task>_<date>.jsonl files"},
        "model": {"type": "string", "description": "Name the run is filed under"},
        "split": {"type": "string"}}}}}}}


@router.post("/benchmarks/{name}/lm-eval:import", name="import_lm_eval_samples",
             dependencies=[WriteKeyDep], openapi_extra=_LM_EVAL_BODY)
async def import_lm_eval(name: str, tx: TransactionsDep, request: Request) -> LmEvalImportRead:
    """Score an lm-evaluation-harness `--log_samples` output as posted predictions: each
    sample is matched to this benchmark's item by its question text; unmatched samples are
    counted and listed, not guessed."""
    async with request.form(max_files=1000, max_fields=20) as form:
        files = [(f.filename or "samples.jsonl", await f.read())
                 for _k, f in form.multi_items() if isinstance(f, UploadFile)]
        model = str(form.get("model") or "lm-eval")[:200]
        split = form.get("split")
    if not files:
        raise InvalidInput("send the samples_*.jsonl files as `file` parts", field="file")
    limit = request.app.state.settings.max_import_errors
    return await tx.batch(_import_lm_eval, name, files, model,
                          split if isinstance(split, str) and split else None, limit,
                          key_name(request))


def _import_lm_eval(session: Session, name: str, files: list[tuple[str, bytes]], model: str,
                    split: str | None, limit: int, created_by: str | None) -> LmEvalImportRead:
    return import_samples(session, get_benchmark(session, name), files, model, split, limit,
                          created_by)


def _plan(session: Session, body: RunCreate, settings: Settings, created_by: str | None) -> int:
    if body.notify is not None:  # refused with the run, not when it ends
        check_notify_url(body.notify.url, settings.endpoint_allowlist)
    run = plan_run(session, body, settings, created_by)
    if body.notify is not None:
        session.flush()
        outbox.subscribe(session, run.id, body.notify)
    return run.id


async def _start(request: Request, tx: Transactions, body: RunCreate) -> int:
    """Plan and commit the run (the executor reads it from its own session), then start it."""
    run_id = await tx.run(_plan, body, request.app.state.settings, key_name(request))
    key = body.model.api_key if isinstance(body.model, EndpointModelIn) else None
    _executor(request).start(run_id, key)
    return run_id


@router.post("/runs", name="create_run", status_code=202, dependencies=[WriteKeyDep])
async def create_run(body: RunCreate, tx: TransactionsDep, request: Request,
                     response: Response) -> RunStatus:
    """Start an evaluation of an OpenAI-compatible endpoint or a GGUF on one or more
    benchmarks (or `mobile-device-set`); answers at once, the run goes on in the server
    (its status at the URL in Location)."""
    run_id = await _start(request, tx, body)
    response.headers["Location"] = f"/runs/{run_id}"
    return await tx.run(queries.run_status, run_id, _executor(request))


@router.get("/runs", name="list_runs", dependencies=[ReadKeyDep], response_model=RunPage)
async def list_runs(tx: TransactionsDep,
                    model: Annotated[str | None, Query(max_length=200)] = None,
                    benchmark: Annotated[str | None, Query(max_length=200)] = None,
                    status: RunState | None = None,
                    cursor: CursorQuery = None,
                    limit: Annotated[int, Query(ge=1, le=500)] = 50,
                    include: Annotated[Literal["retracted"] | None, Query(
                        description="`retracted` lists retracted runs too")] = None
                    ) -> Response:
    # a page costs many times an item page: read and serialised in the bulk lane (a worker
    # process where there is one), and sent as it comes
    page = await tx.batch(_run_page_json, model, benchmark, status, cursor, limit,
                          include == "retracted")
    return Response(page, media_type="application/json")


def _run_page_json(session: Session, model: str | None, benchmark: str | None,
                   status: RunState | None, cursor: str | None, limit: int,
                   retracted: bool) -> bytes:
    runs, next_cursor = queries.list_runs(session, model=model, benchmark=benchmark,
                                          status=status, cursor=cursor, limit=limit,
                                          retracted=retracted)
    return RunPage(runs=runs, next_cursor=next_cursor).model_dump_json().encode()


@router.get("/runs/{run_id}", name="get_run", dependencies=[ReadKeyDep],
            response_model=RunStatus)
def get_run(run_id: RowId, session: SessionDep, request: Request) -> Response:
    """Status, done / total per benchmark, errors so far, rate and ETA; the plan, runtime
    record and reproducibility record."""
    return ModelResponse(queries.run_status(session, run_id, _executor(request)))


@router.post("/runs/{run_id}/cancel", name="cancel_run", dependencies=[WriteKeyDep])
async def cancel_run(run_id: RowId, tx: TransactionsDep, request: Request) -> RunStatus:
    """Stop a queued or running run; in-flight requests are abandoned, finished samples and
    their results are kept."""
    current = await tx.run(queries.get_run, run_id)
    if current.status not in ACTIVE:
        raise Conflict(f"run {run_id} is {current.status}", field="run_id")
    await _executor(request).cancel(run_id)
    return await tx.run(queries.run_status, run_id, _executor(request))

@router.get("/runs/{run_id}/events", name="run_events", dependencies=[ReadKeyDep],
            response_class=StreamingResponse,
            responses={200: {"content": {"text/event-stream": {}}}})
async def run_events(run_id: RowId, tx: TransactionsDep, request: Request) -> StreamingResponse:
    """Server-Sent Events: `progress`, `sample`, `error`, then `finished`, `failed` or
    `cancelled`. A run that is not active sends its status and closes. The stream holds no
    database connection: events come from the executor in memory (for a run another server
    process carries out: `progress` once a second, then the end)."""
    executor = _executor(request)
    settings: Settings = request.app.state.settings
    status = await tx.run(queries.run_status, run_id, executor)
    queue = executor.subscribe(run_id) if status.status in ACTIVE else None

    async def stream() -> AsyncIterator[str]:
        first = {"event": "status", "status": status.status, "done": status.progress.done,
                 "total": status.progress.total}
        yield f"event: status\ndata: {json.dumps(first)}\n\n"
        if queue is None:
            return
        try:
            async for frame in stream_frames(queue, HEARTBEAT_S, settings.sse_flush_s):
                yield frame
        finally:
            executor.unsubscribe(run_id, queue)

    return StreamingResponse(stream(), media_type="text/event-stream",
                             headers={"Cache-Control": "no-cache"})


def _outcome(session: Session, run_id: int, executor: Executor) -> EvaluateResponse:
    return EvaluateResponse(run=queries.run_status(session, run_id, executor),
                            results=queries.list_results(session, run_id))


@router.post("/evaluate", name="evaluate", dependencies=[WriteKeyDep],
             responses={202: {"model": EvaluateResponse,
                              "description": "Still running when the wait ended"}})
async def evaluate(body: EvaluateRequest, tx: TransactionsDep,
                   request: Request) -> EvaluateResponse:
    """Run and wait (up to `wait_timeout_s`): the results come in the response. For small
    jobs; larger ones should use POST /runs and follow /runs/{id}/events."""
    run_id = await _start(request, tx, body)
    if body.wait:
        await _executor(request).wait(run_id, body.wait_timeout_s)
    out = await tx.run(_outcome, run_id, _executor(request))
    if out.run.status in ACTIVE:
        return JSONResponse(out.model_dump(mode="json"), status_code=202)  # type: ignore[return-value]
    return out


@router.post("/runs/{run_id}/device-metrics", name="add_device_metrics",
             dependencies=[WriteKeyDep])
async def post_device_metrics(run_id: RowId, body: DeviceMetricsIn, tx: TransactionsDep,
                              request: Request) -> RunStatus:
    """Attach figures measured on a phone (tokens/s, TTFT, peak memory, energy) to a run;
    they are listed under device_metrics (and config.device_metrics)."""
    await tx.run(add_device_metrics, run_id, body)
    return await tx.run(queries.run_status, run_id, _executor(request))

@router.get("/runs/{run_id}/samples", name="list_samples", dependencies=[ReadKeyDep])
def list_samples(
    run_id: RowId,
    session: SessionDep,
    verdict: Status | None = None,
    repeat: Annotated[int | None, Query(ge=0, le=1_000_000)] = None,
    item_id: Annotated[int | None, Query(ge=1, le=MAX_ROW_ID)] = None,
    cursor: CursorQuery = None,
    limit: Annotated[int, Query(ge=1, le=1000)] = 100,
) -> SamplePage:
    """Per-sample verdicts in id order; filter by verdict, repeat and item (an item's
    samples in two runs: what a comparison's lost and gained items open)."""
    page, next_cursor = queries.list_samples(session, run_id, verdict=verdict, repeat=repeat,
                                             cursor=cursor, limit=limit, item_id=item_id)
    return SamplePage(samples=page, next_cursor=next_cursor)


@router.get("/runs/{run_id}/results", name="get_results", dependencies=[ReadKeyDep])
def get_results(run_id: RowId, session: SessionDep) -> list[ResultRead]:
    return queries.list_results(session, run_id)


@router.get("/runs/{run_id}/submission.csv", name="export_submission",
            dependencies=[ReadKeyDep], response_class=Response,
            responses={200: {"content": {"text/csv": {}}}})
def export_submission(run_id: RowId, session: SessionDep,
                      repeat: Annotated[int, Query(ge=0, le=1_000_000)] = 0) -> Response:
    """Leaderboard submission CSV `question_id,predicted_answer`: the format of the
    leaderboards of sets published without their answer key."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(["question_id", "predicted_answer"])
    writer.writerows(queries.submission_rows(session, run_id, repeat))
    return Response(buf.getvalue(), media_type="text/csv",
                    headers={"Content-Disposition": f'attachment; filename="run-{run_id}.csv"'})


@router.get("/runs/{run_id}/export", name="export_run", dependencies=[ReadKeyDep],
            response_class=Response,
            responses={200: {"content": {"application/zip": {}, "text/csv": {}}}})
def export_run(run_id: RowId, session: SessionDep,
               format: Literal["lm-eval", "csv"] = "lm-eval") -> Response:
    """`lm-eval`: a zip in lm-evaluation-harness's output layout (`<model>/results_<date>.json`
    and `<model>/samples_<task>_<date>.jsonl`), for tools that read lm-eval results; `csv`:
    one row per sample."""
    if format == "csv":
        return Response(samples_csv(session, run_id), media_type="text/csv", headers={
            "Content-Disposition": f'attachment; filename="run-{run_id}-samples.csv"'})
    name, data = lm_eval_archive(session, run_id)
    return Response(data, media_type="application/zip",
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})
