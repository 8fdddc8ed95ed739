"""A stored benchmark as the API shows it."""

from __future__ import annotations

from collections import Counter

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.benchmarks import service
from app.benchmarks.schemas import (
    BenchmarkRead,
    SplitCount,
    SubjectCount,
)
from app.tables import Benchmark


def benchmark_read(session: Session, row: Benchmark) -> BenchmarkRead:
    spec = service.spec_of(row)
    counts = service.item_counts(session, row.id)
    per_split: Counter[str] = Counter()
    for split, _subject, n in counts:
        per_split[split] += n
    sources = row.sources
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
        parent=None if row.parent_id is None else session.scalar(
            select(Benchmark.name).where(Benchmark.id == row.parent_id)),
        derivation=row.derivation,
        created_at=row.created_at,
    )
