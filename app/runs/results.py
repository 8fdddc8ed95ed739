"""Results: the metrics of posted and executed runs; an executed run's are recomputed from
its stored samples at any time."""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.benchmarks import benchmark_of, measure_benchmark
from app.items import keyed_items
from app.records import DISTURBED, GGUFPlan, Interval, Json, RunRuntime, RunState, evaluation_plan
from app.runs.read_schemas import (
    Counts,
    LoopStopsRead,
    MetricsRead,
    PartialRead,
    PassAtOne,
    SubjectRead,
    TimeLimitedRead,
    UsageRead,
)
from app.runs.speed_reads import LatencyRead, MemoryRead
from app.scoring import KeyedItem, Metrics, Status, Verdict, aggregate, speed
from app.tables import Benchmark, Item, Result, Run, Sample


def percentile(values: Sequence[float], q: float) -> float | None:
    """Nearest-rank percentile; None without values."""
    if not values:
        return None
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)]


def _prefill_rates(samples: Sequence[Sample]) -> list[float]:
    rates = []
    for s in samples:
        tokens = s.detail.get("evaluated_tokens", s.prompt_tokens)
        seconds = (s.ttft_ms if s.ttft_ms is not None else s.latency_ms
                   if "evaluated_tokens" in s.detail else None)
        if tokens and seconds:
            rates.append(tokens / (seconds / 1000))
    return rates


def _decode_rates(samples: Sequence[Sample]) -> list[float]:
    return [s.completion_tokens / ((s.latency_ms - s.ttft_ms) / 1000) for s in samples
            if s.completion_tokens and s.ttft_ms is not None and s.latency_ms is not None
            and s.latency_ms > s.ttft_ms]


def _runner_rates(samples: Sequence[Sample]) -> dict[str, float | None]:
    """The built-in runner's decode figures (app.scoring.speed), where its samples have them."""
    own = [s for s in samples if s.completion_tokens and s.detail.get("decode_ms")]
    windowed = [s for s in samples if s.completion_tokens and s.detail.get("decode_window")]
    return {
        "decode_tokens_per_s_sequence": percentile(speed.sequence_rates(
            [s.completion_tokens or 0 for s in own],
            [float(s.detail["decode_ms"]) for s in own]), 50),
        "decode_tokens_per_s_aggregate": speed.aggregate_rate(
            [s.completion_tokens or 0 for s in windowed],
            [(float(s.detail["decode_window"][0]), float(s.detail["decode_window"][1]))
             for s in windowed]),
    }


def metrics_read(benchmark: str, split: str | None, m: Metrics, unknown: int) -> MetricsRead:
    return MetricsRead(
        benchmark=benchmark, split=split, n_items=m.n_items, n_keyed=m.n_keyed,
        n_judged=m.n_judged, first_error=m.first_error,
        repeats=m.repeats, accuracy=m.accuracy, macro_accuracy=m.macro_accuracy,
        stderr=m.stderr,
        ci95=Interval(low=m.ci95[0], high=m.ci95[1], method=m.ci95_method) if m.ci95 else None,
        random_baseline=m.random_baseline, normalized_gain=m.normalized_gain,
        pass_at_1=None if m.pass_at_1 is None else PassAtOne(
            value=m.pass_at_1, per_repeat=m.per_repeat, std=m.per_repeat_std),
        counts=Counts(**m.counts, unknown_ids=unknown),
        extra=m.extra,
        subjects=[SubjectRead(
            subject=s.subject, n_items=s.n_items, correct=s.correct, accuracy=s.accuracy,
            random_baseline=s.random_baseline,
            ci95=None if s.ci95 is None else Interval(low=s.ci95[0], high=s.ci95[1],
                                                      method=m.ci95_method))
            for s in m.subjects],
        definitions=m.definitions,
    )



UNFINISHED = frozenset({RunState.FAILED, RunState.CANCELLED})


