"""A real local Ray cluster for the tests and benchmarks of the Ray executor: `ray start
--head` on this machine, stopped afterwards."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.processes import free_port

RAY = str(Path(sys.executable).with_name("ray"))


@contextmanager
def local_ray_cluster(cpus: int = 2) -> Iterator[str]:
    """Its address. A loopback test cluster, so without token authentication (a real
    cluster's driver needs RAY_AUTH_MODE=token and the cluster's token: see docs/runs.md)."""
    port = free_port()
    env = {**os.environ, "RAY_USAGE_STATS_ENABLED": "0", "RAY_AUTH_MODE": "disabled"}
    subprocess.run([RAY, "start", "--head", f"--port={port}", f"--num-cpus={cpus}",
                    "--include-dashboard=false", "--disable-usage-stats"],
                   check=True, env=env, capture_output=True, timeout=120)
    try:
        yield f"127.0.0.1:{port}"
    finally:
        import ray

        ray.shutdown()
        subprocess.run([RAY, "stop", "--force"], env=env, capture_output=True, timeout=120)
