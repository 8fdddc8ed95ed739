"""One (item, repeat) of an endpoint run: prompt -> model -> (tools, judge) -> verdict.

Single-turn benchmarks send one chat request. BFCL multi_turn_base runs the conversation:
the model's calls execute on BFCL environment instances and their results return as `tool`
messages until the model answers without a call or 20 steps pass, then the next user turn.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from app.benchmarks.prompt_builders import BuiltPrompt, PromptItem, build_prompt
from app.benchmarks.spec import BenchmarkSpec
from app.runners.base import ChatReply, ChatRunner
from app.runners.grader import grade_omniscience, math_equivalent
from app.runs.isolation import IsolatedTimeout, run_isolated
from app.scoring.bfcl.calls import Call, InvalidCall, decode_tool_calls
from app.scoring.bfcl.multi_turn import CALL_TIMEOUT_S, MAX_STEPS_PER_TURN, Environment
from app.scoring.choices import LETTERS
from app.scoring.extract import strip_think
from app.scoring.predictions import Prediction
from app.scoring.scorers import SCORERS, verdict_by_name
from app.scoring.verdicts import KeyedItem, Verdict

CHARS_PER_TOKEN = 3.0  # a deliberately high token estimate when the endpoint cannot count
IMAGE_TOKENS = 1_000  # a generous per-image allowance (vision encoders use 256-1,500)
SCORING_TIMEOUT_S = 120.0


@dataclass(frozen=True)
class Limits:
    context_window: int = 16_384
    max_output_tokens: int | None = None
    time_limit_s: float = 60.0


@dataclass
class Outcome:
    verdict: Verdict
    prompt: str
    response: str | None
    detail: dict[str, Any] = field(default_factory=dict)
    latency_ms: float = 0.0
    ttft_ms: float | None = None
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    reasoning_tokens: int | None = None
    finish_reason: str | None = None


def _text_and_images(messages: list[dict[str, Any]]) -> tuple[int, int]:
    chars = images = 0
    for message in messages:
        content = message.get("content")
        if isinstance(content, list):
            for part in content:
                if part.get("type") == "image_url":
                    images += 1
                else:
                    chars += len(str(part.get("text", "")))
        else:
            chars += len(json.dumps(message, ensure_ascii=False))
    return chars, images


def transcript(messages: list[dict[str, Any]]) -> str:
    """The messages as stored on the sample; image bytes are replaced by their digest."""
    def redact(part: dict[str, Any]) -> dict[str, Any]:
        if part.get("type") != "image_url":
            return part
        url = str(part["image_url"]["url"])
        digest = hashlib.sha256(url.encode()).hexdigest()[:16]
        return {"type": "image_url", "image_url": {"url": f"{url[:url.find(',')]},"
                                                          f"<sha256:{digest}>"}}

    return json.dumps([{**m, "content": [redact(p) for p in m["content"]]}
                       if isinstance(m.get("content"), list) else m for m in messages],
                      ensure_ascii=False)


def output_cap(limits: Limits, messages: list[dict[str, Any]],
               tools: list[dict[str, Any]] | None) -> int:
    """min(model limit, window - prompt), the prompt estimated at 3 characters a token and
    an image at IMAGE_TOKENS (its base64 bytes are not text the model reads)."""
    chars, images = _text_and_images(messages)
    size = chars + len(json.dumps(tools or []))
    room = limits.context_window - math.ceil(size / CHARS_PER_TOKEN) - images * IMAGE_TOKENS
    return min(limits.max_output_tokens or room, room)


def _plain_calls(reply: ChatReply) -> list[dict[str, Any]]:
    return [{"name": c.get("name") or "", "arguments": c.get("arguments") or ""}
            for c in reply.tool_calls]


def _assistant_message(reply: ChatReply, ids: list[str]) -> dict[str, Any]:
    """The model's step as it goes back into the conversation."""
    message: dict[str, Any] = {"role": "assistant", "content": reply.content}
    if reply.tool_calls:
        message["tool_calls"] = [
            {"id": call_id, "type": "function",
             "function": {"name": c.get("name") or "", "arguments": c["arguments"]
                          if isinstance(c.get("arguments"), str)
                          else json.dumps(c.get("arguments") or {})}}
            for call_id, c in zip(ids, reply.tool_calls, strict=True)]
    return message


STORED_ELSEWHERE = "[stored once, as the sample's response]"


