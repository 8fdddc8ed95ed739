"""Derived benchmark versions: a parent's items less those an audit or a rule removed.

A derived version is a benchmark of its own (run, compared and audited like any other). It
keeps the parent's definition — a built-in parent's prompts, few-shot rule and scoring, a
custom parent's template and kind — and its items keep their external ids. Only the filtered
split loses items; other splits (a few-shot `dev`) are copied whole."""

from __future__ import annotations

import hashlib
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import insert, select
from sqlalchemy.orm import Session

from app.http import Conflict, InvalidInput
from app.records import Derivation, SourceRead
from app.tables import Benchmark, Item

COPIED = ("external_id", "split", "subject", "n_choices", "payload", "meta")


@dataclass(frozen=True)
class ItemChange:
    """A derived item's new content (option expansion), in place of the parent's."""

    n_choices: int
    payload: dict[str, Any]
    meta: dict[str, Any]


def derive_benchmark(session: Session, parent: Benchmark, name: str, split: str | None,
                     dropped: Collection[int], derivation: Derivation,
                     changes: Mapping[int, ItemChange] | None = None) -> Benchmark:
    """A new benchmark row from `parent` without the items `dropped` (ids of the parent's
    items in `split`, or in any split when split is None), with `changes` applied."""
    if session.scalar(select(Benchmark.id).where(Benchmark.name == name)) is not None:
        raise Conflict(f"benchmark {name!r} already exists", field="name")
    rows = session.execute(select(Item.id, *(getattr(Item, c) for c in COPIED))
                           .where(Item.benchmark_id == parent.id).order_by(Item.id)).all()
    drop = set(dropped)
    kept = [r for r in rows if r.id not in drop]
    filtered = [r for r in kept if split is None or r.split == split]
    if not filtered:
        raise InvalidInput(f"the rule removes every item of {parent.name}: nothing to derive",
                           field="name")
    removed = sorted(r.external_id for r in rows if r.id in drop)
    record = derivation.model_copy(update={
        "parent": parent.name, "parent_version": parent.version, "split": split,
        "spec": parent.name if parent.builtin
        else None if parent.derivation is None else parent.derivation.spec,
        "kept": len(filtered), "dropped": removed})
    now = datetime.now(UTC)
    digest = hashlib.sha256("\n".join(sorted(r.external_id for r in filtered)).encode())
    child = Benchmark(
        name=name, version=f"{parent.version}+{derivation.method}", kind=parent.kind,
        description=f"{parent.name} without {len(removed)} items ({'; '.join(derivation.rules)})",
        scoring=parent.scoring, prompt_template=parent.prompt_template,
        prompt_template_sha256=parent.prompt_template_sha256, builtin=False,
        config=parent.config, parent_id=parent.id, derivation=record,
        sources=[SourceRead(filename=f"derived from {parent.name}", sha256=digest.hexdigest(),
                            layout=str(derivation.method), rows=len(kept),
                            imported_at=now.isoformat())],
        created_at=now, updated_at=now)
    session.add(child)
    session.flush()
    changed = changes or {}
    session.execute(insert(Item), [{"benchmark_id": child.id, "created_at": now,
                                    **{c: getattr(r, c) for c in COPIED},
                                    **(vars(changed[r.id]) if r.id in changed else {})}
                                   for r in kept])
    return child
