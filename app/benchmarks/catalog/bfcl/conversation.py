"""BFCL multi-turn items as a conversation: the model's calls run on BFCL's environment
classes, their results go back as `tool` messages until the model answers without a call
(or MAX_STEPS_PER_TURN pass), then the next user turn."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field

from app.benchmarks.catalog.bfcl.answers import with_turns
from app.benchmarks.catalog.bfcl.calls import Call, InvalidCall, decode_tool_calls
from app.benchmarks.catalog.bfcl.multi_turn import CALL_TIMEOUT_S, MAX_STEPS_PER_TURN, Environment
from app.benchmarks.catalog.bfcl.payload import tool_call_payload
from app.benchmarks.prompt_types import BuiltPrompt
from app.benchmarks.roles import Attempt, Task
from app.inference import (
    ChatRunner,
    Limits,
    Message,
    ReplyStats,
    assistant_message,
    output_cap,
    plain_calls,
)
from app.server_pools import IsolatedTimeout, run_isolated, warm

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


@dataclass
class _Totals:
    stats: ReplyStats = field(default_factory=lambda: ReplyStats(prompt_tokens=0,
                                                                 completion_tokens=0))
    steps: int = 0
    turns: list[list[Message]] = field(default_factory=list)


async def converse(model: ChatRunner, limits: Limits, built: BuiltPrompt, task: Task
                   ) -> Attempt:
    """The whole conversation; its turns are the prediction."""
    item = task.item
    # the calls' worker starts while the model answers first, so no call's time limit
    # includes a process start (once it runs, only an import already done)
    warm(Environment.__module__, pool="environments")
    read = tool_call_payload(item.payload)
    env = await asyncio.to_thread(Environment, read.involved_classes, read.initial_config or {})
    messages: list[Message] = []
    totals = _Totals()
    stopped = None
    for user_messages in built.turns:
        messages.extend(user_messages)
        steps: list[Message] = []
        for _step in range(MAX_STEPS_PER_TURN + 1):
            if len(steps) == MAX_STEPS_PER_TURN:
                stopped = f"more than {MAX_STEPS_PER_TURN} steps in a turn"
                break
            cap = output_cap(limits, messages, built.tools)
            if cap < 1:
                stopped = "the conversation exceeds the context window"
                break
            reply = await model.chat(messages, tools=built.tools, max_tokens=cap)
            totals.stats = totals.stats.plus(reply.stats)
            totals.steps += 1
            calls = plain_calls(reply)
            steps.append({"tool_calls": calls, "content": reply.content})
            ids = [c.get("id") or f"call_{totals.steps}_{i}"
                   for i, c in enumerate(reply.tool_calls)]
            messages.append(assistant_message(reply, ids))
            try:
                decoded = decode_tool_calls(calls)
            except InvalidCall:
                decoded = []
            if not decoded:
                break  # BFCL: a step without a decodable call ends the turn
            for call_id, call in zip(ids, decoded, strict=True):
                result, env = await _run_call(env, call)
                messages.append({"role": "tool", "content": result, "tool_call_id": call_id})
        totals.turns.append(steps)
        if stopped:
            break
    return Attempt(with_turns(item.item_id, task.repeat, totals.turns),
                   json.dumps(built.turns, ensure_ascii=False), None,
                   {"turns": totals.turns, "steps": totals.steps, "stopped": stopped},
                   totals.stats)
