"""Which items a run takes, and the order they go in."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.records import GGUFPlan, ReuseMode, UnitOrder
from app.runs.schemas import RunCreate
from app.tables import Item


@dataclass(frozen=True)
class Drawn:
    """The run's items of one benchmark; `strata`: with a stratified draw (a score over every
    subject) how many each subject got; `note`: what a limit or sample beyond the items took."""

    ids: list[int]
    strata: dict[str, int] | None
    note: str | None


def item_ids(session: Session, benchmark_id: int, split: str | None, req: RunCreate,
             stratified: bool = False) -> Drawn:
    """`limit` and `sample` draw from each subject where `stratified`."""
    stmt = select(Item.id, Item.subject).where(Item.benchmark_id == benchmark_id)
    if split is not None:
        stmt = stmt.where(Item.split == split)
    rows = [(i, s) for i, s in session.execute(stmt.order_by(Item.id))]
    ids, strata = draw(rows, req, stratified)
    return Drawn(sorted(ids), strata, beyond_the_items(req, len(rows)))


def beyond_the_items(req: RunCreate, available: int) -> str | None:
    """A limit or sample above the items runs them all, and says so where it is read."""
    for name, wanted in (("limit", req.limit), ("sample", req.sample)):
        if wanted is not None and wanted > available:
            return f"{name} {wanted} > {available} items: all {available}"
    return None


def draw(rows: Sequence[tuple[int, str | None]], req: RunCreate, stratified: bool
         ) -> tuple[list[int], dict[str, int] | None]:
    """What `limit` (the first items) or `sample` (a seeded sample) takes of (item,
    subject) rows, in their order; with `stratified`, from each subject, and how many each
    got."""
    ids = [i for i, _ in rows]
    wanted = req.limit if req.limit is not None else req.sample
    if wanted is None or wanted >= len(ids):
        return ids, None
    if not stratified:
        if req.limit is not None:
            return ids[:wanted], None
        chosen = set(random.Random(req.seed).sample(ids, wanted))
        return [i for i in ids if i in chosen], None
    strata: dict[str, list[int]] = {}
    for item_id, subject in rows:
        strata.setdefault(subject or "", []).append(item_id)
    counts = even_shares(wanted, {s: len(members) for s, members in strata.items()})
    rng = random.Random(req.seed)
    chosen = {i for subject, members in strata.items() for i in (
        members[:counts[subject]] if req.limit is not None
        else rng.sample(members, counts[subject]))}
    return [i for i in ids if i in chosen], counts


def even_shares(total: int, sizes: dict[str, int]) -> dict[str, int]:
    """`total` split as evenly as the strata allow, in their order: each gets the same share
    (the first ones one more where it does not divide), a small stratum all it has and the
    rest going to the others. Each gets one at least, whatever the total: a score over every
    stratum needs one of each."""
    counts = dict.fromkeys(sizes, 0)
    left = min(max(total, len(sizes)), sum(sizes.values()))
    while left > 0:  # one to each stratum with items left, in turn
        for s in sizes:
            if left and counts[s] < sizes[s]:
                counts[s] += 1
                left -= 1
    return counts


def unit_order(req: RunCreate, gguf: GGUFPlan | None) -> UnitOrder:
    """Random unless asked otherwise; a reference run's order; `reuse: prefix` keeps a
    subject's items together (its speed comes from the subject's cached few-shot prefix)."""
    if req.reference_run is not None:
        return UnitOrder.STORED
    if "order" not in req.model_fields_set and gguf is not None and \
            gguf.reuse is ReuseMode.PREFIX and req.stop_when is None:
        return UnitOrder.STORED
    return req.order
