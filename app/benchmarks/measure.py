"""A benchmark's metrics by its roles: the common metrics plus its own; and the entry point
the scoring worker process judges by."""

from __future__ import annotations

from collections.abc import Sequence

from app.benchmarks.protocol import Benchmark
from app.benchmarks.registry import by_key
from app.methodology import by_label
from app.scoring.metrics import Metrics, aggregate
from app.scoring.predictions import Prediction, judge_or_error
from app.scoring.verdicts import KeyedItem, Scope, Verdict


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


def verdict_by_key(key: str, methodology: str, item: KeyedItem, prediction: Prediction
                   ) -> Verdict:
    """One verdict by the registered behaviour's key under a methodology (by label): a
    module-level entry point the scoring worker process can call."""
    scorer = by_key(key).variant(methodology=by_label(methodology)).scorer
    return judge_or_error(scorer.judge, item, prediction)
