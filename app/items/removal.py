"""Removing a user benchmark's import: its items go, the record of the import stays (marked
removed), and the benchmark's item set becomes a new version. Refused while a run that
counts (not retracted) used the items or a run of the benchmark is under way: a number
people read is never left without the items it was measured on."""

from __future__ import annotations

from datetime import UTC, datetime

from pydantic import BaseModel, JsonValue
from sqlalchemy import delete, or_, select
from sqlalchemy.orm import Session

from app.http import Conflict, NotFound
from app.items.item_set import item_set_version
from app.records import ACTIVE, RunPlan
from app.tables import Benchmark, Item, Run, Sample

CHUNK = 500  # bound parameters per statement


class RemovalRead(BaseModel):
    benchmark: str
    import_sha256: str
    removed: int
    retracted_runs: list[int]  # their samples of the removed items went with the items


def remove_import(session: Session, bench: Benchmark, import_sha256: str) -> RemovalRead:
    if bench.builtin:
        raise Conflict(f"{bench.name} is a catalog benchmark whose items are its published "
                       "files: they are not removed", field="name")
    ids = list(session.scalars(select(Item.id).where(Item.benchmark_id == bench.id,
                                                     Item.import_sha256 == import_sha256)))
    if not ids:
        raise NotFound(f"{bench.name} has no items of import {import_sha256}",
                       field="import_sha256")
    active = [run.id for run in _runs_of(session, bench) if run.status in ACTIVE]
    if active:
        raise Conflict(f"runs {_listed(active)} of {bench.name} are under way: wait for them "
                       "or cancel them first", field="import_sha256", runs=_ids(active))
    users: dict[int, bool] = {}
    for start in range(0, len(ids), CHUNK):
        for run_id, retracted in session.execute(
                select(Sample.run_id, Run.retracted_at.is_not(None)).distinct()
                .join(Run, Run.id == Sample.run_id)
                .where(Sample.item_id.in_(ids[start:start + CHUNK]))):
            users[run_id] = bool(retracted)
    # a run over the item set as it is now counted these items too, answered or not
    version = item_set_version(session, bench, None).sha256
    splits = set(session.scalars(select(Item.split).distinct().where(
        Item.benchmark_id == bench.id, Item.import_sha256 == import_sha256)))
    current = {item_set_version(session, bench, split).sha256 for split in splits} | {version}
    for run in _runs_of(session, bench):
        record = run.reproducibility
        if record is not None and any(b.item_set is not None and b.item_set.sha256 in current
                                      for b in record.benchmarks if b.name == bench.name):
            users[run.id] = run.retracted_at is not None
    counting = sorted(r for r, retracted in users.items() if not retracted)
    if counting:
        raise Conflict(f"runs {_listed(counting)} scored items of this import: retract them "
                       "first (DELETE /runs/{id}), then remove the import",
                       field="import_sha256", runs=_ids(counting))
    for start in range(0, len(ids), CHUNK):
        session.execute(delete(Item).where(Item.id.in_(ids[start:start + CHUNK])))
    now = datetime.now(UTC)
    bench.sources = [s.model_copy(update={"removed_at": now.isoformat()})
                     if s.import_sha256 == import_sha256 and s.removed_at is None else s
                     for s in bench.sources]
    bench.updated_at = now  # a new item set: caches of keys, pages and versions move on
    session.flush()
    return RemovalRead(benchmark=bench.name, import_sha256=import_sha256, removed=len(ids),
                       retracted_runs=sorted(users))


def _runs_of(session: Session, bench: Benchmark) -> list[Run]:
    """The benchmark's runs: its own, and runs of several benchmarks whose plan names it."""
    out = []
    for run in session.scalars(select(Run).where(or_(Run.benchmark_id == bench.id,
                                                     Run.benchmark_id.is_(None)))):
        plan = run.config
        if run.benchmark_id == bench.id or (isinstance(plan, RunPlan) and any(
                b.benchmark_id == bench.id for b in plan.benchmarks)):
            out.append(run)
    return out


def _ids(run_ids: list[int]) -> list[JsonValue]:
    return list(run_ids[:20])


def _listed(run_ids: list[int]) -> str:
    shown = ", ".join(str(r) for r in run_ids[:10])
    return shown + (f" and {len(run_ids) - 10} more" if len(run_ids) > 10 else "")
