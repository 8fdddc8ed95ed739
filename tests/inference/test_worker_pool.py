"""Several llama.cpp workers behind one runner (app.inference.llama_cpp.serving_pool), on the real
SmolLM2-135M: loglikelihoods are bit-identical to one worker's, requests spread over the
workers, and a worker killed mid-request is started again with its request retried, until
the run's restarts are spent."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from pathlib import Path
from typing import Any, cast

import pytest

from app.inference.base import ChatReply, RunnerDied
from app.inference.llama_cpp.serving_pool import WorkerPool
from app.inference.llama_cpp.serving_runner import LlamaCppRunner
from tests.support import real_models
from tests.support.held_worker import held_workers, wait_until_held

pytestmark = [pytest.mark.anyio, pytest.mark.needs("llama_cpp")]

ITEMS = [("The capital of France is", [" Paris", " Rome", " Berlin"]),
         ("Two plus two equals", [" four", " five", " 4"]),
         ("The opposite of hot is", [" cold", " warm", " blue"]),
         ("Water freezes at zero degrees", [" Celsius", " Fahrenheit", " Kelvin"]),
         ("A week has seven", [" days", " months", " cats and dogs"])]


def _pool(workers: int, max_restarts: int = 2, lend: int | None = None,
          sequences: int | None = None, **kwargs: object) -> WorkerPool:
    return WorkerPool(lambda: LlamaCppRunner(real_models.smollm2(), n_ctx=1024, n_threads=1,
                                             flash_attn=False, **kwargs),  # type: ignore[arg-type]
                      workers, max_restarts, lend_threads=lend, sequences=sequences)


async def _wait_for(condition: object, what: str, limit_s: float = 600) -> None:
    deadline = time.monotonic() + limit_s
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < deadline, f"{what} did not happen in {limit_s:g} s"
        await asyncio.sleep(0.01)


async def _killed_mid_request(pool: WorkerPool, held: Path) -> asyncio.Task[ChatReply]:
    """A chat request, and its worker (the first: none is busy) killed while the request
    is in it: the worker holds its answer at the gate (tests.support.held_worker), so the kill
    lands before the answer on any host."""
    pid = pool.workers[0].pid
    assert pid is not None
    reply = asyncio.create_task(pool.chat(
        [{"role": "user", "content": "Count from 1 to 40."}], max_tokens=120))
    await asyncio.to_thread(wait_until_held, held)
    assert pool.in_flight[0] == 1 and not reply.done()
    os.kill(pid, signal.SIGKILL)
    held.parent.joinpath("gate").unlink()  # the worker started again answers freely
    return reply


async def test_two_workers_give_one_workers_loglikelihoods_bit_for_bit() -> None:
    one, two = _pool(1), _pool(2)
    await asyncio.gather(one.start(), two.start())
    try:
        alone = [await one.loglikelihood(c, o) for c, o in ITEMS]
        together = await asyncio.gather(*(two.loglikelihood(c, o) for c, o in ITEMS))
        stats = await two.refresh_stats()
        pids = {w.pid for w in two.workers}
    finally:
        await asyncio.gather(one.close(), two.close())
    assert [r["logprobs"] for r in together] == [r["logprobs"] for r in alone]
    assert stats["workers"] == 2 and stats["worker_restarts"] == []
    assert stats["kv_mode"] == "per-sequence"  # one sequence has its cache to itself
    assert len(pids) == 2 and None not in pids


async def test_a_killed_worker_is_restarted_and_its_request_retried(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with held_workers(monkeypatch, tmp_path / "gate", passes=0) as held:
        pool = _pool(2)
        await pool.start()
        try:
            answer = await (await _killed_mid_request(pool, held))
            stats = await pool.refresh_stats()
        finally:
            await pool.close()
    assert answer.content and pool.retried == 1
    assert len(stats["worker_restarts"]) == 1
    assert "killed by SIGKILL" in stats["worker_restarts"][0]
    assert pool.workers[0].pid is None  # closed, and it was a fresh process
    assert stats["retried_requests"] == 1


async def test_without_restarts_left_the_death_ends_the_run(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with held_workers(monkeypatch, tmp_path / "gate", passes=0) as held:
        pool = _pool(1, max_restarts=0)
        await pool.start()
        try:
            reply = await _killed_mid_request(pool, held)
            with pytest.raises(RunnerDied, match="killed by SIGKILL"):
                await reply
        finally:
            await pool.close()


class _Reporting:
    """A worker that only reports its figures."""

    def __init__(self, stats: dict[str, object]) -> None:
        self.stats = stats

    async def refresh_stats(self) -> dict[str, object]:
        return self.stats


async def test_the_pool_reports_the_largest_worker_and_sums_what_adds_up() -> None:
    figures = iter([
        {"peak_rss_bytes": 100, "evictions": 1, "recomputed_tokens": 30,
         "prefill_lane_wait_s": 0.4},
        {"peak_rss_bytes": 300, "evictions": 2, "recomputed_tokens": 12,
         "prefill_lane_wait_s": 0.3}])
    pool = WorkerPool(lambda: _Reporting(next(figures)), 2)  # type: ignore[arg-type,return-value]
    stats = await pool.refresh_stats()
    assert stats["peak_rss_bytes"] == 300 and stats["peak_rss_bytes_per_worker"] == [100, 300]
    assert stats["evictions"] == 3 and stats["recomputed_tokens"] == 42
    assert stats["prefill_lane_wait_s"] == pytest.approx(0.7)  # seconds, not whole seconds
    assert stats["workers"] == 2


async def test_an_idle_worker_lends_its_threads_to_the_busy_one_until_it_has_work() -> None:
    pool = _pool(2, lend=1)
    await pool.start()
    try:
        first = asyncio.create_task(pool.chat(
            [{"role": "user", "content": "Count from 1 to 40."}], max_tokens=96))
        await _wait_for(lambda: pool.in_flight == [1, 0], "the first request reaching a worker")
        assert pool.threads == [2, 1]  # the idle worker's thread goes to the busy one
        second = asyncio.create_task(pool.chat(
            [{"role": "user", "content": "Name three colours."}], max_tokens=8))
        await _wait_for(lambda: pool.in_flight[1] == 1, "the second request reaching a worker")
        assert pool.threads == [1, 1]  # taken back as the idle worker is given work
        replies = await asyncio.gather(first, second)
        assert all(r.content for r in replies)
        assert pool.threads == [1, 1]  # nobody busy: each has its own again
        stats = [await w.refresh_stats() for w in pool.workers]
        assert stats[0]["most_threads"] == 2  # the worker was given the lent thread
        assert (await pool.refresh_stats())["thread_lends"] >= 1
    finally:
        await pool.close()


async def test_chats_beyond_the_sequences_wait_in_the_pool_not_in_a_worker() -> None:
    """Two workers of one sequence each and five chats at once: the workers never hold more
    than their sequences (a chat queued in a worker would count its wait as time to first
    token), and every chat is answered."""
    pool = _pool(2, sequences=1)
    await pool.start()
    held, most = [0], [0]
    for worker in pool.workers:
        chat = worker.chat

        async def counted(*args: Any, chat: Any = chat, **kwargs: Any) -> ChatReply:
            held[0] += 1
            most[0] = max(most[0], held[0])
            try:
                return cast(ChatReply, await chat(*args, **kwargs))
            finally:
                held[0] -= 1

        worker.chat = counted  # type: ignore[method-assign]
    try:
        replies = await asyncio.gather(*(pool.chat(
            [{"role": "user", "content": f"Name a colour. ({i})"}], max_tokens=8)
            for i in range(5)))
    finally:
        await pool.close()
    assert most[0] == 2 and held[0] == 0
    assert all(r.stats.completion_tokens for r in replies)
