"""The built-in GGUF runner: a llama.cpp worker process behind the runner interface."""

from __future__ import annotations

import asyncio
import itertools
import logging
import multiprocessing
import os
import tempfile
import threading
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Any

from pydantic import JsonValue

from app.inference.base import (
    ChatMessages,
    ChatReply,
    Likelihoods,
    ReplyStats,
    RunnerDied,
    RunnerError,
    ToolSchemas,
)
from app.inference.llama_cpp.serving_crash_report import death_report, log_tail
from app.inference.llama_cpp.serving_model_facts import (
    THINKING_SWITCH,
    address_space_limit,
    model_facts,
    thinking_flag,
)
from app.inference.llama_cpp.worker_commands import (
    Chat,
    Close,
    Loglikelihood,
    ReadStats,
    Reply,
    Request,
    SetThreads,
    WorkerCommand,
    WorkerLaunch,
)
from app.inference.llama_cpp.worker_loop import serve
from app.inference.llama_cpp.worker_model import Generated
from app.inference.repetition import LoopRule
from app.inference.tool_call_text import parse_tool_calls, template_family

# how long past a request timeout the worker has to report it before it counts as stuck
DEADLINE_GRACE_S = 30.0
log = logging.getLogger("pocketeval.llama_cpp")


class LlamaCppRunner:
    def __init__(self, path: Path, *, n_ctx: int | None = None, n_threads: int | None = None,
                 temperature: float = 0.0, seed: int | None = 0,
                 variant: str = "non-reasoning", request_timeout_s: float | None = None,
                 flash_attn: bool = True, parallel: int = 1, kv_per_sequence: bool = False,
                 prefill_lane: str | None = None,
                 deadline_grace_s: float = DEADLINE_GRACE_S) -> None:
        """request_timeout_s: a command (a generation, a template rendering) that takes longer
        stops the worker, as a stuck endpoint request would fail; the worker's address space
        is also capped, so a hostile chat template cannot take the host's memory.
        deadline_grace_s: how long past that timeout a generation may take to say it ended at
        its deadline before the worker is taken for stuck. parallel:
        generations decoded together in the worker's one context (continuous batching), each
        with cells for a whole window (kv_per_sequence) or sharing one window's cells.
        prefill_lane: the lock file workers take turns on for prompt evaluation."""
        self.path = path
        self.request_timeout_s = request_timeout_s
        self.deadline_grace_s = deadline_grace_s
        self.flash_attn = flash_attn  # off for loglikelihood runs: lm-eval's llama.cpp numbers
        self.n_ctx = n_ctx or model_facts(path)[0]
        self.n_threads = n_threads
        self.temperature = temperature
        self.seed = seed
        self.variant = variant
        self.template_kwargs: dict[str, JsonValue] = {}  # chat template switches
        self.stats: dict[str, JsonValue] = {}  # the worker's figures, stored with the run
        self.family: str | None = None
        self._conn: Connection | None = None
        self._proc: BaseProcess | None = None
        self._log_path: Path | None = None
        self.parallel = parallel
        self.kv_per_sequence = kv_per_sequence
        self.prefill_lane = prefill_lane
        self._ids = itertools.count(1)
        self._waiters: dict[int, asyncio.Future[Reply]] = {}
        self._send_lock = threading.Lock()
        self._gone = False
        self._death_lock = threading.Lock()
        self._death: str | None = None
        self._reader: threading.Thread | None = None
        self.loop_rule: LoopRule | None = None  # stop (or note) degenerate loops
        self.lookup = 0  # prompt-lookup guesses a decode step of greedy answers; 0: off

    async def start(self) -> dict[str, JsonValue]:
        ctx = multiprocessing.get_context("spawn")
        parent, child = ctx.Pipe()
        fd, log_name = tempfile.mkstemp(prefix="pocketeval-llama-", suffix=".log")
        os.close(fd)
        self._log_path = Path(log_name)
        launch = WorkerLaunch(str(self.path), self.n_ctx, self.n_threads, log_name,
                              address_space_limit(self.path), self.flash_attn, self.parallel,
                              self.kv_per_sequence, self.prefill_lane, self.lookup)
        self._proc = ctx.Process(target=serve, args=(child, launch), daemon=True)
        self._proc.start()
        child.close()
        self._conn = parent
        try:
            loaded: Reply = await asyncio.to_thread(parent.recv)
        except (EOFError, OSError):
            report = await asyncio.to_thread(self.death_report)
            await self.close()
            raise RunnerDied(report) from None
        if loaded.error is not None:
            await self.close()
            raise RunnerError(loaded.error)
        self.stats = loaded.result
        self._reader = threading.Thread(target=self._read_replies,
                                        args=(parent, asyncio.get_running_loop()),
                                        name="llama-worker-replies", daemon=True)
        self._reader.start()
        template = str(self.stats.get("template", ""))
        self.family = template_family(template)
        thinking = thinking_flag(template, self.variant)
        if thinking is not None:
            self.template_kwargs = {THINKING_SWITCH: thinking}
        self.stats["thinking_switch"] = thinking is not None
        return self.stats

    def _read_replies(self, conn: Connection, loop: asyncio.AbstractEventLoop) -> None:
        """A thread: hand each reply the worker sends to its request's waiter; when the pipe
        closes, every waiter learns that the worker is gone."""
        while True:
            try:
                reply: Reply = conn.recv()
            except (EOFError, OSError):
                _post(loop, self._worker_gone)
                return
            if not _post(loop, self._deliver, reply):
                return

    def _deliver(self, reply: Reply) -> None:
        waiter = self._waiters.pop(reply.request_id, None)
        if waiter is not None and not waiter.done():
            waiter.set_result(reply)

    def _worker_gone(self) -> None:
        self._gone = True
        for waiter in self._waiters.values():
            if not waiter.done():
                waiter.set_exception(EOFError())
        self._waiters.clear()

    async def _call(self, command: WorkerCommand, grace_s: float = 0.0) -> Any:
        """Send one command and wait for its answer; several may be in flight (the worker
        batches chat requests). One that takes longer than the request timeout stops the
        worker, as a stuck endpoint request would fail."""
        if self._conn is None:
            raise RunnerError("the model is not loaded")
        if self._gone:
            raise RunnerDied(await asyncio.to_thread(self.death_report))
        request_id = next(self._ids)
        waiter: asyncio.Future[Reply] = asyncio.get_running_loop().create_future()
        self._waiters[request_id] = waiter
        try:
            with self._send_lock:
                self._conn.send(Request(request_id, command))
            limit = self.request_timeout_s
            reply = await asyncio.wait_for(
                waiter, None if limit is None else limit + grace_s)
        except TimeoutError:
            if self._proc is not None:
                self._proc.kill()
            raise RunnerDied(f"the llama.cpp worker did not answer {command.name} within "
                             f"{self.request_timeout_s:g} s (request_timeout_s) and was "
                             "stopped") from None
        except (EOFError, OSError):
            raise RunnerDied(await asyncio.to_thread(self.death_report)) from None
        finally:
            self._waiters.pop(request_id, None)
        if reply.error is not None:
            raise RunnerError(reply.error)
        return reply.result

    async def loglikelihood(self, context: str, continuations: list[str],
                            shared_prefix: str = "", reuse: bool = False) -> Likelihoods:
        """Exact by default: the whole context from an empty cache. reuse=True evaluates a
        cached shared prefix and the item's tokens as two batches: faster, but llama.cpp's
        logits depend on the batch layout (up to 0.23 nats measured)."""
        result: Likelihoods = await self._call(Loglikelihood(context, continuations,
                                                             shared_prefix, reuse))
        return result

    async def chat(self, messages: ChatMessages, *, tools: ToolSchemas | None = None,
                   max_tokens: int | None = None, seed: int | None = None) -> ChatReply:
        if tools and self.family is None:
            raise RunnerError("the model's chat template has no tool support")
        cap = max_tokens or self.n_ctx
        # the worker ends a generation at the deadline itself, and the others go on; the
        # grace lets it say so (it looks between decode steps, and one step of a long prompt
        # takes seconds on a loaded host) before a worker stuck elsewhere is stopped
        out: Generated = await self._call(
            Chat(messages, tools, cap, self.temperature, self.seed if seed is None else seed,
                 self.template_kwargs, self.request_timeout_s, self.loop_rule),
            grace_s=self.deadline_grace_s)
        content, calls = parse_tool_calls(self.family if tools else None, out["content"])
        return ChatReply(content=content, tool_calls=calls,
                         stats=ReplyStats(latency_ms=out["latency_ms"], ttft_ms=out["ttft_ms"],
                                          prompt_tokens=out["usage"].get("prompt_tokens"),
                                          completion_tokens=out["usage"].get(
                                              "completion_tokens"),
                                          finish_reason=out["finish_reason"]),
                         raw={"rendered_prompt": out["rendered_prompt"],
                              "template_kwargs": self.template_kwargs,
                              **({"loop": out["loop"]} if out.get("loop") else {}),
                              **{k: out[k] for k in ("decode_ms", "decode_window")
                                 if out.get(k) is not None}})

    @property
    def pid(self) -> int | None:
        return None if self._proc is None else self._proc.pid

    def death_report(self, wait_s: float = 5.0) -> str:
        """How the worker ended (waiting briefly for its exit status), with its log's tail.
        Made once: the requests in flight all ask, and only one wait can reap the process
        (the others would see no exit status)."""
        with self._death_lock:
            if self._death is None:
                returncode = None
                if self._proc is not None:
                    self._proc.join(wait_s)
                    returncode = self._proc.exitcode
                fault = (None if self._log_path is None
                         else self._log_path.with_suffix(".log.fault"))
                self._death = death_report("the llama.cpp worker", returncode,
                                           log_tail(self._log_path, 8),
                                           log_tail(fault, 40)[:5])
            return self._death

    def set_threads(self, n_threads: int) -> None:
        """The worker decodes with n_threads from its next step on; nothing waits for it."""
        if self._conn is None or self._gone:
            return
        try:
            with self._send_lock:
                self._conn.send(Request(next(self._ids), SetThreads(n_threads)))
        except OSError:  # it died: its next request reports how
            self._gone = True

    async def refresh_stats(self) -> dict[str, JsonValue]:
        self.stats = await self._call(ReadStats())
        return self.stats

    async def close(self) -> None:
        if self._conn is not None:
            try:
                await asyncio.wait_for(self._call(Close()), 10)
            except (RunnerError, TimeoutError) as exc:  # it is killed below
                log.info("llama.cpp worker did not close cleanly: %s", exc)
        if self._proc is not None:
            await asyncio.to_thread(self._proc.join, 5)
            if self._proc.is_alive():
                self._proc.kill()
                await asyncio.to_thread(self._proc.join, 5)
            self._proc = None
        if self._reader is not None:  # the worker's end closed: the reader sees EOF and ends
            await asyncio.to_thread(self._reader.join, 5)
            self._reader = None
        if self._conn is not None:
            self._conn.close()
            self._conn = None
        if self._log_path is not None:
            self._log_path.unlink(missing_ok=True)
            self._log_path.with_suffix(".log.fault").unlink(missing_ok=True)
            self._log_path = None


def _post(loop: asyncio.AbstractEventLoop, callback: Callable[..., None], *args: Any) -> bool:
    """Run callback on the runner's loop; False once that loop is closed: nobody is left
    waiting for an answer then (a runner dropped without close at shutdown)."""
    try:
        loop.call_soon_threadsafe(callback, *args)
    except RuntimeError:
        if not loop.is_closed():
            raise
        return False
    return True
