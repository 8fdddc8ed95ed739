"""What one evaluated (item, repeat) yields, and scoring it off the event loop."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from app.benchmarks.measure import verdict_by_key
from app.benchmarks.protocol import Benchmark
from app.isolation import run_isolated
from app.scoring.predictions import Prediction
from app.scoring.verdicts import KeyedItem, Verdict

SCORING_TIMEOUT_S = 120.0


@dataclass
class Outcome:
    verdict: Verdict
    prompt: str
    response: str | None
    detail: dict[str, Any] = field(default_factory=dict)  # kept on the sample as JSON
    latency_ms: float = 0.0
    ttft_ms: float | None = None
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    reasoning_tokens: int | None = None
    finish_reason: str | None = None


async def score(benchmark: Benchmark, item: KeyedItem, pred: Prediction) -> Verdict:
    """Benchmarks whose scoring runs model-chosen code or sympy score in the worker process."""
    if benchmark.isolated:
        return await asyncio.to_thread(run_isolated, verdict_by_key, benchmark.key, item,
                                       pred, timeout_s=SCORING_TIMEOUT_S)
    return benchmark.judge(item, pred)
