"""llama.cpp's own server as the GGUF runtime: started with --jinja on loopback, then driven
by the OpenAI HTTP runner, so tool calls come back parsed by llama.cpp's per-template parsers.

The process is the run's: started when the run starts, stopped when it ends (its pid and
command are recorded, so a server left behind by a killed PocketEval is stopped when the run
resumes). Its load log
(buffer sizes, logged at verbosity 4) and its peak RSS (VmHWM) give the same measured figures
as the in-process worker; its RSS includes the server binary itself, which the worker's
baseline leaves out. The host-memory prompt cache is off, so memory is the model's alone.
"""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path
from typing import IO, TypedDict

import httpx
from pydantic import JsonValue

from app.inference.base import (
    ChatMessages,
    ChatReply,
    ChatRunner,
    RunnerDied,
    RunnerError,
    ToolSchemas,
)
from app.inference.llama_cpp.process_memory import buffer_sizes, memory_status
from app.inference.llama_cpp.serving_crash_report import death_report, text_tail

LOAD_TIMEOUT_S = 600.0
DEATH_WAIT_S = 2.0  # how long a failed request waits for a dying server's exit status


def free_loopback_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def server_command(binary: Path, model: Path, *, port: int, n_ctx: int, parallel: int,
                   n_threads: int | None, thinking: bool | None) -> list[str]:
    """Each of `parallel` slots gets the whole context; batches and flash attention as the
    eligibility report assumes."""
    command = [str(binary), "--model", str(model), "--jinja", "--host", "127.0.0.1",
               "--port", str(port), "--ctx-size", str(n_ctx * parallel),
               "--parallel", str(parallel), "--batch-size", "512", "--ubatch-size", "512",
               "--flash-attn", "on", "--load-mode", "none", "--cache-ram", "0", "--no-webui",
               "--log-verbosity", "4"]
    if n_threads:
        command += ["--threads", str(n_threads)]
    if thinking is not None:  # only where the template has the switch
        command += ["--reasoning", "on" if thinking else "off"]
    return command


class Spawned(TypedDict):
    """What identifies the server process, recorded so a later PocketEval can stop it."""

    pid: int
    command: list[str]


