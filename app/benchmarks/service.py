"""Benchmark rules: seeding the catalog, custom benchmarks, lookups and item counts."""

from __future__ import annotations

from dataclasses import replace

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from app.benchmarks.base import family
from app.benchmarks.protocol import Benchmark as BenchmarkObject
from app.benchmarks.registry import benchmarks, catalog
from app.benchmarks.schemas import BenchmarkCreate
from app.benchmarks.spec import BenchmarkSpec
from app.http import Conflict, NotFound
from app.records import StoredDefinition
from app.tables import Benchmark, Item

GENERIC_LAYOUTS = ("jsonl", "csv", "parquet")


def _config_of(spec: BenchmarkSpec) -> StoredDefinition:
    return StoredDefinition(subject_label=spec.subject_label, default_split=spec.default_split,
                            answer_key_required=spec.answer_key_required,
                            layouts=list(spec.layouts),
                            default_layouts=dict(spec.default_layouts))


def benchmark_of(row: Benchmark) -> BenchmarkObject:
    """The runtime definition of a stored benchmark: a catalog entry, a derived version of
    one (its behaviour, not its place), or a custom set with its kind's behaviour."""
    registered = benchmarks()
    builtin = registered.get(row.name) if row.builtin else None
    if builtin is not None:
        return builtin
    shared = None if row.derivation is None else registered.get(str(row.derivation.spec))
    if shared is not None:
        return shared.variant(spec=replace(shared.spec, name=row.name, version=row.version,
                                           description=row.description, hub=None))
    cfg = row.config
    spec = BenchmarkSpec(
        name=row.name,
        version=row.version,
        kind="mcq" if row.kind == "mcq" else "freeform",
        description=row.description,
        scoring=row.scoring,
        prompt_template=row.prompt_template,
        subject_label=cfg.subject_label,
        default_split=cfg.default_split,
        answer_key_required=cfg.answer_key_required,
        layouts=GENERIC_LAYOUTS if cfg.layouts is None else tuple(cfg.layouts),
        default_layouts=dict(cfg.default_layouts),
    )
    # the user's own template where one was given, else the kind's standard prompt
    return family(spec, templated=bool(row.prompt_template))


def spec_of(row: Benchmark) -> BenchmarkSpec:
    return benchmark_of(row).spec


def seed_catalog(session: Session) -> int:
    """Insert or refresh the built-in definitions; imported items are left alone. Idempotent."""
    existing = {b.name: b for b in session.scalars(select(Benchmark))}
    changed = 0
    for spec in catalog().values():
        row = existing.get(spec.name)
        if row is None:
            row = Benchmark(name=spec.name, sources=[])
            session.add(row)
        values = {
            "version": spec.version,
            "kind": spec.kind,
            "description": spec.description,
            "scoring": spec.scoring,
            "prompt_template": spec.prompt_template,
            "prompt_template_sha256": spec.prompt_template_sha256,
            "builtin": True,
            "config": _config_of(spec),
        }
        for key, value in values.items():
            if getattr(row, key, None) != value:
                setattr(row, key, value)
                changed += 1
    session.flush()
    return changed


def get_benchmark(session: Session, name: str) -> Benchmark:
    row = session.scalar(select(Benchmark).where(Benchmark.name == name))
    if row is None:
        raise NotFound(f"benchmark {name!r} does not exist", field="name")
    return row


def list_benchmarks(session: Session) -> list[tuple[Benchmark, int]]:
    counts = dict(
        session.execute(select(Item.benchmark_id, func.count()).group_by(Item.benchmark_id)).all()
    )
    rows = session.scalars(select(Benchmark).order_by(Benchmark.name))
    return [(row, counts.get(row.id, 0)) for row in rows]


def item_counts(session: Session, benchmark_id: int) -> list[tuple[str, str, int]]:
    """(split, subject, items) for one benchmark, sorted."""
    stmt = (
        select(Item.split, Item.subject, func.count())
        .where(Item.benchmark_id == benchmark_id)
        .group_by(Item.split, Item.subject)
        .order_by(Item.split, Item.subject)
    )
    return [(s, subj, n) for s, subj, n in session.execute(stmt)]


def create_benchmark(session: Session, data: BenchmarkCreate) -> Benchmark:
    if session.scalar(select(Benchmark.id).where(Benchmark.name == data.name)) is not None:
        raise Conflict(f"benchmark {data.name!r} already exists", field="name")
    spec = BenchmarkSpec(
        name=data.name,
        version=data.version,
        kind=data.kind,
        description=data.description,
        scoring=(
            "0/1 per item: the chosen option letter must be one of the keyed letters."
            if data.kind == "mcq"
            else "0/1 per item: exact match after normalisation (strip, casefold, drop "
            "surrounding punctuation) against any reference answer."
        ),
        prompt_template=data.prompt_template,
        subject_label=data.subject_label,
        answer_key_required=data.answer_key_required,
        layouts=GENERIC_LAYOUTS,
    )
    row = Benchmark(
        name=spec.name,
        version=spec.version,
        kind=spec.kind,
        description=spec.description,
        scoring=spec.scoring,
        prompt_template=spec.prompt_template,
        prompt_template_sha256=spec.prompt_template_sha256,
        builtin=False,
        config=_config_of(spec),
        sources=[],
    )
    session.add(row)
    session.flush()
    return row


def choose_split(session: Session, bench: Benchmark, requested: str | None) -> str | None:
    """The requested split, else the benchmark's default split when it has items, else all."""
    splits = set(session.scalars(select(Item.split).where(Item.benchmark_id == bench.id)
                                 .distinct()))
    if requested is not None:
        if requested not in splits:
            raise NotFound(f"{bench.name} has no items in split {requested!r} "
                               f"(splits: {', '.join(sorted(splits)) or 'none'})", field="split")
        return requested
    default = spec_of(bench).default_split
    return default if default in splits else None
