"""Item rules: all-or-nothing imports with conflict policy, and paginated reads."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from datetime import UTC, datetime

from sqlalchemy import func, insert, select, update
from sqlalchemy.orm import Session

from app.benchmarks import benchmark_of
from app.http import Conflict, InvalidInput, NotFound, keyset_page, next_cursor
from app.item_files import ItemRecord
from app.items.importer import ParsedUpload
from app.items.published import refuse_drift
from app.items.schemas import ItemRead, OnConflict
from app.records import ImportReport, SourceRead
from app.tables import Benchmark, Item


def reject_if_invalid(parsed: ParsedUpload, max_errors: int) -> None:
    if not parsed.errors:
        return
    shown = [e.as_dict() for e in parsed.errors[:max_errors]]
    first = parsed.errors[0]
    where = f"{first.file} line {first.line}" if first.line else first.file
    raise InvalidInput(
        f"{len(parsed.errors)} problem(s) found, nothing was imported; first: {where}, "
        f"field {first.field!r}: {first.message}",
        errors=shown,
        error_count=len(parsed.errors),
    )


def split_sizes(session: Session, benchmark_id: int) -> dict[str, int]:
    return {split: n for split, n in session.execute(select(Item.split, func.count()).where(
        Item.benchmark_id == benchmark_id).group_by(Item.split))}


def _row(benchmark_id: int, rec: ItemRecord, import_sha256: str) -> dict[str, object]:
    return {
        "import_sha256": import_sha256,
        "benchmark_id": benchmark_id,
        "external_id": rec.external_id,
        "split": rec.split,
        "subject": rec.subject,
        "n_choices": rec.n_choices,
        "payload": rec.payload,
        "meta": rec.meta,
        "created_at": datetime.now(UTC),
    }


def _current_content(session: Session, item_ids: list[int]
                     ) -> dict[int, tuple[str, str, Mapping[str, object], Mapping[str, object]]]:
    """Stored content of the items an import would replace, read in chunks of bound ids; only
    compared with the records, so the JSON columns are taken as they are."""
    out: dict[int, tuple[str, str, Mapping[str, object], Mapping[str, object]]] = {}
    for start in range(0, len(item_ids), 500):
        chunk = item_ids[start:start + 500]
        for i, split, subject, payload, meta in session.execute(
                select(Item.id, Item.split, Item.subject, Item.payload, Item.meta)
                .where(Item.id.in_(chunk))):
            out[i] = (split, subject, payload, meta)
    return out


def store_items(session: Session, bench: Benchmark, parsed: ParsedUpload,
                on_conflict: OnConflict, max_errors: int) -> ImportReport:
    """Write every record or none. `reject`: any id already present fails the import (409);
    `replace`: existing items keep their database id (samples stay attached) and take the new
    content."""
    reject_if_invalid(parsed, max_errors)
    existing: dict[str, int] = dict(session.execute(
        select(Item.external_id, Item.id).where(Item.benchmark_id == bench.id)).all())
    clashes = [r for r in parsed.records if r.external_id in existing]
    if clashes and on_conflict == "reject":
        raise Conflict(
            f"{len(clashes)} item id(s) already exist in {bench.name}, nothing was imported; "
            "pass on_conflict=replace to overwrite them",
            errors=[{"file": r.file, "line": r.line, "field": "id",
                     "message": f"id {r.external_id!r} already exists"}
                    for r in clashes[:max_errors]],
            error_count=len(clashes),
        )
    added = [r for r in parsed.records if r.external_id not in existing]
    current = _current_content(session, [existing[r.external_id] for r in clashes])
    changed = [r for r in clashes if current[existing[r.external_id]]
               != (r.split, r.subject, r.payload, r.meta)]
    if bench.builtin:  # metadata aside: what an item asks and its key
        drifted = [r for r in changed
                   if current[existing[r.external_id]][:3] != (r.split, r.subject, r.payload)]
        refuse_drift(bench.name, benchmark_of(bench).spec.published, added, drifted,
                     split_sizes(session, bench.id), max_errors)
    new_rows = [_row(bench.id, r, parsed.sha256) for r in added]
    unchanged = len(clashes) - len(changed)
    updates = [{"id": existing[r.external_id], "split": r.split, "subject": r.subject,
                "n_choices": r.n_choices, "payload": r.payload, "meta": r.meta,
                "import_sha256": parsed.sha256} for r in changed]
    if new_rows:
        session.execute(insert(Item), new_rows)
    if updates:
        session.execute(update(Item), updates)
    now = datetime.now(UTC)
    bench.sources = [*bench.sources, *(
        SourceRead(**f.model_dump(), imported_at=now.isoformat(), import_sha256=parsed.sha256)
        for f in parsed.files)]
    bench.updated_at = now  # item pages are cached under it (app.items.page_cache)
    session.flush()
    return ImportReport(
        benchmark=bench.name,
        received=len(parsed.records),
        inserted=len(new_rows),
        replaced=len(updates),
        unchanged=unchanged,
        sha256=parsed.sha256,
        files=parsed.files,
        splits=dict(sorted(Counter(r.split for r in parsed.records).items())),
        subjects=len({r.subject for r in parsed.records}),
    )


GENERIC_FIELDS = frozenset({"question", "choices", "answers", "references"})


def item_read(item: Item, benchmark_name: str) -> ItemRead:
    p = item.payload
    return ItemRead(
        id=item.id, benchmark=benchmark_name, external_id=item.external_id, split=item.split,
        subject=item.subject, n_choices=item.n_choices, question=p.get("question", ""),
        choices=p.get("choices"), answers=p.get("answers"), references=p.get("references"),
        task={k: v for k, v in p.items() if k not in GENERIC_FIELDS} or None,
        metadata=item.meta,
    )


def list_items(session: Session, bench: Benchmark, *, split: str | None, subject: str | None,
               cursor: str | None, limit: int) -> tuple[list[Item], str | None]:
    stmt = select(Item).where(Item.benchmark_id == bench.id)
    if split is not None:
        stmt = stmt.where(Item.split == split)
    if subject is not None:
        stmt = stmt.where(Item.subject == subject)
    rows, more = keyset_page(session, stmt, Item.id, cursor, limit)
    return rows, next_cursor(more, rows[-1].id if rows else None)


def get_item(session: Session, item_id: int) -> tuple[Item, str]:
    row = session.execute(
        select(Item, Benchmark.name).join(Benchmark, Benchmark.id == Item.benchmark_id)
        .where(Item.id == item_id)
    ).first()
    if row is None:
        raise NotFound(f"item {item_id} does not exist", field="id")
    return row[0], row[1]

