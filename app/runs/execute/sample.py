"""One (item, repeat) of an endpoint or GGUF run: prompt -> model -> (tools, grader) ->
verdict. What differs between benchmarks is asked of the benchmark (its prompts, whether an
item is a conversation, what its reply is scored as, a grader's second opinion)."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from app.benchmarks.measure import score
from app.benchmarks.outcome import Outcome
from app.benchmarks.prompt_builders import PromptItem, build_prompt
from app.benchmarks.protocol import Benchmark, GraderUse
from app.run_records.runtime import ReuseCalibration
from app.runners.base import ChatReply, ChatRunner, Likelihoods
from app.runners.messages import Limits, output_cap, plain_calls, raw_once, transcript
from app.runs.execute.treatments import VisionTreatment, as_image
from app.scoring.choices import LETTERS
from app.scoring.predictions import Prediction
from app.scoring.stats import binomial_upper
from app.scoring.verdicts import KeyedItem, Status, Verdict


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

    async def run(self, benchmark: Benchmark, prompt_item: PromptItem, item: KeyedItem,
                  repeat: int, shots: Sequence[PromptItem] = (),
                  vision: VisionTreatment | None = None) -> Outcome:
        if self.likelihood is not None and benchmark.loglikelihood_capable:
            return await self._choose_by_likelihood(self.likelihood, benchmark, prompt_item,
                                                    item, repeat, shots)
        built = build_prompt(benchmark, prompt_item, style="chat", repeat=repeat)
        conversation = benchmark.conversation(item)
        if conversation is not None:
            outcome: Outcome = await conversation(self.model, self.limits, built, item, repeat)
            return outcome
        messages = list(built.turns[0])
        if vision is not None:
            messages, look = await asyncio.to_thread(as_image, messages, vision,
                                                     prompt_item.external_id, repeat)
            built.detail["rendering"] = look
        cap = output_cap(self.limits, messages, built.tools)
        prompt_text = transcript(messages)
        if cap < 1:
            return Outcome(Verdict(item.item_id, repeat, Status.WRONG, None,
                                   {"over_context": True}), prompt_text, None,
                           {"over_context": True, "error": "prompt exceeds the context window"})
        reply = await self.model.chat(messages, tools=built.tools, max_tokens=cap)
        detail: dict[str, Any] = {**built.detail, "max_tokens": cap,
                                  "tools": len(built.tools or ()), "raw": raw_once(reply)}
        if reply.reasoning:
            detail["reasoning"] = reply.reasoning
        if reply.tool_calls:
            detail["tool_calls"] = plain_calls(reply)
        loop = reply.raw.get("loop")  # a degenerate loop: where, and whether it was stopped
        if loop:
            detail["loop"] = loop
        for timing in ("decode_ms", "decode_window"):  # the built-in runner's own figures
            if reply.raw.get(timing) is not None:
                detail[timing] = reply.raw[timing]
        if reply.finish_reason in ("length", "loop"):
            detail["truncated"] = True
            verdict = Verdict(item.item_id, repeat, Status.WRONG, None, {**built.detail,
                                                                    "truncated": True})
        else:
            verdict = await self._verdict(benchmark, prompt_item, item, repeat, reply, detail)
        return Outcome(verdict, prompt_text, reply.content, {**detail, **(verdict.detail or {})},
                       reply.latency_ms, reply.ttft_ms, reply.prompt_tokens,
                       reply.completion_tokens, reply.reasoning_tokens, reply.finish_reason)

    async def _choose_by_likelihood(self, model: Loglikelihood, benchmark: Benchmark,
                                    prompt_item: PromptItem, item: KeyedItem, repeat: int,
                                    shots: Sequence[PromptItem]) -> Outcome:
        """argmax over options of log P(" X" | prompt): the lm-evaluation-harness rule."""
        built = build_prompt(benchmark, prompt_item, style="loglikelihood", shots=shots)
        context = built.text or ""
        result = await model.loglikelihood(context, built.continuations, built.shared_prefix,
                                           self.reuse_prefix)
        logprobs: list[float] = result["logprobs"]
        name = benchmark.spec.name
        calibration = self.calibrations.setdefault(name, Calibration(name))
        if self.reuse_prefix and calibration.items < self.calibration_items:
            exact = await model.loglikelihood(context, built.continuations)
            calibration.add(logprobs, exact["logprobs"])
        letter = LETTERS[max(range(len(logprobs)), key=logprobs.__getitem__)]
        verdict = await score(benchmark, item, Prediction(item_id=item.item_id, repeat=repeat,
                                                     answer=letter))
        detail = {**built.detail, "logprobs": logprobs,
                  "evaluated_tokens": result["evaluated_tokens"]}
        return Outcome(verdict, context, None, detail, result["seconds"] * 1000, None,
                       result["prompt_tokens"], 0)

    async def _verdict(self, benchmark: Benchmark, prompt_item: PromptItem, item: KeyedItem,
                       repeat: int, reply: ChatReply, detail: dict[str, Any]) -> Verdict:
        pred = await benchmark.prediction(self.judge, prompt_item, item, repeat, reply, detail)
        verdict = await score(benchmark, item, pred)
        if benchmark.grader_use is GraderUse.SECOND_OPINION and self.judge is not None:
            verdict = await benchmark.second_opinion(self.judge, prompt_item, item, verdict)
        return verdict
