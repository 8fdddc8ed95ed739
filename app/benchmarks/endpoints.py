"""HTTP routes for the benchmark catalog."""

from __future__ import annotations

from collections import Counter

from fastapi import APIRouter, status
from sqlalchemy.orm import Session

from app.benchmarks import service
from app.benchmarks.schemas import (
    BenchmarkCreate,
    BenchmarkRead,
    BenchmarkSummary,
    SourceRead,
    SplitCount,
    SubjectCount,
)
from app.db import SessionDep, TransactionsDep
from app.models import Benchmark
from app.security import ReadKeyDep, WriteKeyDep

router = APIRouter(tags=["benchmarks"], dependencies=[ReadKeyDep])


def _read(session: Session, row: Benchmark) -> BenchmarkRead:
    spec = service.spec_of(row)
    counts = service.item_counts(session, row.id)
    per_split: Counter[str] = Counter()
    for split, _subject, n in counts:
        per_split[split] += n
    sources = [SourceRead.model_validate(s) for s in row.sources]
    return BenchmarkRead(
        name=row.name,
        version=row.version,
        kind=row.kind,
        description=row.description,
        builtin=row.builtin,
        items=sum(per_split.values()),
        scoring=row.scoring,
        subject_label=spec.subject_label,
        default_split=spec.default_split,
        answer_key_required=spec.answer_key_required,
        layouts=list(spec.layouts),
        prompt_template=row.prompt_template,
        prompt_template_sha256=row.prompt_template_sha256,
        source_sha256=sources[-1].sha256 if sources else None,
        sources=sources,
        splits=[SplitCount(split=s, items=n) for s, n in sorted(per_split.items())],
        subjects=[SubjectCount(split=s, subject=subj, items=n) for s, subj, n in counts],
        created_at=row.created_at,
    )


@router.get("/benchmarks", name="list_benchmarks")
def list_benchmarks(session: SessionDep) -> list[BenchmarkSummary]:
    """The catalog: built-in and custom benchmarks with their item counts."""
    return [
        BenchmarkSummary(name=r.name, version=r.version, kind=r.kind, description=r.description,
                         builtin=r.builtin, items=n)
        for r, n in service.list_benchmarks(session)
    ]


@router.get("/benchmarks/{name}", name="get_benchmark")
def get_benchmark(name: str, session: SessionDep) -> BenchmarkRead:
    """One benchmark: scoring in words, counts per split and subject, sources, template hash."""
    return _read(session, service.get_benchmark(session, name))


@router.post("/benchmarks", name="create_benchmark", status_code=status.HTTP_201_CREATED,
             dependencies=[WriteKeyDep])
async def create_benchmark(data: BenchmarkCreate, tx: TransactionsDep) -> BenchmarkRead:
    """Define a custom benchmark (kind mcq or freeform); import its items next."""
    return await tx.run(lambda session: _read(session, service.create_benchmark(session, data)))
