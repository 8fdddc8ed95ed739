"""The two ways a GGUF run holds its model: llama-cpp-python in a worker process, or
llama.cpp's llama-server on loopback behind the HTTP runner. Either way the run gets a
sample runner and a way to read the measured figures before it finishes."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import httpx

from app.inference import (
    Endpoint,
    Limits,
    LlamaCppRunner,
    LlamaServer,
    LoopRule,
    OpenAIChatRunner,
    RunnerError,
    ServerChatRunner,
    TopologyTrial,
    WorkerPool,
    decide,
    lane_path,
    measured,
    model_facts,
    stop_left_behind,
    thinking_flag,
)
from app.records import (
    GGUFPlan,
    Json,
    KvMode,
    PoolTime,
    ReuseMode,
    RunLimits,
    ServerProcess,
    TopologyRecord,
)
from app.runs.execute.sample import SampleEvaluator


class StartFailed(Exception):
    """The model could not be loaded: the run fails with this message."""


class GGUFRuntime(Protocol):
    """A GGUF model held for a run: the sample evaluator that asks it, and the figures it
    measured, read before the run finishes."""

    @property
    def evaluator(self) -> SampleEvaluator: ...

    async def stats(self) -> Json:
        """Memory, load and decoding figures, stored with the run."""
        ...

    def time_spent(self) -> PoolTime | None:
        """Where the workers' time went (read after `stats`, which reads their clocks)."""
        ...

    async def close(self) -> None: ...


@dataclass(frozen=True)
class RuntimeHooks:
    """What the run is told while its model loads. on_spawn records a llama-server's pid
    and command as soon as it exists; left_behind is the one an earlier process of this run
    recorded; on_topology receives the in-process workers' topology once they are loaded;
    cores bounds it (a Ray actor's reserved CPUs)."""

    left_behind: ServerProcess | None = None
    on_spawn: Callable[[ServerProcess], Awaitable[None]] | None = None
    on_topology: Callable[[TopologyRecord], Awaitable[None]] | None = None
    cores: int | None = None


@asynccontextmanager
async def gguf_runtime(gguf: GGUFPlan, limits: RunLimits, client: httpx.AsyncClient,
                       judge: OpenAIChatRunner | None, hooks: RuntimeHooks = RuntimeHooks()
                       ) -> AsyncIterator[GGUFRuntime]:
    """The plan's runtime, started, and closed when the block ends."""
    start = ServerRuntime.start if gguf.runtime == "llama-server" else InProcessRuntime.start
    runtime = await start(gguf, limits, client, judge, hooks)
    try:
        yield runtime
    finally:
        await runtime.close()


class ServerRuntime:
    """llama.cpp's llama-server on loopback, behind the HTTP runner."""

    def __init__(self, server: LlamaServer, evaluator: SampleEvaluator) -> None:
        self.server, self.evaluator = server, evaluator

    @classmethod
    async def start(cls, gguf: GGUFPlan, limits: RunLimits, client: httpx.AsyncClient,
                    judge: OpenAIChatRunner | None, hooks: RuntimeHooks) -> ServerRuntime:
        assert gguf.llama_server is not None  # planning refuses llama-server without one
        path = Path(gguf.path)
        n_ctx, template = await asyncio.to_thread(model_facts, path)
        server = LlamaServer(Path(gguf.llama_server), path, n_ctx=n_ctx,
                             parallel=gguf.parallel, n_threads=gguf.n_threads,
                             thinking=thinking_flag(template, gguf.variant))
        left = hooks.left_behind
        await asyncio.to_thread(stop_left_behind, None if left is None else left.model_dump())
        on_spawn = hooks.on_spawn
        spawned = None if on_spawn is None else (
            lambda record: on_spawn(ServerProcess.model_validate(record)))
        try:
            await server.start(spawned)
        except RunnerError as exc:
            raise StartFailed(str(exc)) from exc
        endpoint = Endpoint(server.base_url, path.name, None,
                            {"temperature": gguf.temperature, "seed": gguf.seed},
                            limits.request_timeout_s, stream=True,
                            tool_choice=gguf.tool_choice)
        runner = ServerChatRunner(OpenAIChatRunner(client, endpoint), server)
        here = Limits(min(limits.context_window, n_ctx), gguf.max_output_tokens,
                      limits.time_limit_s)
        return cls(server, SampleEvaluator(runner, judge, here, sampled_seed=gguf.seed
                                           if gguf.temperature else None))

    async def stats(self) -> Json:
        return await asyncio.to_thread(self.server.stats)

    def time_spent(self) -> PoolTime | None:
        return None  # llama-server does not say

    async def close(self) -> None:
        await self.server.close()


