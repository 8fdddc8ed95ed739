"""Reading runs: the run record with progress, run lists, samples, results, submissions."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

from sqlalchemy import Row, func, select
from sqlalchemy.orm import Session

from app.benchmarks import component_name
from app.http import NotFound, keyset_page, next_cursor
from app.records import (
    EXECUTED,
    GGUFPlan,
    Json,
    PullPlan,
    PullProgress,
    PullStage,
    RunKind,
    RunPlan,
    RunRuntime,
    RunState,
    StoredPlan,
)
from app.runs.execute.protocol import Executor
from app.runs.read_schemas import (
    BenchmarkProgress,
    DeviceMetricRead,
    MetricsRead,
    ResultRead,
    RetractionRead,
    RunProgress,
    RunRead,
    RunStatus,
    SampleRead,
)
from app.scoring import Status
from app.tables import Benchmark, DeviceMetric, Item, Model, Result, Run, Sample

# what a run's record is read from: plain columns, not ORM objects, which cost run lists
# most of their time (instance state and identity map for rows that are only read)
_READ_COLUMNS = (Run.id, Run.kind, Run.status, Run.repeats, Run.config, Run.config_sha256,
                 Run.runtime, Run.reproducibility, Run.error, Run.created_at, Run.finished_at,
                 Run.created_by, Run.retracted_at, Run.retracted_by, Run.retraction_reason)


def _with_names() -> Any:
    return (select(*_READ_COLUMNS, Benchmark.name.label("benchmark_name"),
                   Model.name.label("model_name"))
            .outerjoin(Benchmark, Benchmark.id == Run.benchmark_id)
            .outerjoin(Model, Model.id == Run.model_id))


def legacy_config(plan: StoredPlan, runtime: RunRuntime,
                  device: list[DeviceMetricRead]) -> Json:
    """`config` as earlier versions returned it: the model under `endpoint` or `gguf` (the
    other null), gguf.server and gguf.measured from the runtime record, and device_metrics."""
    out: Json = plan.model_dump(mode="json")
    if isinstance(plan, RunPlan):
        model = plan.model.model_dump(mode="json", exclude={"kind"})
        if isinstance(plan.model, GGUFPlan):
            model |= runtime.model_dump(mode="json", include={"server", "measured"},
                                        exclude_none=True)
        out.pop("model")
        out |= {"endpoint": None, "gguf": None, plan.model.kind: model}
    if device:
        out["device_metrics"] = [d.model_dump(mode="json") for d in device]
    return out


def _device_metrics(session: Session, run_ids: list[int]) -> dict[int, list[DeviceMetricRead]]:
    out: dict[int, list[DeviceMetricRead]] = {}
    for row in session.scalars(select(DeviceMetric).where(DeviceMetric.run_id.in_(run_ids))
                               .order_by(DeviceMetric.id)):
        out.setdefault(row.run_id, []).append(DeviceMetricRead.model_validate(
            row, from_attributes=True))
    return out


def _read(run: Row[Any], device: list[DeviceMetricRead]) -> RunRead:
    """`run`: a row of `_with_names()`."""
    runtime = run.runtime
    return RunRead(id=run.id, kind=RunKind(run.kind), status=run.status,
                   benchmark=run.benchmark_name, model=run.model_name, repeats=run.repeats,
                   config=legacy_config(run.config, runtime, device), plan=run.config,
                   config_sha256=run.config_sha256, runtime=runtime, device_metrics=device,
                   reproducibility=run.reproducibility,
                   error=run.error, created_at=run.created_at, finished_at=run.finished_at,
                   created_by=run.created_by,
                   retraction=None if run.retracted_at is None else RetractionRead(
                       at=run.retracted_at, by=run.retracted_by,
                       reason=run.retraction_reason or ""))


def get_run(session: Session, run_id: int) -> RunRead:
    row = session.execute(_with_names().where(Run.id == run_id)).first()
    if row is None:
        raise NotFound(f"run {run_id} does not exist", field="run_id")
    return _read(row, _device_metrics(session, [run_id]).get(run_id, []))


def require_run(session: Session, run_id: int) -> None:
    """404 for an unknown run, without reading its plan and records."""
    if session.scalar(select(Run.id).where(Run.id == run_id)) is None:
        raise NotFound(f"run {run_id} does not exist", field="run_id")


def get_runs(session: Session, run_ids: list[int]) -> list[RunRead]:
    """Several runs in one query, in the order of `run_ids`."""
    rows = {r.id: r for r in session.execute(_with_names().where(Run.id.in_(run_ids)))}
    device = _device_metrics(session, run_ids)
    return [_read(rows[i], device.get(i, [])) for i in run_ids if i in rows]


def run_status(session: Session, run_id: int, executor: Executor) -> RunStatus:
    run = get_run(session, run_id)
    counts = dict(session.execute(
        select(Item.benchmark_id, func.count()).select_from(Sample)
        .join(Item, Item.id == Sample.item_id).where(Sample.run_id == run_id)
        .group_by(Item.benchmark_id)).all())
    if run.kind in EXECUTED and isinstance(run.plan, RunPlan):
        per = [BenchmarkProgress(benchmark=p.name, done=counts.get(p.benchmark_id, 0),
                                 total=len(p.item_ids) * p.repeats) for p in run.plan.benchmarks]
    elif isinstance(run.plan, PullPlan):  # bytes received of the files to pull
        pulled = run.runtime.pull or PullProgress(stage=PullStage.RESOLVING)
        per = [BenchmarkProgress(benchmark=run.plan.benchmark, done=pulled.bytes_done,
                                 total=pulled.bytes or 0)]
    else:
        names = dict(session.execute(select(Benchmark.id, Benchmark.name)).all())
        per = [BenchmarkProgress(benchmark=names[b], done=n, total=n)
               for b, n in counts.items()]
    done, total = sum(p.done for p in per), sum(p.total for p in per)
    live = executor.live(run_id)
    rate = eta = None
    finishing, ages = False, []
    if live is not None and executor.is_active(run_id):
        now = time.monotonic()
        estimate, ages = live.estimate(total - done, now), live.in_flight_s(now)
        if live.done_here:
            rate, eta, finishing = live.rate_per_s(now), estimate.seconds, estimate.finishing
    started, beat = session.execute(select(Run.started_at, Run.heartbeat_at)
                                    .where(Run.id == run_id)).one()
    progress = RunProgress(done=done, total=total, benchmarks=per,
                           errors=live.errors if live else 0, rate_per_s=rate, eta_s=eta,
                           finishing=finishing, in_flight_s=ages,
                           started_at=started, heartbeat_at=beat)
    return RunStatus(**dict(run), progress=progress)


def list_runs(session: Session, *, model: str | None, benchmark: str | None,
              status: RunState | None, cursor: str | None, limit: int,
              retracted: bool = False) -> tuple[list[RunRead], str | None]:
    """`retracted`: list retracted runs too (they are left out otherwise)."""
    stmt = select(Run.id).outerjoin(Model, Model.id == Run.model_id)
    if not retracted:
        stmt = stmt.where(Run.retracted_at.is_(None))
    if model is not None:
        stmt = stmt.where(Model.name == model)
    if status is not None:
        stmt = stmt.where(Run.status == status)
    if benchmark is not None:
        bench_id = session.scalar(select(Benchmark.id).where(Benchmark.name == benchmark))
        has_result = select(Sample.run_id).join(Item, Item.id == Sample.item_id).where(
            Item.benchmark_id == bench_id).distinct()
        stmt = stmt.where((Run.benchmark_id == bench_id) | Run.id.in_(has_result))
    ids, more = keyset_page(session, stmt, Run.id, cursor, limit, newest_first=True)
    page = get_runs(session, ids)
    return page, next_cursor(more, page[-1].id if page else None)


def list_samples(session: Session, run_id: int, *, verdict: Status | None, repeat: int | None,
                 cursor: str | None, limit: int,
                 item_id: int | None = None) -> tuple[list[SampleRead], str | None]:
    require_run(session, run_id)
    stmt = (select(Sample, Item.external_id).join(Item, Item.id == Sample.item_id)
            .where(Sample.run_id == run_id))
    if verdict is not None:
        stmt = stmt.where(Sample.verdict == verdict)
    if repeat is not None:
        stmt = stmt.where(Sample.repeat == repeat)
    if item_id is not None:
        stmt = stmt.where(Sample.item_id == item_id)
    rows, more = keyset_page(session, stmt, Sample.id, cursor, limit, whole_rows=True)
    page = [
        SampleRead(id=s.id, item_id=s.item_id, external_id=ext, repeat=s.repeat,
                   verdict=s.verdict, score=s.score, answer=s.answer, response=s.response,
                   prompt=s.prompt, detail=s.detail, latency_ms=s.latency_ms,
                   ttft_ms=s.ttft_ms, prompt_tokens=s.prompt_tokens,
                   completion_tokens=s.completion_tokens)
        for s, ext in rows
    ]
    return page, next_cursor(more, page[-1].id if page else None)


def list_results(session: Session, run_id: int) -> list[ResultRead]:
    require_run(session, run_id)
    rows = session.execute(
        select(Result, Benchmark.name).join(Benchmark, Benchmark.id == Result.benchmark_id)
        .where(Result.run_id == run_id).order_by(Benchmark.name)
    )
    return [ResultRead(benchmark=name, metrics=MetricsRead.model_validate(r.metrics),
                       computed_at=r.computed_at, index_component=component_name(name))
            for r, name in rows]


def submission_rows(session: Session, run_id: int, repeat: int) -> Iterator[tuple[str, str]]:
    """(question_id, predicted letter) per predicted item of one repeat, in item order."""
    require_run(session, run_id)
    stmt = (select(Item.external_id, Sample.answer).join(Item, Item.id == Sample.item_id)
            .where(Sample.run_id == run_id, Sample.repeat == repeat).order_by(Item.id))
    for ext, answer in session.execute(stmt):
        yield ext, answer or ""