def _raw_once(reply: ChatReply) -> dict[str, Any] | None:
    """The endpoint's reply as received, less the texts the sample already stores (the
    response and the reasoning): a long reply is kept once, not twice."""
    if not reply.raw:
        return None
    if "choices" not in reply.raw:  # not an endpoint's reply (the in-process runner's record)
        return reply.raw
    choices = []
    for choice in reply.raw.get("choices") or []:
        message = dict(choice.get("message") or {}) if isinstance(choice, dict) else {}
        for key, text in (("content", reply.content), ("reasoning_content", reply.reasoning),
                          ("reasoning", reply.reasoning)):
            if text and message.get(key) == text:
                message[key] = STORED_ELSEWHERE
        choices.append({**choice, "message": message} if isinstance(choice, dict) else choice)
    return {**reply.raw, "choices": choices}


async def _score(spec: BenchmarkSpec, item: KeyedItem, pred: Prediction) -> Verdict:
    if SCORERS[spec.scorer].isolated:
        return await asyncio.to_thread(run_isolated, verdict_by_name, spec.scorer, item, pred,
                                       timeout_s=SCORING_TIMEOUT_S)
    return verdict_by_name(spec.scorer, item, pred)


CALL_LIMIT_S = CALL_TIMEOUT_S + 5.0  # the worker's own limit, plus the round trip


async def _run_call(env: Environment, call: Call) -> tuple[str, Environment]:
    """A model's tool call on the BFCL environment, in a worker process with a time limit:
    a call such as power(10, 30000000) holds the GIL for as long as it computes, so even a
    thread would stall the server. A call past the limit leaves the environment as it was
    before the call and answers with an error, as BFCL reports a failed execution."""
    try:
        return await asyncio.to_thread(run_isolated, Environment.call, env, call,
                                       timeout_s=CALL_LIMIT_S, pool="environments")
    except IsolatedTimeout:
        return (f"Error during execution: the call took longer than {CALL_LIMIT_S:g} s",
                env)


class Loglikelihood(Protocol):
    async def loglikelihood(self, context: str, continuations: list[str],
                            shared_prefix: str = "", reuse: bool = False) -> dict[str, Any]: ...


LOGLIKELIHOOD_STYLES = ("mcq", "mobile-mmlu")


