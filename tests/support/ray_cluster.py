"""A real local Ray cluster for the tests and benchmarks of the Ray executor: `ray start
--head` on this machine, stopped afterwards."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from tests.support.processes import free_port

RAY = str(Path(sys.executable).with_name("ray"))


@contextmanager
def local_ray_cluster(cpus: int = 2, pinned: Sequence[int] = ()) -> Iterator[str]:
    """Its address. A loopback test cluster, so without token authentication (a real
    cluster's driver needs RAY_AUTH_MODE=token and the cluster's token: see docs/runs.md).
    It lives in a temporary folder of its own, and only its processes are stopped after:
    `ray stop` would stop every Ray process of the machine, a user's included.

    pinned: one node per core named, each with one CPU and its processes (raylet, workers,
    what they start) bound to that core by CPU affinity, the first the head: nodes of one
    core each on this host, as machines of a cluster would be."""
    port = free_port()
    temp = tempfile.mkdtemp(prefix="ray-", dir="/tmp")  # short: Ray's socket paths
    env = {**os.environ, "RAY_USAGE_STATS_ENABLED": "0", "RAY_AUTH_MODE": "disabled"}
    nodes = [(["taskset", "-c", str(core)], 1) for core in pinned] or [([], cpus)]
    for index, (bound, node_cpus) in enumerate(nodes):
        where = ["--head", f"--port={port}", "--include-dashboard=false"] if index == 0 \
            else [f"--address=127.0.0.1:{port}"]
        folder = temp if index == 0 else f"{temp}/n{index}"  # a node's sockets: its own
        subprocess.run([*bound, RAY, "start", *where, f"--num-cpus={node_cpus}",
                        "--disable-usage-stats", f"--temp-dir={folder}"],
                       check=True, env=env, capture_output=True, timeout=120)
    try:
        yield f"127.0.0.1:{port}"
    finally:
        import ray

        ray.shutdown()
        _stop_processes_of(temp, str(port))
        shutil.rmtree(temp, ignore_errors=True)


def _stop_processes_of(temp: str, port: str) -> None:
    """SIGTERM, then SIGKILL after 10 s, to every process whose command line names the
    cluster's folder or its GCS port, or that holds a file in the folder open (agents that
    renamed themselves write their logs there): its GCS server, raylet, workers, agents."""
    def names_the_cluster(entry: Path) -> bool:
        try:
            line = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            if temp in line or f"--gcs-address=127.0.0.1:{port}" in line \
                    or f"--gcs_server_port={port}" in line:
                return True
            return any(os.readlink(fd).startswith(temp) for fd in (entry / "fd").iterdir())
        except OSError:  # ended meanwhile, or not ours to read
            return False

    def ours() -> list[int]:
        return [int(entry.name) for entry in Path("/proc").iterdir()
                if entry.name.isdigit() and int(entry.name) != os.getpid()
                and names_the_cluster(entry)]

    for sig, wait in ((signal.SIGTERM, 10.0), (signal.SIGKILL, 10.0)):
        for pid in ours():
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, sig)
        deadline = time.monotonic() + wait
        while ours() and time.monotonic() < deadline:
            time.sleep(0.1)
        if not ours():
            return