def compute_results(session: Session, run: Run) -> None:
    """One Result per planned benchmark: main metrics, the time-limited score, token usage
    and latency percentiles."""
    plan = evaluation_plan(run.config)
    runtime = run.runtime
    limit_s = plan.limits.time_limit_s
    methodology = plan.methodology.resolve()
    for bench_plan in plan.benchmarks:
        bench = session.get_one(Benchmark, bench_plan.benchmark_id)
        benchmark = benchmark_of(bench).variant(methodology=methodology)
        early = runtime.early_stop
        # stopped early: over the items run (every repeat scored), a uniform random sample
        ids = bench_plan.item_ids if early is None else early.items_run.get(bench.name, [])
        items = keyed_items(session, ids)
        samples = _samples(session, run.id, bench.id, {it.item_id for it in items})
        planned = len(items) * bench_plan.repeats
        if run.status in UNFINISHED:
            # what never ran is not a wrong answer: the figures cover what was scored
            sampled = {s.item_id for s in samples}
            items = [it for it in items if it.item_id in sampled]
        verdicts = [Verdict(s.item_id, s.repeat, s.verdict, s.answer, s.detail)  # type: ignore[arg-type]
                    for s in samples]
        repeats = list(range(bench_plan.repeats))
        metrics = measure_benchmark(benchmark, items, verdicts, repeats)
        metrics.definitions["time_limited"] = (f"responses slower than {limit_s:g} s count "
                                               "as wrong")
        if early is not None:
            metrics.definitions["sample"] = (
                f"the run stopped early ({early.reason}, target {early.target:g}) after "
                f"{len(ids)} of {len(bench_plan.item_ids)} items, a uniform random sample "
                "of them (seeded order): the figures estimate the whole benchmark's")
        read = metrics_read(bench.name, bench_plan.split, metrics, 0)
        read.methodology, read.notes = plan.methodology, list(bench_plan.notes)
        if run.status in UNFINISHED:
            read.partial = PartialRead(
                planned=planned, scored=len(samples), not_run=planned - len(samples),
                reason=f"the run {run.status}: the figures cover the scored samples only "
                "and are not a score of the benchmark",
                judged=len(samples) - metrics.counts[Status.ERROR],
                errors=metrics.counts[Status.ERROR], missing=planned - len(samples))
        read.counts.truncated = sum(1 for s in samples if s.detail.get("truncated"))
        read.time_limited = time_limited_read(items, verdicts, samples, repeats, limit_s)
        read.usage = _usage(samples)
        if plan.gguf is not None and plan.gguf.stop_loops is not None:
            read.loop_stops = loop_stops_read(plan.gguf.stop_loops.action, samples)
        read.latency = _latency(samples)
        if plan.gguf is not None:
            read.memory = memory_read(plan.gguf, runtime)
            other = (runtime.measured or {}).get("host_other_load")
            if isinstance(other, int | float):
                read.latency.host_other_load = other
                read.latency.host_busy = other >= DISTURBED
        read.reuse_calibration = next((c for c in runtime.calibration
                                       if c.benchmark == bench.name), None)
        _store(session, run.id, bench.id, read.model_dump(mode="json"))


def _samples(session: Session, run_id: int, benchmark_id: int, wanted: set[int]
             ) -> list[Sample]:
    """The run's samples of one benchmark's items (those in `wanted`)."""
    return [s for s in session.scalars(
        select(Sample).join(Item, Item.id == Sample.item_id)
        .where(Sample.run_id == run_id, Item.benchmark_id == benchmark_id))
        if s.item_id in wanted]


def time_limited_read(items: Sequence[KeyedItem], verdicts: Sequence[Verdict],
                      samples: Sequence[Sample], repeats: list[int], limit_s: float
                      ) -> TimeLimitedRead:
    """The score where an answer slower than the limit counts as wrong (an error stays an
    error: it was never a verdict on the model)."""
    slow = {(s.item_id, s.repeat) for s in samples
            if s.latency_ms is not None and s.latency_ms > limit_s * 1000}
    timed = aggregate(items, [v._replace(status=Status.WRONG)
                              if (v.item_id, v.repeat) in slow and v.status != Status.ERROR
                              else v for v in verdicts], repeats)
    return TimeLimitedRead(
        limit_s=limit_s, accuracy=timed.accuracy, over_limit=len(slow),
        pass_at_1=PassAtOne(value=timed.pass_at_1, per_repeat=timed.per_repeat,
                            std=timed.per_repeat_std))


