"""The leaderboard: every model variant's latest finished run of each benchmark, with the
Mobile Intelligence Index, the phone-memory verdict and how it fared on a real device."""

from __future__ import annotations

import csv
import io
import statistics
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.benchmarks import index
from app.http import InvalidInput
from app.items import CurrentItemSets
from app.records import EndpointPlan, GGUFPlan, Interval, RunPlan
from app.results.item_sets import set_aside
from app.results.leaderboard_schemas import (
    CellRead,
    DeviceStatus,
    LeaderboardRead,
    LeaderboardRow,
    ModelIdentity,
)
from app.scoring import Component, clustered_wilson, pareto
from app.tables import Benchmark, DeviceMetric, Model, Result, Run

DEFINITIONS = {
    "row": "one model variant: name, variant, GGUF file type and sha256, or endpoint model",
    "cell": "the latest finished run of the benchmark for that variant: index components show "
    "their component value (the metric each benchmark names for it), other benchmarks their "
    "accuracy; accuracy cells (an index component that reads its run's accuracy too) with "
    "their run's own interval and stderr (Wilson, or Wilson at the "
    "item-clustered effective sample size with repeats; results stored before that rule "
    "keep the interval they were stored with), other components with Wilson's at the "
    "effective sample size value(1-value)/stderr^2 (at most the answers, the items where "
    "there is no spread), so an interval stays within [0, 1] and is never a point",
    "set_aside": "runs over another version of a benchmark's items than the one it holds "
    "now (a content hash of its ids, subjects, inputs and keys) are not ranked beside runs "
    "over the current one",
    "device_status": "ran: a phone ran it properly (device figures posted with ran_ok); "
    "failed-on-device: figures posted, none a proper run; not-measured: none posted; "
    "not-local: an endpoint or posted predictions",
}
FIXED_COLUMNS = ("model", "index", "memory_total_bytes")


@dataclass(frozen=True)
class _Scored:
    run_id: int
    benchmark: str
    metrics: Mapping[str, Any]


def _identity(run: Run, name: str, variant: str | None) -> ModelIdentity:
    if not isinstance(run.config, RunPlan):
        return ModelIdentity(name=name, variant=variant, quantisation=None, file_sha256=None,
                             endpoint_model=None)
    match run.config.model:
        case GGUFPlan() as gguf:
            record = run.reproducibility
            return ModelIdentity(name=name, variant=gguf.variant,
                                 quantisation=gguf.eligibility.file_type,
                                 file_sha256=None if record is None else record.gguf_sha256,
                                 endpoint_model=None)
        case EndpointPlan() as endpoint:
            return ModelIdentity(name=name, variant=endpoint.variant, quantisation=None,
                                 file_sha256=None, endpoint_model=endpoint.model)


def _cell(scored: _Scored) -> CellRead:
    m = scored.metrics
    repeats = max(len(m.get("repeats") or [0]), 1)
    comp = index.component_of(scored.benchmark, m)
    n_items = int(m.get("n_items") or 0)
    errors = int((m.get("counts") or {}).get("error") or 0)
    stored = m.get("ci95")
    if comp is not None and comp.interval is None:
        # a component of its own (tool calling, knowledge): Wilson at the effective sample
        # size of its standard error
        ci = None if comp.value is None or n_items == 0 else \
            clustered_wilson(comp.value, comp.stderr, n_items, repeats)
        return CellRead(value=comp.value, stderr=comp.stderr, metric=comp.metric,
                        ci95=None if ci is None else Interval(
                            low=ci[0], high=ci[1],
                            method="wilson" if repeats == 1 else "item-clustered wilson"),
                        n_items=n_items, repeats=repeats, run_id=scored.run_id,
                        errors=errors)
    # accuracy (an index component's too): the run's own interval, as its page shows it
    return CellRead(value=m.get("accuracy"), stderr=m.get("stderr"),
                    metric="accuracy" if comp is None else comp.metric,
                    ci95=None if stored is None else Interval.model_validate(stored),
                    n_items=n_items, repeats=repeats, run_id=scored.run_id, errors=errors)