class InProcessRuntime:
    """llama-cpp-python in worker processes, in the topology the run chose."""

    def __init__(self, pool: WorkerPool, evaluator: SampleEvaluator) -> None:
        self.pool, self.evaluator = pool, evaluator

    @classmethod
    async def start(cls, gguf: GGUFPlan, limits: RunLimits, client: httpx.AsyncClient,
                    judge: OpenAIChatRunner | None, hooks: RuntimeHooks
                    ) -> InProcessRuntime:
        window = limits.context_window
        record, trial = await asyncio.to_thread(decide, gguf, window, hooks.cores)
        lane = await asyncio.to_thread(lane_path, gguf, record)
        worker = functools.partial(_worker, gguf, limits, record, lane)

        async def trial_chose(done: TopologyTrial) -> None:
            final = await asyncio.to_thread(measured, record, done, gguf)
            if hooks.on_topology is not None:
                await hooks.on_topology(final)

        pool = WorkerPool(worker, record.workers, gguf.topology.max_restarts,
                          lend_threads=record.threads if record.lends_threads else None,
                          sequences=record.sequences, trial=trial, on_trial=trial_chose)
        try:
            await pool.start()
        except RunnerError as exc:
            raise StartFailed(str(exc)) from exc
        if hooks.on_topology is not None:
            await hooks.on_topology(record)
        return cls(pool, SampleEvaluator(
            pool, judge, Limits(min(window, pool.n_ctx), gguf.max_output_tokens,
                                limits.time_limit_s),
            pool if gguf.by_likelihood else None,
            reuse_prefix=gguf.reuse is ReuseMode.PREFIX,
            calibration_items=gguf.reuse_calibration_items,
            sampled_seed=gguf.seed if gguf.temperature else None))

    async def stats(self) -> Json:
        return await self.pool.refresh_stats()

    def time_spent(self) -> PoolTime | None:
        return self.pool.time_spent()

    async def close(self) -> None:
        await self.pool.close()


def _worker(gguf: GGUFPlan, limits: RunLimits, record: TopologyRecord, lane: str | None
            ) -> LlamaCppRunner:
    """One worker of the pool, as the topology says."""
    path = Path(gguf.path)
    per_sequence = record.kv_mode is KvMode.PER_SEQUENCE and record.sequences > 1
    llama = LlamaCppRunner(path, n_ctx=min(limits.context_window, model_facts(path)[0])
                           if per_sequence else None, temperature=gguf.temperature,
                           seed=gguf.seed, request_timeout_s=limits.request_timeout_s,
                           # lm-eval's llama.cpp path: flash attention off (it moves
                           # log-likelihoods by up to 0.16 nats)
                           flash_attn=not gguf.by_likelihood, n_threads=record.threads,
                           variant=gguf.variant, parallel=record.sequences,
                           kv_per_sequence=per_sequence, prefill_lane=lane)
    llama.lookup = gguf.prompt_lookup
    if gguf.stop_loops is not None:
        loops = gguf.stop_loops
        llama.loop_rule = LoopRule(loops.repeats, loops.max_block, loops.min_span,
                                   observe=loops.action == "observe")
    return llama
