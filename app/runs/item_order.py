"""Which items a run takes, and the order they go in."""

from __future__ import annotations

import random

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.run_records.enums import ReuseMode
from app.run_records.plan import GGUFPlan, UnitOrder
from app.runs.schemas import RunCreate
from app.tables import Item


def item_ids(session: Session, benchmark_id: int, split: str | None, req: RunCreate
              ) -> list[int]:
    stmt = select(Item.id).where(Item.benchmark_id == benchmark_id)
    if split is not None:
        stmt = stmt.where(Item.split == split)
    ids = list(session.scalars(stmt.order_by(Item.id)))
    if req.limit is not None:
        return ids[:req.limit]
    if req.sample is not None and req.sample < len(ids):
        return sorted(random.Random(req.seed).sample(ids, req.sample))
    return ids


def unit_order(req: RunCreate, gguf: GGUFPlan | None) -> UnitOrder:
    """Random unless asked otherwise; a reference run's order; `reuse: prefix` keeps a
    subject's items together (its speed comes from the subject's cached few-shot prefix)."""
    if req.reference_run is not None:
        return UnitOrder.STORED
    if "order" not in req.model_fields_set and gguf is not None and \
            gguf.reuse is ReuseMode.PREFIX and req.stop_when is None:
        return UnitOrder.STORED
    return req.order
