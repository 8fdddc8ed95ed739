"""Choosing the runs behind the Mobile Intelligence Index and reading their metrics."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.benchmarks import index
from app.http import InvalidInput, NotFound
from app.items import CurrentItemSets
from app.records import Interval
from app.results.schemas import ComponentRead, IndexRead
from app.runs import refuse_retracted
from app.scoring import Component
from app.tables import Benchmark, Model, Result, Run

# run id, benchmark, model, and the stored metrics, which each benchmark's own code reads
RunMetrics = tuple[int, str, str | None, Mapping[str, object]]


def _components() -> dict[str, str]:
    """Benchmark name -> the index component it gives, from the registry."""
    from app.benchmarks import benchmarks

    return index.components_of(list(benchmarks()))


def _scored_runs(session: Session) -> Any:
    return (select(Run.id, Benchmark.name, Model.name, Result.metrics)
            .join(Result, Result.run_id == Run.id)
            .join(Benchmark, Benchmark.id == Result.benchmark_id)
            .outerjoin(Model, Model.id == Run.model_id)
            .where(Run.counted()))


def runs_by_id(session: Session, run_ids: list[int]) -> list[RunMetrics]:
    """Every component each named run gives (a device-set run gives all five); two runs
    giving the same component, or a run giving none, are refused."""
    rows: dict[int, list[RunMetrics]] = {}
    for run_id, bench, model, metrics in session.execute(
            _scored_runs(session).where(Run.id.in_(run_ids)).order_by(Benchmark.name)):
        rows.setdefault(run_id, []).append((run_id, bench, model, metrics))
    components = _components()
    chosen: dict[str, int] = {}
    out: list[RunMetrics] = []
    for run_id in run_ids:
        if run_id not in rows and (run := session.get(Run, run_id)) is not None:
            refuse_retracted(run, "runs")
        if run_id not in rows:
            raise NotFound(f"run {run_id} does not exist or has no result", field="runs")
        given = [r for r in rows[run_id] if r[1] in components]
        if not given:
            names = ", ".join(r[1] for r in rows[run_id])
            raise InvalidInput(f"run {run_id} scored {names}, none of which is an index "
                               "component", field="runs")
        for row in given:
            component = components[row[1]]
            if component in chosen:
                raise InvalidInput(f"runs {chosen[component]} and {run_id} both give the "
                                   f"{component} component", field="runs")
            chosen[component] = run_id
            out.append(row)
    return out


def side_runs(session: Session, runs: Mapping[str, int]) -> list[RunMetrics]:
    """The Index components one side of a comparison gives: its run of each benchmark
    (benchmark -> run id) that is a component's, with that run's metrics."""
    components = _components()
    out: list[RunMetrics] = []
    for bench, run_id in sorted(runs.items()):
        if bench in components:
            out.extend((r, b, m, x) for r, b, m, x in session.execute(_scored_runs(
                session).where(Run.id == run_id, Benchmark.name == bench)))
    return out


def latest_runs_of_model(session: Session, model: str) -> list[RunMetrics]:
    if session.scalar(select(Model.id).where(Model.name == model)) is None:
        raise NotFound(f"model {model!r} does not exist", field="model")
    components = _components()
    stmt = (_scored_runs(session).where(Model.name == model,
                                        Benchmark.name.in_(list(components)))
            .order_by(Run.id.desc()))
    latest: dict[str, RunMetrics] = {}
    item_sets = CurrentItemSets(session)
    for run_id, bench, name, metrics in session.execute(stmt):
        if metrics.get("accuracy") is None:
            continue  # nothing was judged: no headline to take
        if components[bench] in latest or \
                item_sets.stale(session.get_one(Run, run_id), bench) is not None:
            continue  # a newer run gives it, or this one ran over other items than it holds
        latest[components[bench]] = (run_id, bench, name, metrics)
    return list(latest.values())


def _n_items(metrics: Mapping[str, object]) -> int | None:
    n = metrics.get("n_items")
    return n if isinstance(n, int) else None


def _interval(bounds: tuple[float, float] | None, method: str = "normal") -> Interval | None:
    return None if bounds is None else Interval(low=bounds[0], high=bounds[1], method=method)


def index_read(runs: list[RunMetrics]) -> IndexRead:
    components: dict[str, Component] = {}
    reads = []
    rules = index.stderr_rules()
    for run_id, bench, model, metrics in runs:
        comp = index.component_of(bench, metrics)
        assert comp is not None  # runs are chosen among the components' benchmarks
        components[comp.name] = comp
        reads.append(ComponentRead(component=comp.name, benchmark=bench, run_id=run_id,
                                   model=model, value=comp.value, stderr=comp.stderr,
                                   ci95=_interval(comp.ci95, comp.ci_method),
                                   metric=comp.metric,
                                   stderr_rule=rules[comp.name], n_items=_n_items(metrics),
                                   reason=comp.reason))
    result = index.mobile_index(components)
    why = {c.component: c.reason for c in reads if c.value is None and c.reason}
    return IndexRead(index=result.value, stderr=result.stderr, ci95=_interval(result.ci95),
                     formula=index.formula(), components=sorted(reads, key=lambda c: c.component),
                     missing=result.missing,
                     missing_why={m: why.get(m, "no scored run of its benchmark")
                                  for m in result.missing},
                     models=sorted({m for _r, _b, m, _x in runs if m is not None}))