class SampleRunner:
    def __init__(self, runner: ChatRunner, judge: ChatRunner | None, limits: Limits,
                 loglikelihood: Loglikelihood | None = None) -> None:
        self.runner = runner
        self.judge = judge
        self.limits = limits
        self.loglikelihood = loglikelihood

    async def run(self, spec: BenchmarkSpec, prompt_item: PromptItem, item: KeyedItem,
                  repeat: int, shots: Sequence[PromptItem] = ()) -> Outcome:
        if self.loglikelihood is not None and spec.chat_style in LOGLIKELIHOOD_STYLES:
            return await self._choose_by_likelihood(self.loglikelihood, spec, prompt_item,
                                                    item, repeat, shots)
        built = build_prompt(spec, prompt_item, style="chat", repeat=repeat)
        if spec.scorer == "bfcl" and item.subject == "multi_turn_base":
            return await self._conversation(spec, built, item, repeat)
        messages = list(built.turns[0])
        cap = output_cap(self.limits, messages, built.tools)
        prompt_text = transcript(messages)
        if cap < 1:
            return Outcome(Verdict(item.item_id, repeat, "wrong", None,
                                   {"over_context": True}), prompt_text, None,
                           {"over_context": True, "error": "prompt exceeds the context window"})
        reply = await self.runner.chat(messages, tools=built.tools, max_tokens=cap)
        detail: dict[str, Any] = {**built.detail, "max_tokens": cap,
                                  "tools": len(built.tools or ()), "raw": _raw_once(reply)}
        if reply.reasoning:
            detail["reasoning"] = reply.reasoning
        if reply.tool_calls:
            detail["tool_calls"] = _plain_calls(reply)
        if reply.finish_reason == "length":
            detail["truncated"] = True
            verdict = Verdict(item.item_id, repeat, "wrong", None, {**built.detail,
                                                                    "truncated": True})
        else:
            verdict = await self._verdict(spec, prompt_item, item, repeat, reply, detail)
        return self._outcome(verdict, prompt_text, reply, detail)

    @staticmethod
    async def _choose_by_likelihood(model: Loglikelihood, spec: BenchmarkSpec,
                                    prompt_item: PromptItem, item: KeyedItem, repeat: int,
                                    shots: Sequence[PromptItem]) -> Outcome:
        """argmax over options of log P(" X" | prompt): the lm-evaluation-harness rule."""
        built = build_prompt(spec, prompt_item, style="loglikelihood", shots=shots)
        result = await model.loglikelihood(built.text or "", built.continuations,
                                                        built.shared_prefix)
        logprobs: list[float] = result["logprobs"]
        letter = LETTERS[max(range(len(logprobs)), key=logprobs.__getitem__)]
        verdict = await _score(spec, item, Prediction(item_id=item.item_id, repeat=repeat,
                                                      answer=letter))
        detail = {**built.detail, "logprobs": logprobs,
                  "evaluated_tokens": result["evaluated_tokens"]}
        return Outcome(verdict, built.text or "", None, detail, result["seconds"] * 1000,
                       None, result["prompt_tokens"], 0)

    async def _verdict(self, spec: BenchmarkSpec, prompt_item: PromptItem, item: KeyedItem,
                       repeat: int, reply: ChatReply, detail: dict[str, Any]) -> Verdict:
        content = reply.content or ""
        if spec.scorer == "bfcl":
            pred = Prediction(item_id=item.item_id, repeat=repeat, tool_calls=_plain_calls(reply))
        elif spec.scorer == "omniscience":
            if self.judge is None:
                raise RuntimeError("AA-Omniscience needs a judge model")
            grade, raw = await grade_omniscience(
                self.judge, str(prompt_item.payload["question"]),
                str((item.payload.get("references") or [""])[0]), strip_think(content)[0])
            detail["judge_reply"] = raw
            pred = Prediction(item_id=item.item_id, repeat=repeat, response=content,
                              grade=grade)
        else:
            pred = Prediction(item_id=item.item_id, repeat=repeat, response=content)
        verdict = await _score(spec, item, pred)
        if (spec.scorer == "math" and verdict.status == "wrong" and self.judge is not None
                and (verdict.detail or {}).get("decided_by") == "math_verify"
                and verdict.answer is not None):
            reference = str((item.payload.get("references") or [""])[0])
            if await math_equivalent(self.judge, str(prompt_item.payload["question"]),
                                     reference, verdict.answer):
                verdict = verdict._replace(status="correct", detail={"decided_by": "judge"})
            else:
                verdict = verdict._replace(detail={"decided_by": "math_verify+judge"})
        return verdict

    def _outcome(self, verdict: Verdict, prompt: str, reply: ChatReply,
                 detail: dict[str, Any]) -> Outcome:
        return Outcome(verdict, prompt, reply.content, {**detail, **(verdict.detail or {})},
                       reply.latency_ms, reply.ttft_ms, reply.prompt_tokens,
                       reply.completion_tokens, reply.reasoning_tokens, reply.finish_reason)

    async def _conversation(self, spec: BenchmarkSpec, built: BuiltPrompt, item: KeyedItem,
                            repeat: int) -> Outcome:
        env = await asyncio.to_thread(Environment, item.payload["involved_classes"],
                                      item.payload.get("initial_config") or {})
        messages: list[dict[str, Any]] = []
        turns: list[list[dict[str, Any]]] = []
        totals = {"latency_ms": 0.0, "prompt_tokens": 0, "completion_tokens": 0, "steps": 0}
        stopped = None
        for user_messages in built.turns:
            messages.extend(user_messages)
            steps: list[dict[str, Any]] = []
            for _step in range(MAX_STEPS_PER_TURN + 1):
                if len(steps) == MAX_STEPS_PER_TURN:
                    stopped = f"more than {MAX_STEPS_PER_TURN} steps in a turn"
                    break
                cap = output_cap(self.limits, messages, built.tools)
                if cap < 1:
                    stopped = "the conversation exceeds the context window"
                    break
                reply = await self.runner.chat(messages, tools=built.tools, max_tokens=cap)
                totals["latency_ms"] += reply.latency_ms
                totals["prompt_tokens"] += reply.prompt_tokens or 0
                totals["completion_tokens"] += reply.completion_tokens or 0
                totals["steps"] += 1
                calls = _plain_calls(reply)
                steps.append({"tool_calls": calls, "content": reply.content})
                ids = [c.get("id") or f"call_{totals['steps']}_{i}"
                       for i, c in enumerate(reply.tool_calls)]
                messages.append(_assistant_message(reply, ids))
                try:
                    decoded = decode_tool_calls(calls)
                except InvalidCall:
                    decoded = []
                if not decoded:
                    break  # BFCL: a step without a decodable call ends the turn
                for call_id, call in zip(ids, decoded, strict=True):
                    result, env = await _run_call(env, call)
                    messages.append({"role": "tool", "content": result,
                                     "tool_call_id": call_id})
            turns.append(steps)
            if stopped:
                break
        pred = Prediction(item_id=item.item_id, repeat=repeat, turns=turns)
        verdict = await _score(spec, item, pred)
        detail = {"turns": turns, "steps": totals["steps"], "stopped": stopped}
        return Outcome(verdict, json.dumps(built.turns, ensure_ascii=False), None,
                       {**detail, **(verdict.detail or {})}, float(totals["latency_ms"]),
                       None, int(totals["prompt_tokens"]), int(totals["completion_tokens"]))
