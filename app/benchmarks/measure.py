"""A benchmark's verdicts and metrics by its protocol: the common metrics plus its own."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from app.benchmarks.protocol import Benchmark
from app.benchmarks.registry import by_key
from app.execution.isolation import run_isolated
from app.methodology import by_label
from app.scoring.metrics import Metrics, aggregate
from app.scoring.predictions import Prediction
from app.scoring.verdicts import KeyedItem, Verdict

SCORING_TIMEOUT_S = 120.0


def measure(benchmark: Benchmark, items: Sequence[KeyedItem], verdicts: Sequence[Verdict],
            repeats: Sequence[int]) -> Metrics:
    """The common metrics plus the benchmark's own, each defined in `definitions`."""
    metrics = aggregate(items, verdicts, repeats)
    extra = benchmark.summarize(items, verdicts, len(metrics.repeats))
    if extra:
        metrics.extra = extra
    metrics.definitions.update(benchmark.definitions)
    return metrics


def verdict_by_key(key: str, methodology: str, item: KeyedItem, prediction: Prediction
                   ) -> Verdict:
    """One verdict by the registered behaviour's key under a methodology (by label): a
    module-level entry point the scoring worker process can call."""
    return by_key(key).with_methodology(by_label(methodology)).judge(item, prediction)


async def score(benchmark: Benchmark, item: KeyedItem, pred: Prediction) -> Verdict:
    """Benchmarks whose scoring runs model-chosen code or sympy score in the worker process."""
    if benchmark.isolated:
        return await asyncio.to_thread(run_isolated, verdict_by_key, benchmark.key,
                                       benchmark.methodology.label, item, pred,
                                       timeout_s=SCORING_TIMEOUT_S)
    return benchmark.judge(item, pred)
