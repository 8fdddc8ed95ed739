"""A model's BFCL tool call runs in a worker process with a time limit: a call that computes
for minutes (power(10, 30000000) holds the GIL) neither stalls the event loop nor outlives
its limit, and the environment keeps its state across calls that go through the worker."""

from __future__ import annotations

import asyncio
import time

import pytest

from app.benchmarks.catalog.bfcl.calls import Call
from app.benchmarks.catalog.bfcl.conversation import CALL_LIMIT_S, _run_call
from app.benchmarks.catalog.bfcl.multi_turn import RESULT_LIMIT, Environment

pytestmark = pytest.mark.anyio


async def test_a_runaway_call_fails_alone_and_the_loop_keeps_running() -> None:
    env = Environment(["MathAPI"], {})
    ticks = 0

    async def ticker() -> None:
        nonlocal ticks
        while True:
            await asyncio.sleep(0.05)
            ticks += 1

    warm, env = await _run_call(env, Call("add", {"a": 1, "b": 2}))  # starts the worker
    assert "3" in warm
    running = asyncio.create_task(ticker())
    started = time.monotonic()
    result, env = await _run_call(env, Call("power", {"base": 10, "exponent": 30_000_000}))
    elapsed = time.monotonic() - started
    running.cancel()
    # the worker's own alarm, or the kill at CALL_LIMIT_S, whichever comes first
    assert result in ("Error during execution: exceeded 5 s",
                      f"Error during execution: the call took longer than {CALL_LIMIT_S:g} s")
    assert elapsed < CALL_LIMIT_S + 20  # killed, not waited for
    assert ticks >= 10  # the event loop ran all along
    after, env = await _run_call(env, Call("add", {"a": 2, "b": 2}))  # a fresh worker
    assert "4" in after


async def test_state_travels_with_the_environment() -> None:
    config = {"GorillaFileSystem": {"root": {"alex": {"type": "directory", "contents": {}}}}}
    env = Environment(["GorillaFileSystem"], config)
    _, env = await _run_call(env, Call("mkdir", {"dir_name": "notes"}))
    listing, env = await _run_call(env, Call("ls", {}))
    assert "notes" in listing
    big, env = await _run_call(env, Call("echo", {"content": "x" * (RESULT_LIMIT * 2)}))
    assert len(big) < RESULT_LIMIT + 100 and big.endswith("characters]")
