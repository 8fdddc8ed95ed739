"""A run against a reference run: the reference's items, in the order it ran them, so each
item is paired (`limit` and `sample` choose among them); `stop_when.decided` needs one."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.benchmarks import benchmark_of
from app.http import Conflict, InvalidInput, NotFound
from app.items import CurrentItemSets
from app.records import BenchmarkPlan, RunState
from app.runs.item_order import draw
from app.runs.retraction import refuse_retracted
from app.runs.schemas import RunCreate
from app.tables import Benchmark, Item, Run, Sample


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
    refuse_retracted(run, "reference_run")
    if len(plans) != 1:
        raise InvalidInput("a run against a reference run covers one benchmark",
                           field="benchmarks")
    (plan,) = plans
    if (why := CurrentItemSets(session).stale(run, plan.name)) is not None:
        raise Conflict(f"reference run {run.id} {why}: runs against it could not be compared",
                       field="reference_run")
    ran = session.execute(
        select(Sample.item_id, Item.subject).join(Item, Item.id == Sample.item_id).where(
            Sample.run_id == run.id, Item.benchmark_id == plan.benchmark_id)
        .order_by(Sample.id))
    order = list(dict.fromkeys((i, s) for i, s in ran))  # an item's repeats: once
    if not order:
        raise InvalidInput(f"run {req.reference_run} scored no item of {plan.name}",
                           field="reference_run")
    # limit and sample choose among the reference's items, by category where the score
    # needs each (as a run without a reference draws)
    bench = session.get(Benchmark, plan.benchmark_id)
    assert bench is not None  # planned a moment ago
    ids, strata = draw(order, req, benchmark_of(bench).spec.stratified)
    kept = set(ids)  # the items generated again (shared repeats) among those kept
    regenerated = [i for i in plan.regenerated if i in kept] or ids[:len(plan.regenerated)]
    return [plan.model_copy(update={"item_ids": ids, "strata": strata,
                                    "regenerated": regenerated})]
