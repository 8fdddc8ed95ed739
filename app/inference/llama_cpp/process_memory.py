"""Memory figures of llama.cpp processes: resident and peak bytes, and the buffer sizes
llama.cpp logs while loading (weights, KV cache, compute and output buffers)."""

from __future__ import annotations

import re
import resource
import sys

MIB = 1024**2
BUFFER_LINES = {
    "kv_bytes": re.compile(r"llama_kv_cache: size =\s+([\d.]+) MiB"),
    "compute_bytes": re.compile(r"CPU compute buffer size =\s+([\d.]+) MiB"),
    "output_bytes": re.compile(r"CPU\s+output buffer size =\s+([\d.]+) MiB"),
    "weights_bytes": re.compile(r"CPU\S* model buffer size =\s+([\d.]+) MiB"),
}


def buffer_sizes(log_lines: list[str]) -> dict[str, int]:
    """llama.cpp's own buffer sizes from its load log (sums: sliding-window models log two
    KV caches, repacked weights two model buffers)."""
    sizes: dict[str, int] = {}
    for line in log_lines:
        for name, pattern in BUFFER_LINES.items():
            found = pattern.search(line)
            if found:
                sizes[name] = sizes.get(name, 0) + round(float(found.group(1)) * MIB)
    return sizes


def memory_status(pid: int | str = "self") -> tuple[int, int]:
    """(current, peak) resident bytes of a process. VmHWM, not ru_maxrss: ru_maxrss carries
    over the parent's peak through fork and exec, so a worker started by a large server
    would report the server's size. Without /proc (macOS) this process's ru_maxrss stands
    in for both."""
    values = {}
    try:
        with open(f"/proc/{pid}/status") as fh:
            for line in fh:
                key, _, rest = line.partition(":")
                if key in ("VmRSS", "VmHWM"):
                    values[key] = int(rest.split()[0]) * 1024
    except FileNotFoundError:
        if pid != "self":
            raise
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        peak *= 1 if sys.platform == "darwin" else 1024  # bytes on macOS, KiB elsewhere
        return peak, peak
    return values["VmRSS"], values["VmHWM"]
