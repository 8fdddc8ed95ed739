"""Endpoint-run throughput at concurrency 32 beside a bare httpx loop sending the same
requests to the same canned server, in one run. Target: ratio >= 0.9.

Run with `make perf`. The canned server answers after a fixed delay, as a model would.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from fastapi import FastAPI

from app.benchmarks.prompt_builders import PromptItem, build_prompt
from app.benchmarks.registry import benchmarks
from tests.conftest import API_KEY
from tests.support.processes import canned_model

pytestmark = [pytest.mark.perf, pytest.mark.anyio]

ITEMS, REPEATS, CONCURRENCY, DELAY_S, ROUNDS = 640, 2, 32, 0.05, 3


@pytest.fixture
def model_url(tmp_path: Path) -> Iterator[str]:
    with canned_model(tmp_path, DELAY_S) as url:
        yield url


def _rows() -> list[dict[str, object]]:
    return [{"id": f"q{i}", "question": f"Which option is number {i}?",
             "choices": ["w", "x", "y", "z"], "answer": "ABCD"[i % 4]} for i in range(ITEMS)]


async def _bare(url: str) -> float:
    spec = benchmarks()["mmlu"]
    bodies = []
    for row in _rows():
        item = PromptItem(str(row["id"]), "default", {"question": row["question"],
                                                     "choices": row["choices"]})
        messages = build_prompt(spec, item, style="chat").turns[0]
        bodies += [{"model": "canned", "messages": messages, "max_tokens": 4096}] * REPEATS
    semaphore = asyncio.Semaphore(CONCURRENCY)
    async with httpx.AsyncClient(timeout=60) as client:
        async def one(body: dict[str, object]) -> None:
            async with semaphore:
                r = await client.post(f"{url}/chat/completions", json=body)
                r.raise_for_status()
                r.json()
        start = time.perf_counter()
        await asyncio.gather(*(one(b) for b in bodies))
        return time.perf_counter() - start


async def test_run_throughput_against_bare_httpx(client: httpx.AsyncClient, app: FastAPI,
                                                 model_url: str) -> None:
    assert (await client.post("/benchmarks/mmlu/items:import",
                              json={"items": _rows()})).status_code == 200
    body = {"model": {"name": "canned", "base_url": model_url}, "benchmarks": ["mmlu"],
            "repeats": REPEATS, "concurrency": CONCURRENCY}
    bare_s = run_s = float("inf")
    for _ in range(ROUNDS):  # interleaved, best of each: the machine is noisy
        bare_s = min(bare_s, await _bare(model_url))
        start = time.perf_counter()
        run_id = (await client.post("/runs", json=body, headers={
            "Authorization": f"Bearer {API_KEY}"})).json()["id"]
        task = app.state.executor.tasks.get(run_id)
        if task is not None:
            await asyncio.wait({task})
        run_s = min(run_s, time.perf_counter() - start)
        status = (await client.get(f"/runs/{run_id}")).json()
        assert status["status"] == "finished"
        assert status["progress"]["done"] == ITEMS * REPEATS
    n = ITEMS * REPEATS
    print(f"\n{n} requests at concurrency {CONCURRENCY}, {DELAY_S * 1000:.0f} ms per answer: "
          f"bare httpx {bare_s:.2f} s ({n / bare_s:.0f}/s), PocketEval run {run_s:.2f} s "
          f"({n / run_s:.0f}/s), ratio {bare_s / run_s:.2f} (target >= 0.9)")
