"""Progressive results: the running estimate of an executed run, and when it may stop.

Items go in a seeded random order (an item's repeats together), so the items with every
repeat done are a uniform random sample of those planned: each benchmark's estimate is its
results' own metric and 95% interval over them, and the Mobile Intelligence Index's is
combined from its components as in the results."""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime

from app.benchmarks import Outcome, component_name, measure_benchmark, mobile_index
from app.records import (
    BenchmarkEstimate,
    EarlyStop,
    IndexEstimate,
    Interval,
    LookRecord,
    RunEstimate,
    SequentialRecord,
    StopReason,
)
from app.runs.execute.store import LoadedRun, Unit
from app.runs.results import metrics_read
from app.scoring import BOUNDARY, Decision, SequentialNonInferiority, mean, wilson_interval

ESTIMATE_EVERY_S = 2.0  # or every ESTIMATE_EVERY_SAMPLES samples, whichever comes first
ESTIMATE_EVERY_SAMPLES = 100


def _half_width(value: float | None, ci: tuple[float, float] | None) -> float | None:
    if value is None or ci is None:
        return None
    return max(value - ci[0], ci[1] - value)


def _stopping_width(value: float | None, ci: tuple[float, float] | None,
                    n_samples: int) -> float | None:
    """The interval's wider side, and at least the Wilson interval's over the samples done
    (as if independent, which repeats of an item are not: a floor, never wider than the
    item-clustered width ought to be). The item-clustered interval has zero width while
    every item so far scored the same (0 of 12 is not ±0), and a run must not stop on
    that."""
    if value is None or n_samples == 0:
        return None
    return max(_half_width(value, ci) or 0.0,
               _half_width(value, wilson_interval(value, n_samples)) or 0.0)