def _device_status(identity: ModelIdentity, runs: list[int],
                   device: Mapping[int, list[bool]]) -> DeviceStatus:
    if identity.quantisation is None:
        return DeviceStatus.NOT_LOCAL
    posted = [ok for run_id in runs for ok in device.get(run_id, [])]
    if not posted:
        return DeviceStatus.NOT_MEASURED
    return DeviceStatus.RAN if any(posted) else DeviceStatus.FAILED_ON_DEVICE


def _sort_key(column: str) -> Any:
    def key(row: LeaderboardRow) -> tuple[bool, Any]:
        if column == "model":
            value: Any = (row.model.name, row.model.variant or "", row.model.quantisation or "")
        elif column == "index":
            value = row.index
        elif column == "memory_total_bytes":
            value = row.memory_total_bytes
        else:
            cell = row.cells.get(column)
            value = None if cell is None else cell.value
        return value is None, value
    return key


def _decode_rate(metrics: Mapping[str, Any]) -> float | None:
    latency = metrics.get("latency") or {}
    rate = latency.get("decode_tokens_per_s_aggregate") or latency.get("decode_tokens_per_s")
    return None if rate is None else float(rate)


def _measured_memory(scored: Mapping[str, _Scored]) -> tuple[int | None, int | None]:
    """The latest run's measured peak and the sequences it held: beside the phone's figure,
    never in its place (more sequences and longer windows hold more)."""
    for entry in sorted(scored.values(), key=lambda e: -e.run_id):
        memory = entry.metrics.get("memory") or {}
        if memory.get("peak_rss_bytes") is not None:
            return int(memory["peak_rss_bytes"]), memory.get("sequences")
    return None, None


def _row_speed(rates: Mapping[str, float], column: str) -> float | None:
    """The front column's run's decode speed, else the median over the row's runs."""
    if column in rates:
        return rates[column]
    return statistics.median(rates.values()) if rates else None


def _mark_front(rows: list[LeaderboardRow], column: str) -> None:
    builds = {}
    for i, row in enumerate(rows):
        accuracy = row.index if column == "index" else \
            (row.cells[column].value if column in row.cells else None)
        if None not in (accuracy, row.memory_total_bytes, row.decode_tokens_per_s):
            builds[i] = pareto.Build(float(accuracy or 0), float(row.memory_total_bytes or 0),
                                     float(row.decode_tokens_per_s or 0))
    on = pareto.front(builds)
    for i in builds:
        rows[i].on_front = i in on


