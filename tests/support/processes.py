"""Starting real processes in tests: `pocketeval serve` and the canned model server."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_until_up(url: str, proc: subprocess.Popen[bytes], log: Path,
                  timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"process exited: {log.read_text()[-2000:]}")
        try:
            httpx.get(url, timeout=1)
            return
        except httpx.TransportError:
            time.sleep(0.1)
    raise RuntimeError(f"{url} did not come up in {timeout} s")


def start(args: list[str], log: Path, env: dict[str, str] | None = None,
          cwd: Path | None = None) -> subprocess.Popen[bytes]:
    with log.open("ab") as out:
        return subprocess.Popen([sys.executable, *args], cwd=cwd or ROOT,
                                env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})},
                                stdout=out, stderr=subprocess.STDOUT)


def start_fake_model(port: int, log: Path, delay: float = 0.0,
                     requests_log: Path | None = None,
                     gate: Path | None = None, reply: str | None = None
                     ) -> subprocess.Popen[bytes]:
    args = ["-m", "tests.support.fake_openai_server", str(port), "--delay", str(delay)]
    if reply is not None:  # every answer exactly this text
        args += ["--reply", reply]
    if requests_log is not None:
        args += ["--log", str(requests_log)]
    if gate is not None:  # tests.support.fake_openai_server: N more answers, then a wait
        args += ["--gate", str(gate)]
    proc = start(args, log)
    wait_until_up(f"http://127.0.0.1:{port}/", proc, log)
    return proc


def start_pocketeval(port: int, workdir: Path, key: str,
                     extra_env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    env = {"POCKETEVAL_DATABASE_URL": f"sqlite:///{workdir / 'live.db'}",
           "POCKETEVAL_PORT": str(port), "POCKETEVAL_API_KEYS": key,
           "POCKETEVAL_VAR_DIR": str(workdir), "POCKETEVAL_LOAD_BUNDLED_DATA": "false",
           **(extra_env or {})}
    log = workdir / "server.log"
    proc = start(["-m", "app.cli", "serve"], log, env, cwd=workdir)
    wait_until_up(f"http://127.0.0.1:{port}/health", proc, log)
    return proc


def alive(pid: int) -> bool:
    """Whether a process runs (a zombie, exited and not yet reaped, does not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def stop(*procs: subprocess.Popen[bytes]) -> None:
    """SIGTERM, then SIGKILL what has not exited 10 s later: a test leaves no process."""
    for proc in procs:
        proc.terminate()
    for proc in procs:
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)


def wait_status(client: httpx.Client, run_id: int, until: Callable[[dict[str, Any]], bool],
                timeout: float = 60) -> dict[str, Any]:
    """GET /runs/{id} until `until` holds for it (a blocking client, for served processes)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        status: dict[str, Any] = client.get(f"/runs/{run_id}").json()
        if until(status):
            return status
        time.sleep(0.05)
    raise AssertionError(f"timed out: {status}")


@contextmanager
def canned_model(workdir: Path, delay: float = 0.0) -> Iterator[str]:
    """The canned OpenAI-compatible server's base URL, for as long as the block runs."""
    port = free_port()
    proc = start_fake_model(port, workdir / "model.log", delay=delay)
    try:
        yield f"http://127.0.0.1:{port}/v1"
    finally:
        stop(proc)
