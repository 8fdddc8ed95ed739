"""The near-duplicate audit of a benchmark (within it, and against other benchmarks), and
the version without its duplicates."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.audits.content_schemas import (
    ClusterItemRead,
    ClusterRead,
    DuplicatesDeriveIn,
    DuplicatesRead,
)
from app.benchmarks.derived import derive_benchmark
from app.benchmarks.schemas import Derivation, DerivationMethod
from app.benchmarks.service import choose_split, get_benchmark
from app.errors import InvalidInput, NotFound
from app.models import Benchmark, Item
from app.scoring import near_duplicates
from app.scoring.text_ngrams import item_text

DEFINITIONS = {
    "method": (near_duplicates.__doc__ or "").strip(),
    "text": "an item's question and options, casefolded, as runs of letters and digits",
    "dropped": "within the benchmark the first item (lowest id) of a cluster is kept and the "
    "others dropped; an item in a cluster with another benchmark's item is dropped",
}


@dataclass(frozen=True)
class _Found:
    bench: Benchmark
    split: str | None
    rows: dict[int, Item]
    names: dict[int, str]  # benchmark id -> name
    clusters: list[tuple[list[int], list[near_duplicates.Pair], list[int]]]


def _find(session: Session, name: str, split: str | None, against: list[str], ngram: int,
          threshold: float) -> _Found:
    bench = get_benchmark(session, name)
    chosen = choose_split(session, bench, split)
    others = []
    for other in dict.fromkeys(against):
        if other == name:
            raise InvalidInput("against names other benchmarks", field="against")
        try:
            others.append(get_benchmark(session, other))
        except NotFound:
            raise NotFound(f"benchmark {other!r} does not exist", field="against") from None
    stmt = select(Item).where(Item.benchmark_id == bench.id)
    if chosen is not None:
        stmt = stmt.where(Item.split == chosen)
    rows = {r.id: r for r in session.scalars(stmt)}
    if not rows:
        raise InvalidInput(f"{name} has no items to audit", field="name")
    for other_bench in others:  # every split of the others: a copy anywhere counts
        rows.update({r.id: r for r in session.scalars(
            select(Item).where(Item.benchmark_id == other_bench.id))})
    found = near_duplicates.pairs({i: item_text(r.payload) for i, r in rows.items()}, ngram,
                                  threshold)
    clusters = []
    for members in near_duplicates.clusters(found):
        inside = set(members)
        links = [p for p in found if p.a in inside]
        mine = [i for i in members if rows[i].benchmark_id == bench.id]
        if not mine:
            continue  # duplicates among the other benchmarks only
        shared = len(mine) < len(members)
        clusters.append((members, links, mine if shared else mine[1:]))
    return _Found(bench, chosen, rows, {b.id: b.name for b in [bench, *others]}, clusters)


def duplicates_audit(session: Session, name: str, split: str | None, against: list[str],
                     ngram: int, threshold: float) -> DuplicatesRead:
    found = _find(session, name, split, against, ngram, threshold)
    clusters = [ClusterRead(
        items=[ClusterItemRead(benchmark=found.names[found.rows[i].benchmark_id], item_id=i,
                               external_id=found.rows[i].external_id,
                               split=found.rows[i].split, subject=found.rows[i].subject)
               for i in members],
        min_jaccard=min(p.jaccard for p in links), max_jaccard=max(p.jaccard for p in links),
        dropped=dropped) for members, links, dropped in found.clusters]
    return DuplicatesRead(
        benchmark=name, split=found.split, against=against, ngram=ngram, threshold=threshold,
        n_items=sum(1 for r in found.rows.values() if r.benchmark_id == found.bench.id),
        clusters=clusters, n_dropped=sum(len(c.dropped) for c in clusters),
        definitions=DEFINITIONS)


def derive_without_duplicates(session: Session, name: str,
                              data: DuplicatesDeriveIn) -> Benchmark:
    found = _find(session, name, None, data.against, data.ngram, data.threshold)
    dropped = {i for _m, _l, drop in found.clusters for i in drop}
    rule = (f"near-duplicates removed: word {data.ngram}-gram Jaccard >= {data.threshold:g}"
            + (f", against {', '.join(data.against)}" if data.against else ""))
    return derive_benchmark(session, found.bench, data.name, found.split, dropped,
                            Derivation(parent=name, parent_version=found.bench.version,
                                       method=DerivationMethod.DUPLICATES,
                                       rules=[f"{rule}: {len(dropped)} items"],
                                       split=found.split))
