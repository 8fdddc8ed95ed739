"""The two ways a GGUF run holds its model: llama-cpp-python in a worker process, or
llama.cpp's llama-server on loopback behind the HTTP runner. Either way the run gets a
sample runner and a way to read the measured figures before it finishes."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path

import httpx

from app.inference.base import RunnerError
from app.inference.llama_cpp.serving_model_facts import model_facts, thinking_flag
from app.inference.llama_cpp.serving_pool import WorkerPool
from app.inference.llama_cpp.serving_runner import LlamaCppRunner
from app.inference.llama_server.server import LlamaServer, ServerChatRunner, stop_left_behind
from app.inference.messages import Limits
from app.inference.openai.client import Endpoint, OpenAIChatRunner
from app.inference.repetition import LoopRule
from app.inference.topology.run_choice import decide, lane_path, measured
from app.inference.topology.trial import TopologyTrial
from app.records.run_enums import ReuseMode
from app.records.run_plan import GGUFPlan, Json, RunLimits
from app.records.run_runtime import ServerProcess, TopologyRecord
from app.records.time_spent_record import PoolTime
from app.records.topology_record import KvMode
from app.runs.execute.sample import SampleEvaluator

Stats = Callable[[], Awaitable[Json]]
Times = Callable[[], PoolTime | None]  # read after Stats (which reads the workers' clocks)


class StartFailed(Exception):
    """The model could not be loaded: the run fails with this message."""


@asynccontextmanager
async def gguf_evaluator(gguf: GGUFPlan, limits: RunLimits, client: httpx.AsyncClient,
                         judge: OpenAIChatRunner | None, left_behind: ServerProcess | None,
                         on_spawn: Callable[[ServerProcess], Awaitable[None]] | None = None,
                         on_topology: Callable[[TopologyRecord], Awaitable[None]] | None = None,
                         cores: int | None = None,
                         ) -> AsyncIterator[tuple[SampleEvaluator, Stats, Times]]:
    """on_spawn records a llama-server's pid and command as soon as it exists;
    left_behind is the one an earlier process of this run recorded; on_topology receives
    the in-process workers' topology once they are loaded; cores bounds it (a Ray actor's
    reserved CPUs)."""
    path = Path(gguf.path)
    window, time_limit = limits.context_window, limits.time_limit_s
    if gguf.runtime == "llama-server":
        assert gguf.llama_server is not None  # planning refuses llama-server without one
        n_ctx, template = await asyncio.to_thread(model_facts, path)
        server = LlamaServer(Path(gguf.llama_server), path, n_ctx=n_ctx,
                             parallel=gguf.parallel, n_threads=gguf.n_threads,
                             thinking=thinking_flag(template, gguf.variant))
        await asyncio.to_thread(stop_left_behind,
                                None if left_behind is None else left_behind.model_dump())
        spawned = None if on_spawn is None else (
            lambda record: on_spawn(ServerProcess.model_validate(record)))
        try:
            await server.start(spawned)
        except RunnerError as exc:
            raise StartFailed(str(exc)) from exc
        try:
            endpoint = Endpoint(server.base_url, path.name, None,
                                {"temperature": gguf.temperature, "seed": gguf.seed},
                                limits.request_timeout_s, stream=True,
                                tool_choice=gguf.tool_choice)
            runner = ServerChatRunner(OpenAIChatRunner(client, endpoint), server)
            limits_here = Limits(min(window, n_ctx), gguf.max_output_tokens, time_limit)
            yield (SampleEvaluator(runner, judge, limits_here,
                                   sampled_seed=gguf.seed if gguf.temperature else None),
                   lambda: asyncio.to_thread(server.stats), lambda: None)
        finally:
            await server.close()
        return
    record, trial = await asyncio.to_thread(decide, gguf, window, cores)
    per_sequence = record.kv_mode is KvMode.PER_SEQUENCE and record.sequences > 1
    lane = await asyncio.to_thread(lane_path, gguf, record)

    def worker() -> LlamaCppRunner:
        llama = LlamaCppRunner(path, n_ctx=min(window, model_facts(path)[0]) if per_sequence
                               else None, temperature=gguf.temperature, seed=gguf.seed,
                               request_timeout_s=limits.request_timeout_s,
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

    async def trial_chose(done: TopologyTrial) -> None:
        final = await asyncio.to_thread(measured, record, done, gguf)
        if on_topology is not None:
            await on_topology(final)

    pool = WorkerPool(worker, record.workers, gguf.topology.max_restarts,
                      lend_threads=record.threads if record.lends_threads else None,
                      sequences=record.sequences, trial=trial, on_trial=trial_chose)
    try:
        await pool.start()
    except RunnerError as exc:
        raise StartFailed(str(exc)) from exc
    if on_topology is not None:
        await on_topology(record)
    try:
        yield (SampleEvaluator(pool, judge,
                               Limits(min(window, pool.n_ctx), gguf.max_output_tokens,
                                      time_limit),
                               pool if gguf.by_likelihood else None,
                               reuse_prefix=gguf.reuse is ReuseMode.PREFIX,
                               calibration_items=gguf.reuse_calibration_items,
                               sampled_seed=gguf.seed if gguf.temperature else None),
               pool.refresh_stats, pool.time_spent)
    finally:
        await pool.close()
