"""A benchmark's metrics by its roles: the common metrics plus its own."""

from __future__ import annotations

from collections.abc import Sequence

from app.benchmarks.protocol import Benchmark
from app.scoring import KeyedItem, Metrics, Scope, Verdict, aggregate


def measure(benchmark: Benchmark, items: Sequence[KeyedItem], verdicts: Sequence[Verdict],
            repeats: Sequence[int], *, exclude_missing: bool = False) -> Metrics:
    """The common metrics plus the benchmark's own, each defined in `definitions`; with
    `exclude_missing` every denominator counts only the (item, repeat) pairs predicted."""
    metrics = aggregate(items, verdicts, repeats, exclude_missing=exclude_missing)
    r = len(metrics.repeats)
    scope = Scope.excluding_missing(r, verdicts) if exclude_missing else Scope(r)
    summary = benchmark.metrics.summarize(items, verdicts, scope)
    extra = summary.as_json() if summary is not None else {}
    if extra:
        metrics.extra = extra
    metrics.definitions.update(benchmark.about.definitions)
    return metrics
