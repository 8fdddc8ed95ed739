"""Decode throughput of several sequences batched together: llama-server with 1 slot and
with 4 slots, in one run on the same 8 requests to SmolLM2-135M (greedy, 96 new tokens
each), through the same runner a llama-server run uses. Prints total generated tokens/s and
the ratio. Needs `make llama-server`; run with `make perf`.
"""

from __future__ import annotations

import asyncio
import time

import httpx
import pytest

from app.inference.llama_server.server import LlamaServer
from app.inference.openai.client import Endpoint, OpenAIChatRunner
from tests.support import real_models
from tests.support.gguf_support import llama_server_binary

pytestmark = [pytest.mark.perf, pytest.mark.anyio]
BINARY = llama_server_binary()
REQUESTS, NEW_TOKENS = 8, 96


async def _throughput(parallel: int) -> float:
    assert BINARY is not None
    server = LlamaServer(BINARY, real_models.smollm2(), n_ctx=2048, parallel=parallel)
    await server.start()
    try:
        async with httpx.AsyncClient(timeout=300) as client:
            runner = OpenAIChatRunner(client, Endpoint(server.base_url, "m", None,
                                                       {"temperature": 0, "seed": 0}))
            messages = [[{"role": "user", "content": f"Write a story about the number {i}."}]
                        for i in range(REQUESTS)]
            started = time.perf_counter()
            replies = await asyncio.gather(*(runner.chat(m, tools=None, max_tokens=NEW_TOKENS)
                                             for m in messages))
            elapsed = time.perf_counter() - started
    finally:
        await server.close()
    return sum(r.stats.completion_tokens or 0 for r in replies) / elapsed


@pytest.mark.skipif(BINARY is None, reason="no llama-server binary: `make llama-server`")
async def test_batched_slots_raise_decode_throughput() -> None:
    one = await _throughput(1)
    four = await _throughput(4)
    print(f"\nllama-server, {REQUESTS} requests x {NEW_TOKENS} tokens: 1 slot {one:.0f} tok/s, "
          f"4 slots {four:.0f} tok/s, ratio {four / one:.2f}")
    assert four > one
