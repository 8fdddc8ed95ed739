"""One (item, repeat) of an endpoint or GGUF run: prompt -> model -> (tools, judge) -> verdict.

What differs between benchmarks comes from the spec (prompt style, judge use, conversation
subjects) and the scorer (which part of the reply it reads), not from names."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from app.benchmarks.prompt_builders import PromptItem, build_prompt
from app.benchmarks.spec import BenchmarkSpec, JudgeUse
from app.runners.base import ChatReply, ChatRunner, Likelihoods
from app.runners.grader import grade_omniscience, math_equivalent
from app.runs.execute.conversation import converse
from app.runs.execute.messages import Limits, output_cap, plain_calls, raw_once, transcript
from app.runs.execute.outcome import Outcome, score
from app.runs.execute.treatments import VisionTreatment, as_image
from app.runs.runtime import ReuseCalibration
from app.scoring.choices import LETTERS
from app.scoring.extract import strip_think
from app.scoring.predictions import Prediction
from app.scoring.scorers import Reads, scorer_named
from app.scoring.verdicts import KeyedItem, Status, Verdict

CALIBRATION_ITEMS = 8  # reuse prefix: items per benchmark also evaluated on the exact path


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
                                prediction_flips=self.flips)


@dataclass
class SampleEvaluator:
    model: ChatRunner
    judge: ChatRunner | None
    limits: Limits
    likelihood: Loglikelihood | None = None
    reuse_prefix: bool = False
    calibrations: dict[str, Calibration] = field(default_factory=dict)

    async def run(self, spec: BenchmarkSpec, prompt_item: PromptItem, item: KeyedItem,
                  repeat: int, shots: Sequence[PromptItem] = (),
                  vision: VisionTreatment | None = None) -> Outcome:
        if self.likelihood is not None and spec.loglikelihood_capable:
            return await self._choose_by_likelihood(self.likelihood, spec, prompt_item, item,
                                                    repeat, shots)
        built = build_prompt(spec, prompt_item, style="chat", repeat=repeat)
        if item.subject in spec.conversation_subjects:
            return await converse(self.model, self.limits, spec, built, item, repeat)
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
        if reply.finish_reason in ("length", "loop"):
            detail["truncated"] = True
            verdict = Verdict(item.item_id, repeat, Status.WRONG, None, {**built.detail,
                                                                    "truncated": True})
        else:
            verdict = await self._verdict(spec, prompt_item, item, repeat, reply, detail)
        return Outcome(verdict, prompt_text, reply.content, {**detail, **(verdict.detail or {})},
                       reply.latency_ms, reply.ttft_ms, reply.prompt_tokens,
                       reply.completion_tokens, reply.reasoning_tokens, reply.finish_reason)

    async def _choose_by_likelihood(self, model: Loglikelihood, spec: BenchmarkSpec,
                                    prompt_item: PromptItem, item: KeyedItem, repeat: int,
                                    shots: Sequence[PromptItem]) -> Outcome:
        """argmax over options of log P(" X" | prompt): the lm-evaluation-harness rule."""
        built = build_prompt(spec, prompt_item, style="loglikelihood", shots=shots)
        context = built.text or ""
        result = await model.loglikelihood(context, built.continuations, built.shared_prefix,
                                           self.reuse_prefix)
        logprobs: list[float] = result["logprobs"]
        calibration = self.calibrations.setdefault(spec.name, Calibration(spec.name))
        if self.reuse_prefix and calibration.items < CALIBRATION_ITEMS:
            exact = await model.loglikelihood(context, built.continuations)
            calibration.add(logprobs, exact["logprobs"])
        letter = LETTERS[max(range(len(logprobs)), key=logprobs.__getitem__)]
        verdict = await score(spec, item, Prediction(item_id=item.item_id, repeat=repeat,
                                                     answer=letter))
        detail = {**built.detail, "logprobs": logprobs,
                  "evaluated_tokens": result["evaluated_tokens"]}
        return Outcome(verdict, context, None, detail, result["seconds"] * 1000, None,
                       result["prompt_tokens"], 0)

    async def _verdict(self, spec: BenchmarkSpec, prompt_item: PromptItem, item: KeyedItem,
                       repeat: int, reply: ChatReply, detail: dict[str, Any]) -> Verdict:
        content = reply.content or ""
        if scorer_named(spec.scorer).reads is Reads.TOOL_CALLS:
            pred = Prediction(item_id=item.item_id, repeat=repeat, tool_calls=plain_calls(reply))
        elif spec.judge is JudgeUse.GRADES:
            if self.judge is None:
                raise RuntimeError(f"{spec.name} needs a judge model")
            grade, raw = await grade_omniscience(
                self.judge, str(prompt_item.payload["question"]),
                str((item.payload.get("references") or [""])[0]), strip_think(content)[0])
            detail["judge_reply"] = raw
            pred = Prediction(item_id=item.item_id, repeat=repeat, response=content,
                              grade=grade)
        else:
            pred = Prediction(item_id=item.item_id, repeat=repeat, response=content)
        verdict = await score(spec, item, pred)
        if spec.judge is JudgeUse.SECOND_OPINION and self.judge is not None:
            verdict = await self._second_opinion(prompt_item, item, verdict)
        return verdict

    async def _second_opinion(self, prompt_item: PromptItem, item: KeyedItem,
                              verdict: Verdict) -> Verdict:
        """A symbolic 'wrong' is put to the judge, which may find the answers equivalent."""
        if (verdict.status != "wrong" or verdict.answer is None
                or (verdict.detail or {}).get("decided_by") != "math_verify"):
            return verdict
        assert self.judge is not None
        reference = str((item.payload.get("references") or [""])[0])
        if await math_equivalent(self.judge, str(prompt_item.payload["question"]), reference,
                                 verdict.answer):
            return verdict._replace(status=Status.CORRECT, detail={"decided_by": "judge"})
        return verdict._replace(detail={"decided_by": "math_verify+judge"})