def leaderboard(session: Session, benchmarks: list[str], *, variant: str | None,
                eligible_only: bool, sort: str, descending: bool) -> LeaderboardRead:
    if sort not in (*FIXED_COLUMNS, *benchmarks):
        raise InvalidInput(f"sort by one of {', '.join((*FIXED_COLUMNS, *benchmarks))}",
                           field="sort")
    rows = session.execute(
        select(Run, Model.name, Model.variant, Benchmark.name, Result.metrics)
        .join(Result, Result.run_id == Run.id).join(Benchmark, Benchmark.id == Result.benchmark_id)
        .join(Model, Model.id == Run.model_id)
        .where(Run.counted(), Benchmark.name.in_(benchmarks))
        .order_by(Run.id.desc())).all()
    cells: dict[ModelIdentity, dict[str, _Scored]] = {}
    runs_of: dict[ModelIdentity, list[Run]] = {}
    names_of: dict[ModelIdentity, list[str]] = {}
    # one GGUF file is one model whatever it was called: a row per (sha256, variant), under
    # the name of its latest run
    by_file: dict[tuple[str, str | None], ModelIdentity] = {}
    item_sets = CurrentItemSets(session)
    aside: dict[str, list[tuple[int, str]]] = {}
    for run, name, model_variant, bench, metrics in rows:
        if (why := item_sets.stale(run, bench)) is not None:
            aside.setdefault(bench, []).append((run.id, why))
            continue
        if metrics.get("accuracy") is None:
            continue  # nothing was judged: no headline to rank
        identity = _identity(run, name, model_variant)
        if identity.file_sha256 is not None:
            identity = by_file.setdefault((identity.file_sha256, identity.variant), identity)
        cells.setdefault(identity, {}).setdefault(bench, _Scored(run.id, bench, metrics))
        runs_of.setdefault(identity, []).append(run)
        names = names_of.setdefault(identity, [])
        if name not in names:
            names.append(name)
    run_ids = [run.id for runs in runs_of.values() for run in runs]
    device: dict[int, list[bool]] = {}
    for run_id, ok in session.execute(select(DeviceMetric.run_id, DeviceMetric.ran_ok)
                                      .where(DeviceMetric.run_id.in_(run_ids))).all():
        device.setdefault(run_id, []).append(ok)
    out: list[LeaderboardRow] = []
    column = sort if sort in benchmarks else "index"  # what the front is judged on
    for identity, scored in cells.items():
        if variant is not None and identity.variant != variant:
            continue
        latest_gguf = next((r.config.gguf for r in runs_of[identity]
                            if isinstance(r.config, RunPlan) and r.config.gguf is not None),
                           None)
        eligibility = None if latest_gguf is None else latest_gguf.eligibility
        if eligible_only and not (eligibility is not None and eligibility.eligible):
            continue
        components: dict[str, Component] = {}
        index_runs: list[int] = []
        for bench, entry in scored.items():
            component = index.component_of(bench, entry.metrics)
            if component is not None:
                components[component.name] = component
                if entry.run_id not in index_runs:
                    index_runs.append(entry.run_id)
        result = index.mobile_index(components)
        rates = {b: rate for b, e in scored.items()
                 if (rate := _decode_rate(e.metrics)) is not None}
        peak, sequences = _measured_memory(scored)
        out.append(LeaderboardRow(
            model=identity, names=names_of[identity],
            cells={b: _cell(s) for b, s in scored.items()}, index=result.value,
            index_ci95=None if result.ci95 is None else Interval(
                low=result.ci95[0], high=result.ci95[1], method="normal"),
            index_missing=result.missing, index_runs=sorted(index_runs),
            eligible=None if eligibility is None else eligibility.eligible,
            memory_total_bytes=None if eligibility is None else eligibility.total_bytes,
            rule_bytes=None if eligibility is None else eligibility.rule_bytes,
            budget_bytes=None if eligibility is None else eligibility.budget_bytes,
            memory_terms=None if eligibility is None else eligibility.terms,
            measured_peak_bytes=peak, measured_sequences=sequences,
            parameters=None if eligibility is None else eligibility.parameters,
            device_status=_device_status(identity, [r.id for r in runs_of[identity]], device),
            decode_tokens_per_s=_row_speed(rates, column)))
    _mark_front(out, column)
    key = _sort_key(sort)
    known = sorted((r for r in out if not key(r)[0]), key=key, reverse=descending)
    present = known + [r for r in out if key(r)[0]]  # missing values last either way
    measured = sorted(session.scalars(
        select(Benchmark.name).join(Result, Result.benchmark_id == Benchmark.id)
        .join(Run, Run.id == Result.run_id).where(Run.counted()).distinct()))
    uneven = [b for b in benchmarks
              if len({r.cells[b].n_items for r in present if b in r.cells}) > 1]
    return LeaderboardRead(benchmarks=benchmarks, rows=present, sort=sort, measured=measured,
                           uneven=uneven, front_column=column, set_aside=set_aside(aside),
                           definitions={**DEFINITIONS, "index": index.formula(),
                                        "front": (pareto.__doc__ or "").strip()})


def leaderboard_csv(board: LeaderboardRead) -> str:
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    per = [f"{b}{suffix}" for b in board.benchmarks
           for suffix in ("", "_low", "_high", "_n_items", "_repeats", "_run")]
    writer.writerow(["model", "variant", "quantisation", "file_sha256", "endpoint_model",
                     "eligible", "memory_total_bytes", "device_status", "index", "index_low",
                     "index_high", *per])
    for row in board.rows:
        cells: list[object] = []
        for bench in board.benchmarks:
            cell = row.cells.get(bench)
            cells += ([""] * 6 if cell is None else
                      [cell.value, cell.ci95.low if cell.ci95 else "",
                       cell.ci95.high if cell.ci95 else "", cell.n_items, cell.repeats,
                       cell.run_id])
        m = row.model
        writer.writerow([m.name, m.variant or "", m.quantisation or "", m.file_sha256 or "",
                         m.endpoint_model or "", "" if row.eligible is None else row.eligible,
                         row.memory_total_bytes or "", row.device_status.value,
                         "" if row.index is None else row.index,
                         row.index_ci95.low if row.index_ci95 else "",
                         row.index_ci95.high if row.index_ci95 else "", *cells])
    return buf.getvalue()
