"""Reading runs: the run record, its samples (paginated) and its results."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.errors import NotFound
from app.items.service import decode_cursor, encode_cursor
from app.models import Benchmark, Item, Model, Result, Run, Sample
from app.runs.schemas import MetricsRead, ResultRead, RunRead, SampleRead


def _with_names() -> Any:
    return (select(Run, Benchmark.name, Model.name)
            .outerjoin(Benchmark, Benchmark.id == Run.benchmark_id)
            .outerjoin(Model, Model.id == Run.model_id))


def _read(run: Run, bench: str | None, model: str | None) -> RunRead:
    return RunRead(id=run.id, kind=run.kind, status=run.status, benchmark=bench, model=model,
                   repeats=run.repeats, config=run.config, config_sha256=run.config_sha256,
                   error=run.error, created_at=run.created_at, finished_at=run.finished_at)


def get_run(session: Session, run_id: int) -> RunRead:
    row = session.execute(_with_names().where(Run.id == run_id)).first()
    if row is None:
        raise NotFound(f"run {run_id} does not exist", field="run_id")
    return _read(*row)


def get_runs(session: Session, run_ids: list[int]) -> list[RunRead]:
    """Several runs in one query, in the order of `run_ids`."""
    rows = {r[0].id: r for r in session.execute(_with_names().where(Run.id.in_(run_ids)))}
    return [_read(*rows[i]) for i in run_ids if i in rows]


def list_samples(session: Session, run_id: int, *, verdict: str | None, repeat: int | None,
                 cursor: str | None, limit: int) -> tuple[list[SampleRead], str | None]:
    get_run(session, run_id)
    stmt = (select(Sample, Item.external_id).join(Item, Item.id == Sample.item_id)
            .where(Sample.run_id == run_id))
    if verdict is not None:
        stmt = stmt.where(Sample.verdict == verdict)
    if repeat is not None:
        stmt = stmt.where(Sample.repeat == repeat)
    if cursor is not None:
        stmt = stmt.where(Sample.id > decode_cursor(cursor))
    rows = session.execute(stmt.order_by(Sample.id).limit(limit + 1)).all()
    page = [
        SampleRead(id=s.id, item_id=s.item_id, external_id=ext, repeat=s.repeat,
                   verdict=s.verdict, score=s.score, answer=s.answer, response=s.response,
                   prompt=s.prompt, detail=s.detail, latency_ms=s.latency_ms)
        for s, ext in rows[:limit]
    ]
    more = len(rows) > limit
    return page, encode_cursor(page[-1].id) if more and page else None


def list_results(session: Session, run_id: int) -> list[ResultRead]:
    get_run(session, run_id)
    rows = session.execute(
        select(Result, Benchmark.name).join(Benchmark, Benchmark.id == Result.benchmark_id)
        .where(Result.run_id == run_id).order_by(Benchmark.name)
    )
    return [ResultRead(benchmark=name, metrics=MetricsRead.model_validate(r.metrics),
                       computed_at=r.computed_at) for r, name in rows]


def submission_rows(session: Session, run_id: int, repeat: int) -> Iterator[tuple[str, str]]:
    """(question_id, predicted letter) per predicted item of one repeat, in item order."""
    get_run(session, run_id)
    stmt = (select(Item.external_id, Sample.answer).join(Item, Item.id == Sample.item_id)
            .where(Sample.run_id == run_id, Sample.repeat == repeat).order_by(Item.id))
    for ext, answer in session.execute(stmt):
        yield ext, answer or ""
