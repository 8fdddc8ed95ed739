"""Starting real processes in tests: `pocketeval serve` and the canned model server.

Waits on a served process end on a hang, never on the host's speed: a loaded two-core CI
machine may take minutes for what takes a second here. A wait fails when nothing it can see
has moved for `STALL_S` seconds (a run's counts, a process's log), and a client's timeout is
`HANG_S`, which no answer that is coming at all takes."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[2]
STALL_S = 300.0  # seconds with nothing moving: only a hang stays still this long
HANG_S = 600.0  # a client's timeout on a served process: only a hang reaches it


class Stillness:
    """How long a watched value has stood still: what a wait fails on instead of a
    deadline, so a slow host that still moves is never failed."""

    def __init__(self, stall_s: float) -> None:
        self.stall_s, self.value, self.since = stall_s, object(), time.monotonic()

    def seconds(self, value: object) -> float | None:
        """None while `value` moves or has stood still for at most stall_s seconds; else
        how long it has."""
        now = time.monotonic()
        if value != self.value:
            self.value, self.since = value, now
            return None
        return now - self.since if now - self.since > self.stall_s else None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for(ready: Callable[[], bool], proc: subprocess.Popen[bytes], log: Path, what: str,
             stall_s: float = STALL_S) -> None:
    """Poll `ready` until it holds; fail when `proc` exits, or when its log has not grown
    for `stall_s` seconds (a process that is starting, however slowly, writes its log)."""
    still = Stillness(stall_s)
    while not ready():
        if proc.poll() is not None:
            raise RuntimeError(f"{what}: the process exited with {proc.returncode}: "
                               f"{_tail(log)}")
        stalled = still.seconds(log.stat().st_size if log.exists() else 0)
        if stalled is not None:
            raise RuntimeError(f"{what}: the process's log has not grown for "
                               f"{stalled:.0f} s: {_tail(log)}")
        time.sleep(0.1)


def wait_until_up(url: str, proc: subprocess.Popen[bytes], log: Path,
                  stall_s: float = STALL_S) -> None:
    """Until `url` answers (any status); fails when the process exits, or when neither the
    URL answered nor its log grew for `stall_s` seconds."""
    def answers() -> bool:
        try:  # refused at once while nothing listens; once accepted, answered when it can
            httpx.get(url, timeout=httpx.Timeout(stall_s, connect=1))
        except httpx.TransportError:
            return False
        return True

    wait_for(answers, proc, log, f"{url} is not up", stall_s)


def _tail(log: Path) -> str:
    return log.read_text(errors="replace")[-2000:] if log.exists() else "(no log)"


def api_client(base: str, headers: Mapping[str, str] | None = None) -> httpx.Client:
    """A blocking client of a served process whose timeout only a hang reaches."""
    return httpx.Client(base_url=base, headers=headers, timeout=HANG_S)


def async_api_client(base: str, headers: Mapping[str, str] | None = None,
                     limits: httpx.Limits | None = None) -> httpx.AsyncClient:
    """The async twin of `api_client`; `limits` where the test needs more connections."""
    if limits is None:
        return httpx.AsyncClient(base_url=base, headers=headers, timeout=HANG_S)
    return httpx.AsyncClient(base_url=base, headers=headers, timeout=HANG_S, limits=limits)


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


# what a run's progress shows that moves with the clock, not with work done: a hung run's
# estimates, heartbeat and in-flight times go on changing
_CLOCK_DRIVEN = frozenset({"rate_per_s", "eta_s", "in_flight_s", "started_at", "heartbeat_at"})


def _work(status: dict[str, Any]) -> str:
    """What of a run's status moves only as its work is done: its state, its error, its
    progress counts (samples done, per benchmark, errors) and its runtime record."""
    progress = {k: v for k, v in (status.get("progress") or {}).items()
                if k not in _CLOCK_DRIVEN}
    return json.dumps([status.get("status"), status.get("error"), progress,
                       status.get("runtime")], sort_keys=True, default=str)


def wait_status(client: httpx.Client, run_id: int, until: Callable[[dict[str, Any]], bool],
                stall_s: float = STALL_S) -> dict[str, Any]:
    """GET /runs/{id} until `until` holds for it (a blocking client, for served processes).

    It waits as long as the run moves, however slow the host; it fails when the run's
    state, progress counts and runtime record have not changed for `stall_s` seconds."""
    still = Stillness(stall_s)
    while True:
        status: dict[str, Any] = client.get(f"/runs/{run_id}").json()
        if until(status):
            return status
        stalled = still.seconds(_work(status))
        if stalled is not None:
            raise AssertionError(f"run {run_id} unchanged for {stalled:.0f} s: {status}")
        time.sleep(0.1)


@contextmanager
def canned_model(workdir: Path, delay: float = 0.0) -> Iterator[str]:
    """The canned OpenAI-compatible server's base URL, for as long as the block runs."""
    port = free_port()
    proc = start_fake_model(port, workdir / "model.log", delay=delay)
    try:
        yield f"http://127.0.0.1:{port}/v1"
    finally:
        stop(proc)
