"""The CMake arguments of PocketEval's llama.cpp builds (llama-cpp-python and llama-server).

x86: GGML_NATIVE=OFF and every ggml instruction-set option set explicitly, ON exactly for the
extensions the probe proved usable. So the build cannot contain an instruction this host
refuses, while it keeps what `-march=native` would give on a host that runs everything it
advertises (AVX-512 and its VNNI/BF16/VBMI parts). AMX is the exception: off unless asked for
(see cpu_probe.AMX_OFF). Other architectures keep llama.cpp's defaults.

A user's own `CMAKE_ARGS` (CUDA, Metal, Vulkan, or another CPU choice) come after ours, so
on any option they name, theirs win.
"""

from __future__ import annotations

import hashlib
import json
import os
import shlex

from app.native.cpu_probe import Extension, ProbeReport

BASE = ["-DGGML_NATIVE=OFF"]


def cpu_args(report: ProbeReport) -> list[str]:
    if not report.trials:
        return []
    chosen = set(report.chosen)
    return BASE + [f"-DGGML_{e.value}={'ON' if e in chosen else 'OFF'}" for e in Extension]


def user_args(env: dict[str, str] | None = None) -> list[str]:
    return shlex.split((env if env is not None else os.environ).get("CMAKE_ARGS", ""))


def build_args(report: ProbeReport, env: dict[str, str] | None = None) -> list[str]:
    return cpu_args(report) + user_args(env)


def build_key(version: str, args: list[str], extra: str = "") -> str:
    """Names a build by what went into it, so a cache never hands back another build."""
    blob = json.dumps({"version": version, "args": args, "extra": extra}, sort_keys=True)
    return hashlib.sha256(blob.encode()).hexdigest()[:16]