def _usage(samples: Sequence[Sample]) -> UsageRead:
    return UsageRead(
        prompt_tokens=sum(s.prompt_tokens or 0 for s in samples),
        completion_tokens=sum(s.completion_tokens or 0 for s in samples),
        reasoning_tokens=sum(s.reasoning_tokens or 0 for s in samples),
        samples_reporting=sum(1 for s in samples if s.completion_tokens is not None))


def _latency(samples: Sequence[Sample]) -> LatencyRead:
    latencies = [s.latency_ms for s in samples if s.latency_ms is not None]
    ttfts = [s.ttft_ms for s in samples if s.ttft_ms is not None]
    return LatencyRead(p50_ms=percentile(latencies, 50), p95_ms=percentile(latencies, 95),
                       ttft_p50_ms=percentile(ttfts, 50), ttft_p90_ms=percentile(ttfts, 90),
                       ttft_p95_ms=percentile(ttfts, 95),
                       prefill_tokens_per_s=percentile(_prefill_rates(samples), 50),
                       decode_tokens_per_s=percentile(_decode_rates(samples), 50),
                       **_runner_rates(samples))


def loop_stops_read(action: str, samples: Sequence[Sample]) -> LoopStopsRead:
    looped = [s for s in samples if s.detail.get("loop")]
    if action == "stop":
        saved = sum(max(0, int(s.detail.get("max_tokens") or 0) - (s.completion_tokens or 0))
                    for s in looped)
        return LoopStopsRead(action=action, found=len(looped), tokens_saved=saved)
    return LoopStopsRead(
        action=action, found=len(looped),
        tokens_saved=sum(max(0, (s.completion_tokens or 0) - int(s.detail["loop"]["at_token"]))
                         for s in looped),
        recovered=sum(1 for s in looped if s.finish_reason == "stop"),
        correct=sum(1 for s in looped if s.verdict == Status.CORRECT))


def memory_read(gguf: GGUFPlan, runtime: RunRuntime) -> MemoryRead:
    measured: Any = runtime.measured or {}
    at_run = measured.get("estimate_at_run") or {}
    return MemoryRead(estimate_bytes=gguf.eligibility.total_bytes,
                      n_ctx=measured.get("n_ctx"),
                      run_reserved_bytes=at_run.get("reserved_bytes"),
                      run_resident_bytes=at_run.get("resident_bytes"),
                      estimated_kv_bytes=at_run.get("kv_bytes"),
                      llama_cpp_kv_bytes=(measured.get("llama_cpp_buffers") or {}).get("kv_bytes"),
                      peak_rss_bytes=measured.get("peak_rss_bytes"),
                      rss_over_resident=measured.get("rss_over_resident"),
                      rss_over_reserved=measured.get("rss_over_reserved"),
                      forced=gguf.forced, sequences=measured.get("parallel"),
                      kv_mode=measured.get("kv_mode"),
                      evictions=measured.get("evictions"),
                      recomputed_tokens=measured.get("recomputed_tokens"),
                      prefill_lane_wait_s=measured.get("prefill_lane_wait_s"),
                      workers=measured.get("workers"),
                      thread_lends=measured.get("thread_lends"),
                      sequence_moves=measured.get("sequence_moves"))


def _store(session: Session, run_id: int, benchmark_id: int, metrics: Json) -> None:
    existing = session.scalar(select(Result).where(Result.run_id == run_id,
                                                   Result.benchmark_id == benchmark_id))
    now = datetime.now(UTC)
    if existing is None:
        session.add(Result(run_id=run_id, benchmark_id=benchmark_id, metrics=metrics,
                           computed_at=now))
    else:
        existing.metrics, existing.computed_at = metrics, now
    session.flush()
