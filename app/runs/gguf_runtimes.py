"""The two ways a GGUF run holds its model: llama-cpp-python in a worker process, or
llama.cpp's llama-server on loopback behind the HTTP runner. Either way the run gets a
sample runner and a way to read the measured figures before it finishes."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import httpx

from app.runners.base import RunnerError
from app.runners.llama_cpp import LlamaCppRunner, model_facts, thinking_flag
from app.runners.llama_server import LlamaServer, ServerChatRunner, stop_left_behind
from app.runners.openai_http import Endpoint, OpenAIChatRunner
from app.runs.pipeline import Limits, SampleRunner

Stats = Callable[[], Awaitable[dict[str, Any]]]


class StartFailed(Exception):
    """The model could not be loaded: the run fails with this message."""


@asynccontextmanager
async def gguf_sampler(local: dict[str, Any], limits_cfg: dict[str, Any],
                       client: httpx.AsyncClient, judge: OpenAIChatRunner | None,
                       on_spawn: Callable[[dict[str, Any]], Awaitable[None]] | None = None,
                       ) -> AsyncIterator[tuple[SampleRunner, Stats]]:
    """on_spawn records a llama-server's pid and command as soon as it exists."""
    path = Path(local["path"])
    window, time_limit = int(limits_cfg["context_window"]), float(limits_cfg["time_limit_s"])
    if local.get("runtime") == "llama-server":
        n_ctx, template = await asyncio.to_thread(model_facts, path)
        server = LlamaServer(Path(local["llama_server"]), path, n_ctx=n_ctx,
                             parallel=int(local["parallel"]), n_threads=local["n_threads"],
                             thinking=thinking_flag(template, local["variant"]))
        await asyncio.to_thread(stop_left_behind, local.get("server"))
        try:
            await server.start(on_spawn)
        except RunnerError as exc:
            raise StartFailed(str(exc)) from exc
        try:
            endpoint = Endpoint(server.base_url, path.name, None,
                                {"temperature": local["temperature"], "seed": local["seed"]},
                                float(limits_cfg["request_timeout_s"]), stream=True)
            runner = ServerChatRunner(OpenAIChatRunner(client, endpoint), server)
            yield (SampleRunner(runner, judge, Limits(min(window, n_ctx), None, time_limit)),
                   lambda: asyncio.to_thread(server.stats))
        finally:
            await server.close()
        return
    llama = LlamaCppRunner(path, temperature=local["temperature"], seed=local["seed"],
                           request_timeout_s=float(limits_cfg["request_timeout_s"]),
                           # lm-eval's llama.cpp path: flash attention off (it moves
                           # log-likelihoods by up to 0.16 nats)
                           flash_attn=local["mcq_mode"] != "loglikelihood",
                           n_threads=local["n_threads"], variant=local["variant"])
    try:
        await llama.start()
    except RunnerError as exc:
        raise StartFailed(str(exc)) from exc
    try:
        by_likelihood = llama if local["mcq_mode"] == "loglikelihood" else None
        yield (SampleRunner(llama, judge, Limits(min(window, llama.n_ctx), None, time_limit),
                            by_likelihood), llama.refresh_stats)
    finally:
        await llama.close()