class LlamaServer:
    def __init__(self, binary: Path, model: Path, *, n_ctx: int, parallel: int = 1,
                 n_threads: int | None = None, thinking: bool | None = None) -> None:
        self.port = free_loopback_port()
        self.command = server_command(binary, model, port=self.port, n_ctx=n_ctx,
                                      parallel=parallel, n_threads=n_threads,
                                      thinking=thinking)
        self.n_ctx = n_ctx
        self.parallel = parallel
        self.load_s = 0.0
        self.buffers: dict[str, int] = {}
        self._proc: subprocess.Popen[bytes] | None = None
        self._log: IO[bytes] | None = None

    @property
    def pid(self) -> int | None:
        return None if self._proc is None else self._proc.pid

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    async def start(self, on_spawn: Callable[[Spawned], Awaitable[None]] | None = None,
                    ) -> None:
        """Spawn, tell on_spawn its pid and command, and wait until the model is loaded."""
        self._log = tempfile.TemporaryFile()
        started = time.perf_counter()
        try:
            self._proc = subprocess.Popen(self.command, stdin=subprocess.DEVNULL,
                                          stdout=self._log, stderr=subprocess.STDOUT)
        except OSError as exc:
            raise RunnerError(f"cannot start llama-server: {exc}") from exc
        if on_spawn is not None:
            await on_spawn({"pid": self._proc.pid, "command": self.command})
        async with httpx.AsyncClient(timeout=5.0) as client:
            while True:
                if self._proc.poll() is not None:
                    report = self.death_report("while loading the model")
                    await self.close()
                    raise RunnerDied(str(report))
                try:
                    health = await client.get(f"http://127.0.0.1:{self.port}/health")
                    if health.status_code == 200:
                        break
                except httpx.TransportError:
                    pass
                if time.perf_counter() - started > LOAD_TIMEOUT_S:
                    await self.close()
                    raise RunnerError(f"llama-server did not load within {LOAD_TIMEOUT_S:.0f} s")
                await asyncio.sleep(0.1)
        self.load_s = time.perf_counter() - started
        self.buffers = buffer_sizes(self._log_text().splitlines())

    def _log_text(self) -> str:
        if self._log is None:
            return ""
        self._log.flush()
        with open(self._log.fileno(), "rb", closefd=False) as fh:
            fh.seek(0)
            return fh.read(4 << 20).decode("utf-8", "replace")

    def death_report(self, when: str = "", wait_s: float = 0.0) -> str | None:
        """Why the server stopped, with its log's tail; None while it runs. wait_s: a server
        killed by a signal drops its connections before it can be reaped (a core dump takes
        a moment), so a failed request waits that long for the exit status."""
        if self._proc is None:
            return None
        try:
            self._proc.wait(timeout=wait_s)
        except subprocess.TimeoutExpired:
            return None
        tail = text_tail(self._log_text()[-(64 << 10):])
        return death_report("llama-server", self._proc.returncode, tail, when=when)

    def stats(self) -> dict[str, JsonValue]:
        """The same figures the in-process worker reports."""
        peak = None
        if self._proc is not None and self._proc.poll() is None:
            try:
                peak = memory_status(self._proc.pid)[1]
            except OSError:  # no /proc (not Linux): the peak RSS is not reported
                peak = None
        return {"load_s": self.load_s, "n_ctx": self.n_ctx, "parallel": self.parallel,
                "peak_rss_bytes": peak, "process_peak_rss_bytes": peak,
                "llama_cpp_buffers": dict[str, JsonValue](self.buffers), "swa_full": False,
                "runtime": "llama-server"}

    async def close(self) -> None:
        proc, self._proc = self._proc, None
        log, self._log = self._log, None
        try:
            if proc is not None and proc.poll() is None:
                proc.terminate()
                try:
                    await asyncio.to_thread(proc.wait, 10)
                except subprocess.TimeoutExpired:
                    proc.kill()
        finally:  # also when cancelled while waiting: never leave the server running
            if proc is not None and proc.poll() is None:
                proc.kill()
            if proc is not None:
                proc.wait()
            if log is not None:
                log.close()


class ServerChatRunner:
    """The HTTP runner for the run's own server: a request that fails because the server
    died says how it died instead of how the connection failed."""

    def __init__(self, runner: ChatRunner, server: LlamaServer) -> None:
        self.runner = runner
        self.server = server

    async def chat(self, messages: ChatMessages, *, tools: ToolSchemas | None = None,
                   max_tokens: int | None = None, seed: int | None = None) -> ChatReply:
        try:
            return await self.runner.chat(messages, tools=tools, max_tokens=max_tokens,
                                          seed=seed)
        except RunnerError:
            report = await asyncio.to_thread(self.server.death_report, wait_s=DEATH_WAIT_S)
            if report is not None:
                raise RunnerDied(report) from None
            raise


def stop_left_behind(record: Mapping[str, object] | None, wait_s: float = 10.0) -> bool:
    """Stop the server a killed PocketEval left running for this run: only if that pid still
    runs exactly the recorded command (which names its own port). True if one was stopped."""
    if not record:
        return False
    pid, command = record.get("pid"), record.get("command")
    if not isinstance(pid, int) or not isinstance(command, list):
        return False  # not a record this module wrote: nothing to recognise the server by
    try:
        running = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")[:-1]
    except OSError:  # gone, or no /proc to check against
        return False
    if running != [str(arg).encode() for arg in command]:
        return False
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.kill(pid, sig)
        except ProcessLookupError:
            return True
        deadline = time.monotonic() + wait_s
        while time.monotonic() < deadline:
            if not Path(f"/proc/{pid}").exists():
                return True
            time.sleep(0.05)
    return True
