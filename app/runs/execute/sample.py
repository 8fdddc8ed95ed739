"""One (item, repeat) of an endpoint or GGUF run: the benchmark's solver makes an attempt
with the run's models, its scorer gives the verdict. What the executor adds is how its
models are reached: the loglikelihood reuse calibration and the vision treatment."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Protocol

from app.benchmarks import Benchmark, BuiltPrompt, Models, Outcome, PromptItem, Task
from app.inference import (
    ChatMessages,
    ChatReply,
    ChatRunner,
    Likelihoods,
    Limits,
    Message,
    ToolSchemas,
)
from app.records import ReuseCalibration
from app.runs.execute.treatments import VisionTreatment, as_image
from app.runs.judging import judge_sample
from app.scoring import KeyedItem, binomial_upper, seeded_rng


class Loglikelihood(Protocol):
    async def loglikelihood(self, context: str, continuations: list[str],
                            shared_prefix: str = "", reuse: bool = False) -> Likelihoods: ...


@dataclass
class Calibration:
    """The reuse path against the exact one on a benchmark's first items."""

    benchmark: str
    items: int = 0
    max_abs_delta: float = 0.0
    flips: int = 0

    def add(self, fast: list[float], exact: list[float]) -> None:
        self.items += 1
        self.max_abs_delta = max([self.max_abs_delta,
                                  *(abs(a - b) for a, b in zip(fast, exact, strict=True))])
        self.flips += fast.index(max(fast)) != exact.index(max(exact))

    def record(self) -> ReuseCalibration:
        return ReuseCalibration(benchmark=self.benchmark, items=self.items,
                                max_abs_delta_logprob=self.max_abs_delta,
                                prediction_flips=self.flips,
                                flip_rate_upper95=binomial_upper(self.flips, self.items)
                                if self.items else None)


@dataclass(frozen=True)
class SeededRunner:
    """A runner that asks with one sample's seed: under sampling, the repeats of one prompt
    draw differently from one another, and each draws the same when the run is made again."""

    runner: ChatRunner
    seed: int

    async def chat(self, messages: ChatMessages, *, tools: ToolSchemas | None = None,
                   max_tokens: int | None = None, seed: int | None = None) -> ChatReply:
        return await self.runner.chat(messages, tools=tools, max_tokens=max_tokens,
                                      seed=self.seed)


def sample_seed(run_seed: int, benchmark: str, external_id: str, repeat: int) -> int:
    """A sample's seed, fixed by the run's seed and the sample (31 bits: llama.cpp reads
    0xFFFFFFFF as "draw a random seed")."""
    return seeded_rng(f"sample:{run_seed}:{benchmark}:{external_id}:{repeat}").getrandbits(31)


@dataclass
class SampleEvaluator:
    model: ChatRunner
    judge: ChatRunner | None
    limits: Limits
    likelihood: Loglikelihood | None = None
    reuse_prefix: bool = False
    # reuse prefix: the first items per benchmark also evaluated on the exact path
    calibration_items: int = 8
    calibrations: dict[str, Calibration] = field(default_factory=dict)
    scoring_s: float = 0.0  # the scorers' time, summed over samples
    # a sampled GGUF run's seed: each sample asks with its own (sample_seed)
    sampled_seed: int | None = None

    async def run(self, benchmark: Benchmark, prompt_item: PromptItem, item: KeyedItem,
                  repeat: int, shots: Sequence[PromptItem] = (),
                  vision: VisionTreatment | None = None) -> Outcome:
        task = Task(prompt_item, item, repeat, shots)
        show = None if vision is None else partial(_shown_as_image, vision)
        model = self.model if self.sampled_seed is None else SeededRunner(
            self.model, sample_seed(self.sampled_seed, benchmark.spec.name,
                                    prompt_item.external_id, repeat))
        models = Models(model, self.limits, judge_sample, self.judge,
                        None if self.likelihood is None else self._loglikelihood, show)
        attempt = await benchmark.solver.solve(models, task)
        started = time.perf_counter()
        try:
            return attempt.outcome(await benchmark.scorer.score(models, task, attempt))
        finally:
            self.scoring_s += time.perf_counter() - started

    async def _loglikelihood(self, benchmark: str, built: BuiltPrompt) -> Likelihoods:
        """The run's reuse path, checked against the exact one on each benchmark's first
        items."""
        assert self.likelihood is not None
        context = built.text or ""
        result = await self.likelihood.loglikelihood(context, built.continuations,
                                                     built.shared_prefix, self.reuse_prefix)
        calibration = self.calibrations.setdefault(benchmark, Calibration(benchmark))
        if self.reuse_prefix and calibration.items < self.calibration_items:
            exact = await self.likelihood.loglikelihood(context, built.continuations)
            calibration.add(result["logprobs"], exact["logprobs"])
        return result


async def _shown_as_image(vision: VisionTreatment, messages: list[Message], task: Task
                          ) -> tuple[list[Message], Any]:
    return await asyncio.to_thread(as_image, messages, vision, task.prompt_item.external_id,
                                   task.repeat)
