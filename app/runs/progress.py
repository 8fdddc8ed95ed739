"""Run status with progress: done / total per benchmark, errors, rate and ETA."""

from __future__ import annotations

import time

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from app.items.service import decode_cursor, encode_cursor
from app.models import Benchmark, Item, Model, Run, Sample
from app.runs.executor import RunExecutor
from app.runs.job_schemas import BenchmarkProgress, RunProgress, RunStatus
from app.runs.schemas import RunRead
from app.runs.service import get_run, get_runs


def run_status(session: Session, run_id: int, executor: RunExecutor) -> RunStatus:
    run = get_run(session, run_id)
    row = session.get_one(Run, run_id)
    counts = dict(session.execute(
        select(Item.benchmark_id, func.count()).select_from(Sample)
        .join(Item, Item.id == Sample.item_id).where(Sample.run_id == run_id)
        .group_by(Item.benchmark_id)).all())
    names = dict(session.execute(select(Benchmark.id, Benchmark.name)).all())
    if row.kind in ("endpoint", "gguf"):
        per = [BenchmarkProgress(benchmark=p["name"], done=counts.get(p["benchmark_id"], 0),
                                 total=len(p["item_ids"]) * p["repeats"])
               for p in row.config["benchmarks"]]
    else:
        per = [BenchmarkProgress(benchmark=names[b], done=n, total=n)
               for b, n in counts.items()]
    done, total = sum(p.done for p in per), sum(p.total for p in per)
    stats = executor.stats.get(run_id)
    rate = eta = None
    if stats is not None and executor.is_active(run_id) and stats.done_here:
        rate = stats.done_here / max(time.monotonic() - stats.started, 1e-9)
        eta = (total - done) / rate
    progress = RunProgress(done=done, total=total, benchmarks=per,
                           errors=stats.errors if stats else 0, rate_per_s=rate, eta_s=eta,
                           started_at=row.started_at)
    return RunStatus(**run.model_dump(), progress=progress)


def list_runs(session: Session, *, model: str | None, benchmark: str | None,
              status: str | None, cursor: str | None, limit: int
              ) -> tuple[list[RunRead], str | None]:
    stmt = select(Run.id).outerjoin(Model, Model.id == Run.model_id)
    if model is not None:
        stmt = stmt.where(Model.name == model)
    if status is not None:
        stmt = stmt.where(Run.status == status)
    if benchmark is not None:
        bench_id = session.scalar(select(Benchmark.id).where(Benchmark.name == benchmark))
        has_result = select(Sample.run_id).join(Item, Item.id == Sample.item_id).where(
            Item.benchmark_id == bench_id).distinct()
        stmt = stmt.where((Run.benchmark_id == bench_id) | Run.id.in_(has_result))
    if cursor is not None:
        stmt = stmt.where(Run.id < decode_cursor(cursor))
    ids = list(session.scalars(stmt.order_by(Run.id.desc()).limit(limit + 1)))
    page = get_runs(session, ids[:limit])
    more = len(ids) > limit
    return page, encode_cursor(page[-1].id) if more and page else None
