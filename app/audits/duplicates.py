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
    LinkRead,
)
from app.benchmarks import choose_split, derive_benchmark, get_benchmark
from app.http import Conflict, InvalidInput, NotFound
from app.records import Derivation, DerivationMethod
from app.scoring import item_text, near_duplicates
from app.tables import Benchmark, Item

DEFINITIONS = {
    "method": (near_duplicates.__doc__ or "").strip(),
    "text": "an item's question and options, casefolded, as runs of letters and digits",
    "dropped": "within the benchmark the first item (lowest id) of a cluster is kept and the "
    "others dropped; an item in a cluster with another benchmark's item is dropped",
}


@dataclass(frozen=True)
class AuditedRow:
    benchmark_id: int
    external_id: str
    split: str
    subject: str
    text: str


@dataclass(frozen=True)
class AuditedTexts:
    """What the duplicate search reads, loaded once (plain data: no session needed)."""

    bench_id: int
    bench_name: str
    split: str | None
    rows: dict[int, AuditedRow]
    names: dict[int, str]  # benchmark id -> name

    def texts(self) -> dict[int, str]:
        return {i: r.text for i, r in self.rows.items()}


@dataclass(frozen=True)
class _Found:
    audited: AuditedTexts
    clusters: list[tuple[list[int], list[near_duplicates.Pair], list[int]]]


def audited_texts(session: Session, name: str, split: str | None,
                  against: list[str]) -> AuditedTexts:
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
    items = list(session.scalars(stmt))
    if not items:
        raise Conflict(f"{name} has no items to audit", field="name")
    for other_bench in others:  # every split of the others: a copy anywhere counts
        items += session.scalars(select(Item).where(Item.benchmark_id == other_bench.id))
    rows = {r.id: AuditedRow(r.benchmark_id, r.external_id, r.split, r.subject,
                             item_text(r.payload)) for r in items}
    return AuditedTexts(bench.id, bench.name, chosen, rows,
                        {b.id: b.name for b in [bench, *others]})


def found_clusters(audited: AuditedTexts, found: list[near_duplicates.Pair]) -> _Found:
    clusters = []
    for members in near_duplicates.clusters(found):
        inside = set(members)
        links = [p for p in found if p.a in inside]
        mine = [i for i in members if audited.rows[i].benchmark_id == audited.bench_id]
        if not mine:
            continue  # duplicates among the other benchmarks only
        shared = len(mine) < len(members)
        clusters.append((members, links, mine if shared else mine[1:]))
    return _Found(audited, clusters)


def _find(session: Session, name: str, split: str | None, against: list[str], ngram: int,
          threshold: float) -> _Found:
    audited = audited_texts(session, name, split, against)
    return found_clusters(audited, near_duplicates.pairs(audited.texts(), ngram, threshold))


def duplicates_read(found: _Found, against: list[str], ngram: int | None, threshold: float,
                    method: str = "minhash") -> DuplicatesRead:
    audited = found.audited
    rows = audited.rows
    clusters = [ClusterRead(
        items=[ClusterItemRead(benchmark=audited.names[rows[i].benchmark_id], item_id=i,
                               external_id=rows[i].external_id, split=rows[i].split,
                               subject=rows[i].subject) for i in members],
        pairs=[LinkRead(a=p.a, b=p.b, similarity=p.jaccard) for p in links],
        min_jaccard=min(p.jaccard for p in links), max_jaccard=max(p.jaccard for p in links),
        dropped=dropped) for members, links, dropped in found.clusters]
    return DuplicatesRead(
        benchmark=audited.bench_name, split=audited.split, against=against, method=method,
        ngram=ngram, threshold=threshold,
        n_items=sum(1 for r in rows.values() if r.benchmark_id == audited.bench_id),
        clusters=clusters, n_dropped=sum(len(c.dropped) for c in clusters),
        definitions=DEFINITIONS)


def duplicates_audit(session: Session, name: str, split: str | None, against: list[str],
                     ngram: int, threshold: float) -> DuplicatesRead:
    return duplicates_read(_find(session, name, split, against, ngram, threshold), against,
                           ngram, threshold)


def derive_without_duplicates(session: Session, name: str,
                              data: DuplicatesDeriveIn) -> Benchmark:
    found = _find(session, name, None, data.against, data.ngram, data.threshold)
    dropped = {i for _m, _l, drop in found.clusters for i in drop}
    bench = get_benchmark(session, name)
    rule = (f"near-duplicates removed: word {data.ngram}-gram Jaccard >= {data.threshold:g}"
            + (f", against {', '.join(data.against)}" if data.against else ""))
    return derive_benchmark(session, bench, data.name, found.audited.split, dropped,
                            Derivation(parent=name, parent_version=bench.version,
                                       method=DerivationMethod.DUPLICATES,
                                       rules=[f"{rule}: {len(dropped)} items"],
                                       split=found.audited.split))
