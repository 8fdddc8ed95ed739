"""A llama.cpp process that dies says how: the signal, the likely cause and fix, and the last
lines of llama.cpp's log. Real processes on a real model, killed with real signals."""

from __future__ import annotations

import os
import re
import signal
from pathlib import Path

import pytest

from app.inference.base import RunnerDied
from app.inference.llama_cpp.serving_crash_report import death_report, log_tail
from app.inference.llama_cpp.serving_runner import LlamaCppRunner
from tests.support import real_models
from tests.support.parts import require

needs_llama = pytest.mark.needs("llama_cpp")


@pytest.mark.anyio
@needs_llama
@pytest.mark.parametrize("sig, cause", [(signal.SIGSEGV, "pocketeval doctor"),
                                        (signal.SIGILL, "pocketeval doctor"),
                                        (signal.SIGKILL, "out-of-memory")])
async def test_a_killed_worker_names_its_signal(sig: signal.Signals, cause: str) -> None:
    runner = LlamaCppRunner(real_models.smollm2(), n_ctx=512, n_threads=1)
    await runner.start()
    try:
        assert runner.pid is not None
        os.kill(runner.pid, sig)
        with pytest.raises(RunnerDied) as caught:
            await runner.loglikelihood("The capital of France is", [" Paris", " Rome"])
    finally:
        await runner.close()
    message = str(caught.value)
    assert f"the llama.cpp worker was killed by {sig.name} (signal {sig.value})" in message
    assert cause in message
    log = message.split("Last lines of its log:\n")[1].splitlines()
    assert log and all(re.match(r"  \| [a-z_]+: ", line) for line in log)  # llama.cpp's lines
    if sig is not signal.SIGKILL:  # Python's fault handler says where it happened
        assert "Where it stopped:\n  | Fatal Python error" in message


@pytest.mark.anyio
@needs_llama
async def test_a_worker_that_dies_while_loading_is_reported(tmp_path: Path) -> None:
    runner = LlamaCppRunner(real_models.smollm2(), n_ctx=512, n_threads=1)
    ready = runner.start()
    # the worker is started inside start(); kill it as soon as it exists
    import asyncio

    task = asyncio.ensure_future(ready)
    while runner.pid is None:
        await asyncio.sleep(0.01)
    os.kill(runner.pid, signal.SIGSEGV)
    with pytest.raises(RunnerDied, match="killed by SIGSEGV"):
        await task


def test_reports_are_never_empty(tmp_path: Path) -> None:
    assert death_report("llama-server", -11, []).endswith("It logged nothing before it "
                                                          "stopped.")
    assert "exited with status 1" in death_report("llama-server", 1, ["boom"])
    assert "stopped answering" in death_report("the worker", None, [])
    log = tmp_path / "x.log"
    log.write_text("a\n\n" + "\n".join(f"line {i}" for i in range(30)) + "\n")
    assert log_tail(log, 3) == ["line 27", "line 28", "line 29"]
    assert log_tail(tmp_path / "absent.log") == []


@pytest.mark.needs("process")
@pytest.mark.anyio
async def test_a_killed_llama_server_names_its_signal() -> None:
    from app.inference.llama_server.server import LlamaServer, ServerChatRunner
    from app.inference.openai.client import Endpoint, OpenAIChatRunner, RetryPolicy
    from tests.support.gguf_support import llama_server_binary

    require("llama_server")
    binary = llama_server_binary()
    assert binary is not None
    server = LlamaServer(binary, real_models.smollm2(), n_ctx=512, n_threads=1)
    await server.start()
    try:
        import httpx

        async with httpx.AsyncClient() as client:
            endpoint = Endpoint(server.base_url, "smollm2", None, {}, 30.0)
            runner = ServerChatRunner(OpenAIChatRunner(client, endpoint,
                                                       retry=RetryPolicy(attempts=1)), server)
            assert server.pid is not None
            os.kill(server.pid, signal.SIGSEGV)
            with pytest.raises(RunnerDied) as caught:
                await runner.chat([{"role": "user", "content": "Hi"}], max_tokens=4)
    finally:
        await server.close()
    message = str(caught.value)
    assert "llama-server was killed by SIGSEGV (signal 11)" in message
    assert "pocketeval doctor" in message and "Last lines of its log:" in message