class Progressive:
    def __init__(self, loaded: LoadedRun) -> None:
        self.loaded = loaded
        self.plan = loaded.plan
        self.enabled = loaded.plan.audit is None  # audits have reports of their own
        self.samples_done = loaded.already
        self.last = time.monotonic()
        self.last_samples = loaded.already
        self.stopping: StopReason | None = None
        self.held: list[tuple[Unit, Outcome]] | None = None
        stop = loaded.plan.stop_when
        decided = None if stop is None else stop.decided
        self.sequential = None
        if self.enabled and decided is not None and loaded.plan.reference_run is not None:
            first = loaded.plan.benchmarks[0]
            self.sequential = SequentialNonInferiority(
                decided.margin, decided.looks, decided.alpha,
                planned=sum(1 for i in first.item_ids if i in loaded.reference))
        self.decision: Decision | None = None
        # the first benchmark's repeats done per item, and how many reference items have
        # all of theirs: a planned look is due when that count reaches its share
        self._repeats_done: dict[int, set[int]] = {}
        self.paired_done = 0
        if self.sequential is not None:  # a resumed run's stored samples count
            bench = loaded.plan.benchmarks[0].benchmark_id
            self._count_paired((bench, item, v.repeat)
                               for item, vs in loaded.verdicts[bench].items() for v in vs)
        self.may_stop_early = self.enabled and stop is not None and (
            stop.ci_half_width is not None or self.sequential is not None)

    def add(self, entries: Sequence[tuple[Unit, Outcome]]) -> None:
        """Counted at once; while an estimate reads the verdicts (`hold`), they wait."""
        self.samples_done += len(entries)
        if self.sequential is not None:
            self._count_paired((u.benchmark_id, u.item.item_id, u.repeat) for u, _ in entries)
        if self.held is not None:
            self.held.extend(entries)
        else:
            self._record(entries)

    def _count_paired(self, samples: Iterable[tuple[int, int, int]]) -> None:
        """(benchmark, item, repeat) done: a reference item of the first benchmark counts
        as paired once all its repeats are."""
        first = self.plan.benchmarks[0]
        for benchmark_id, item, repeat in samples:
            if benchmark_id != first.benchmark_id or item not in self.loaded.reference:
                continue
            repeats = self._repeats_done.setdefault(item, set())
            before = len(repeats)
            repeats.add(repeat)
            if before < first.repeats <= len(repeats):
                self.paired_done += 1

    def _record(self, entries: Sequence[tuple[Unit, Outcome]]) -> None:
        for unit, outcome in entries:
            self.loaded.verdicts[unit.benchmark_id].setdefault(
                unit.item.item_id, []).append(outcome.verdict)

    def hold(self) -> None:
        self.held = []

    def release(self) -> None:
        held, self.held = self.held or [], None
        self._record(held)

    def due(self) -> bool:
        """An estimate every ESTIMATE_EVERY_S or ESTIMATE_EVERY_SAMPLES, and whenever a
        planned look's share of paired items is in, whatever that cadence."""
        look = self.sequential is not None and self.decision is None and \
            self.sequential.due(self.paired_done)
        if not self.enabled or not look and (
                time.monotonic() - self.last < ESTIMATE_EVERY_S and
                self.samples_done - self.last_samples < ESTIMATE_EVERY_SAMPLES):
            return False
        self.last, self.last_samples = time.monotonic(), self.samples_done
        return True

    def out_of_time(self) -> bool:
        stop = self.plan.stop_when
        if stop is None or stop.wall_s is None or self.loaded.started_at is None:
            return False
        if (datetime.now(UTC) - self.loaded.started_at).total_seconds() < stop.wall_s:
            return False
        self.stopping = self.stopping or StopReason.WALL_S
        return True

    def _complete(self, benchmark_id: int, repeats: int) -> list[int]:
        verdicts = self.loaded.verdicts[benchmark_id]
        return [it.item_id for it in self.loaded.keyed.get(benchmark_id, [])
                if len({v.repeat for v in verdicts.get(it.item_id, [])}) >= repeats]

    def estimate(self) -> RunEstimate:
        """CPU work over every verdict so far: called in a thread."""
        benchmarks, components = [], {}
        for bench_plan in self.plan.benchmarks:
            benchmark = self.loaded.benchmarks[bench_plan.benchmark_id]
            done = set(self._complete(bench_plan.benchmark_id, bench_plan.repeats))
            items = [it for it in self.loaded.keyed.get(bench_plan.benchmark_id, [])
                     if it.item_id in done]
            value = ci = None
            method = "wilson"
            if items:
                verdicts = self.loaded.verdicts[bench_plan.benchmark_id]
                metrics = measure_benchmark(
                    benchmark, items, [v for it in items for v in verdicts[it.item_id]],
                    range(bench_plan.repeats))
                value, ci, method = metrics.accuracy, metrics.ci95, metrics.ci95_method
                if name := component_name(benchmark.spec.name):
                    read = metrics_read(benchmark.spec.name, bench_plan.split, metrics, 0)
                    component = benchmark.metrics.component(name, read.model_dump(mode="json"))
                    if component is not None:
                        components[component.name] = component
            benchmarks.append(BenchmarkEstimate(
                benchmark=bench_plan.name, items_done=len(items),
                items_planned=len(bench_plan.item_ids), accuracy=value,
                ci95=None if ci is None else Interval(low=ci[0], high=ci[1], method=method),
                half_width=_stopping_width(value, ci, len(items) * bench_plan.repeats)))
        index = mobile_index(components)
        return RunEstimate(
            at=datetime.now(UTC), samples_done=self.samples_done, benchmarks=benchmarks,
            index=None if index.value is None else IndexEstimate(
                value=index.value,
                ci95=None if index.ci95 is None else Interval(
                    low=index.ci95[0], high=index.ci95[1], method="normal"),
                half_width=_half_width(index.value, index.ci95)))

    def _paired(self) -> list[float]:
        """build - reference over the items done, in the order they went."""
        first = self.plan.benchmarks[0]
        verdicts = self.loaded.verdicts[first.benchmark_id]
        return [mean([v.score for v in verdicts[i]]) - self.loaded.reference[i]
                for i in self._complete(first.benchmark_id, first.repeats)
                if i in self.loaded.reference]

    def decide(self, final: bool = False) -> bool:
        """A look at the paired items when one is due (or the last one); True to stop."""
        rule = self.sequential
        if rule is None or self.decision is not None:
            return False
        diffs = self._paired()
        if not final and (self.samples_done >= self.plan.total or not rule.due(len(diffs))):
            return False
        self.decision = rule.look(diffs)
        if final and self.decision is None:
            self.decision = Decision.INCONCLUSIVE
        if self.decision is None or final:
            return False
        self.stopping = self.stopping or StopReason.DECIDED
        return True

    def sequential_record(self) -> SequentialRecord | None:
        rule, reference = self.sequential, self.plan.reference_run
        if rule is None or reference is None:
            return None
        return SequentialRecord(
            reference_run=reference, margin=rule.margin, alpha=rule.alpha, boundary=BOUNDARY,
            looks=[LookRecord(**vars(look)) for look in rule.history],
            verdict=None if self.decision is None else self.decision.value,
            # the items the verdict rests on: those of its last look (the samples in flight
            # when it was taken finish too, and are results of the run, not of the verdict)
            items_used=rule.history[-1].items if rule.history else len(self._paired()),
            items_planned=rule.planned)

    def precise_enough(self, estimate: RunEstimate) -> bool:
        """Decided against the reference, or every benchmark (and the index) within the
        target, with enough items each."""
        if self.decide():
            return True
        stop = self.plan.stop_when
        if stop is None or stop.ci_half_width is None or \
                self.samples_done >= self.plan.total:
            return False
        target = stop.ci_half_width
        for b in estimate.benchmarks:
            if b.items_done < min(stop.min_items, b.items_planned) or \
                    b.half_width is None or b.half_width > target:
                return False
        if estimate.index is not None and (estimate.index.half_width is None
                                           or estimate.index.half_width > target):
            return False
        self.stopping = self.stopping or StopReason.CI_HALF_WIDTH
        return True

    def early_stop(self) -> EarlyStop | None:
        """The record of an early stop, once every write is in; None if the run ran out."""
        stop = self.plan.stop_when
        if self.stopping is None or stop is None or self.samples_done >= self.plan.total:
            return None
        target = stop.ci_half_width if self.stopping is StopReason.CI_HALF_WIDTH else (
            stop.decided.margin if self.stopping is StopReason.DECIDED and stop.decided
            else stop.wall_s)
        assert target is not None
        return EarlyStop(reason=self.stopping, target=target, samples_done=self.samples_done,
                         samples_planned=self.plan.total,
                         items_run={b.name: self._complete(b.benchmark_id, b.repeats)
                                    for b in self.plan.benchmarks})
