"""The ship decision of a comparison made with a margin: per benchmark from the paired items
(app.scoring.noninferiority), for the Index from the two Index values. Each read names the
bound its verdict rests on, and says when the paired items that would decide it are more
than the benchmark has: more items of the same benchmark cannot decide it then."""

from __future__ import annotations

import math
from typing import Literal

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from app.benchmarks import index as index_components
from app.records import Interval, PostedPlan, RunPlan
from app.results.compare_schemas import IndexNonInferiorityRead, NonInferiorityRead
from app.scoring import IndexResult, noninferiority, paired
from app.tables import Benchmark, Item, Result, Run


def interval(bounds: tuple[float, float] | None, method: str | None) -> Interval | None:
    if bounds is None or method is None:
        return None
    return Interval(low=bounds[0], high=bounds[1], method=method)


def benchmark_items(session: Session, run_id: int, benchmark_id: int, benchmark: str) -> int:
    """The items of the split the run drew the benchmark from (every item without one)."""
    split = None
    match session.get_one(Run, run_id).config:
        case PostedPlan(split=chosen):
            split = chosen
        case RunPlan(benchmarks=benchmarks):
            split = next((b.split for b in benchmarks if b.name == benchmark), None)
    stmt = select(func.count()).select_from(Item).where(Item.benchmark_id == benchmark_id)
    if split is not None:
        stmt = stmt.where(Item.split == split)
    return session.scalar(stmt) or 0


def benchmark_read(ids: list[int], xs: list[float], ys: list[float], single: bool,
                   margin: float, reference: Literal["a", "b"], items: int
                   ) -> NonInferiorityRead:
    """`xs`, `ys`: a's and b's item scores over `ids`; `items`: the benchmark's items."""
    ref, build = (xs, ys) if reference == "a" else (ys, xs)
    got = paired.paired_difference(ref, build, single_repeat=single)
    ni = noninferiority.non_inferiority(got, ref, build, margin)
    kept = noninferiority.retention(ref, build)
    lost, gained = noninferiority.flips(ids, ref, build) if single else ([], [])
    return NonInferiorityRead(
        reference=reference, margin=margin, verdict=ni.verdict, lower_bound=ni.lower,
        upper_bound=ni.upper, deciding_bound=ni.deciding, p_value=ni.p_value, holm_p=None,
        items_needed=ni.items_needed, benchmark_items=items,
        needed_exceeds_benchmark=ni.items_needed is not None and ni.items_needed > items,
        retention=kept.value, retention_ci95=interval(kept.ci95, "delta method, paired"),
        lost=lost, gained=gained)


def _index_of(session: Session, runs: dict[str, int]) -> IndexResult:
    components = {}
    for name, run_id in runs.items():
        metrics = session.scalar(select(Result.metrics).join(
            Benchmark, Benchmark.id == Result.benchmark_id).where(
            Result.run_id == run_id, Benchmark.name == name))
        component = None if metrics is None else index_components.component_of(name, metrics)
        if component is not None:
            components[component.name] = component
    return index_components.mobile_index(components)


def index_read(session: Session, runs_a: dict[str, int], runs_b: dict[str, int],
               margin: float, reference: Literal["a", "b"]) -> IndexNonInferiorityRead:
    """`runs_a`, `runs_b`: each side's run of each benchmark."""
    a, b = _index_of(session, runs_a), _index_of(session, runs_b)
    ref, build = (a, b) if reference == "a" else (b, a)
    missing = sorted(set(a.missing) | set(b.missing))
    if missing or None in (ref.value, ref.stderr, build.value, build.stderr):
        return IndexNonInferiorityRead(
            reference=reference, margin=margin, index_reference=ref.value,
            index_build=build.value, missing=missing, verdict=None, difference=None,
            stderr=None, lower_bound=None, upper_bound=None, deciding_bound=None,
            p_value=None, retention=None, retention_ci95=None)
    assert ref.value is not None and ref.stderr is not None
    assert build.value is not None and build.stderr is not None
    ni, kept = noninferiority.from_estimates(ref.value, ref.stderr, build.value, build.stderr,
                                             margin)
    return IndexNonInferiorityRead(
        reference=reference, margin=margin, index_reference=ref.value, index_build=build.value,
        missing=[], verdict=ni.verdict, difference=build.value - ref.value,
        stderr=math.hypot(ref.stderr, build.stderr), lower_bound=ni.lower,
        upper_bound=ni.upper, deciding_bound=ni.deciding, p_value=ni.p_value,
        retention=kept.value, retention_ci95=interval(kept.ci95, "delta method, unpaired"))
