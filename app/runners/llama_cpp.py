"""The built-in GGUF runner: a llama.cpp worker process behind the runner interface."""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Any

from app.gguf.header import read_header
from app.runners.base import ChatReply, RunnerError
from app.runners.llama_worker import serve
from app.runners.tool_call_text import parse_tool_calls, template_family

MAX_CTX = 16_384
THINKING_SWITCH = "enable_thinking"
log = logging.getLogger("pocketeval.llama_cpp")


def model_facts(path: Path) -> tuple[int, str]:
    """(context, chat template) from the header: 16,384, or the model's trained context when
    that is smaller."""
    with path.open("rb") as fh:
        meta = read_header(fh, path.stat().st_size).metadata
    arch = str(meta.get("general.architecture", ""))
    trained = int(meta.get(f"{arch}.context_length") or MAX_CTX)
    return min(MAX_CTX, trained), str(meta.get("tokenizer.chat_template") or "")


def thinking_flag(template: str, variant: str) -> bool | None:
    """The variant's value for a Qwen3-style thinking switch; None where the template has
    none."""
    return variant == "reasoning" if THINKING_SWITCH in template else None


class LlamaCppRunner:
    def __init__(self, path: Path, *, n_ctx: int | None = None, n_threads: int | None = None,
                 temperature: float = 0.0, seed: int | None = 0,
                 variant: str = "non-reasoning") -> None:
        self.path = path
        self.n_ctx = n_ctx or model_facts(path)[0]
        self.n_threads = n_threads
        self.temperature = temperature
        self.seed = seed
        self.variant = variant
        self.template_kwargs: dict[str, Any] = {}
        self.stats: dict[str, Any] = {}
        self.family: str | None = None
        self._conn: Connection | None = None
        self._proc: BaseProcess | None = None
        self._lock = asyncio.Lock()

    async def start(self) -> dict[str, Any]:
        ctx = multiprocessing.get_context("spawn")
        parent, child = ctx.Pipe()
        self._proc = ctx.Process(target=serve, args=(child, str(self.path), self.n_ctx,
                                                     self.n_threads), daemon=True)
        self._proc.start()
        child.close()
        self._conn = parent
        status, payload = await asyncio.to_thread(parent.recv)
        if status != "ok":
            await self.close()
            raise RunnerError(str(payload))
        self.stats = payload
        template = str(payload.get("template", ""))
        self.family = template_family(template)
        thinking = thinking_flag(template, self.variant)
        if thinking is not None:
            self.template_kwargs = {THINKING_SWITCH: thinking}
        self.stats["thinking_switch"] = thinking is not None
        return self.stats

    async def _call(self, command: str, *args: Any) -> Any:
        if self._conn is None:
            raise RunnerError("the model is not loaded")
        conn = self._conn
        async with self._lock:
            def roundtrip() -> tuple[str, Any]:
                conn.send((command, args))
                result: tuple[str, Any] = conn.recv()
                return result
            try:
                status, payload = await asyncio.to_thread(roundtrip)
            except (EOFError, OSError) as exc:
                raise RunnerError(f"the llama.cpp worker died: {exc}") from None
        if status != "ok":
            raise RunnerError(str(payload))
        return payload

    async def loglikelihood(self, context: str, continuations: list[str],
                            shared_prefix: str = "", reuse: bool = True) -> dict[str, Any]:
        result: dict[str, Any] = await self._call("loglikelihood", context, continuations,
                                                  shared_prefix, reuse)
        return result

    async def chat(self, messages: list[dict[str, Any]], *,
                   tools: list[dict[str, Any]] | None = None,
                   max_tokens: int | None = None) -> ChatReply:
        if tools and self.family is None:
            raise RunnerError("the model's chat template has no tool support")
        cap = max_tokens or self.n_ctx
        out = await self._call("chat", messages, tools, cap, self.temperature, self.seed,
                               self.template_kwargs)
        content, calls = parse_tool_calls(self.family if tools else None, out["content"])
        return ChatReply(content=content, tool_calls=calls, finish_reason=out["finish_reason"],
                         completion_tokens=out["usage"].get("completion_tokens"),
                         prompt_tokens=out["usage"].get("prompt_tokens"),
                         latency_ms=out["latency_ms"], ttft_ms=out["ttft_ms"],
                         raw={"rendered_prompt": out["rendered_prompt"],
                              "template_kwargs": self.template_kwargs})

    async def refresh_stats(self) -> dict[str, Any]:
        self.stats = await self._call("stats")
        return self.stats

    async def close(self) -> None:
        if self._conn is not None:
            try:
                await asyncio.wait_for(self._call("close"), 10)
            except (RunnerError, TimeoutError) as exc:  # it is killed below
                log.info("llama.cpp worker did not close cleanly: %s", exc)
            self._conn.close()
            self._conn = None
        if self._proc is not None:
            self._proc.join(5)
            if self._proc.is_alive():
                self._proc.kill()
            self._proc = None
