"""A run against a reference run: the reference's items, in the order it ran them, so each
item is paired (`limit` and `sample` choose among them); `stop_when.decided` needs one."""

from __future__ import annotations

import random

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.errors import InvalidInput, NotFound
from app.run_records.enums import RunState
from app.run_records.plan import BenchmarkPlan
from app.runs.schemas import RunCreate
from app.tables import Item, Run, Sample


def paired_with_reference(session: Session, req: RunCreate, plans: list[BenchmarkPlan]
                          ) -> list[BenchmarkPlan]:
    decided = req.stop_when is not None and req.stop_when.decided is not None
    if req.reference_run is None:
        if decided:
            raise InvalidInput("stop_when.decided tests against a reference: give "
                               "reference_run", field="stop_when.decided")
        return plans
    run = session.get(Run, req.reference_run)
    if run is None:
        raise NotFound(f"run {req.reference_run} does not exist", field="reference_run")
    if run.status != RunState.FINISHED:
        raise InvalidInput(f"run {req.reference_run} is {run.status}, not finished",
                           field="reference_run")
    if len(plans) != 1:
        raise InvalidInput("a run against a reference run covers one benchmark",
                           field="benchmarks")
    (plan,) = plans
    ran = session.scalars(select(Sample.item_id).join(Item, Item.id == Sample.item_id).where(
        Sample.run_id == run.id, Item.benchmark_id == plan.benchmark_id).order_by(Sample.id))
    order = list(dict.fromkeys(ran))
    if not order:
        raise InvalidInput(f"run {req.reference_run} scored no item of {plan.name}",
                           field="reference_run")
    return [plan.model_copy(update={"item_ids": _subset(order, req)})]


def _subset(order: list[int], req: RunCreate) -> list[int]:
    """`limit` takes the reference's first items; `sample` a seeded sample of them, in the
    reference's order: either way every item stays paired."""
    if req.limit is not None:
        return order[:req.limit]
    if req.sample is not None and req.sample < len(order):
        chosen = set(random.Random(req.seed).sample(order, req.sample))
        return [i for i in order if i in chosen]
    return order
