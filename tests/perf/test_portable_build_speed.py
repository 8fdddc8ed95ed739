"""Prompt processing speed of PocketEval's llama.cpp build (GGML_NATIVE=OFF, the probed
instruction sets) against a plain `-march=native` build of the same source, in one run on the
same host: llama.cpp's own llama-bench, 512-token prompts, both builds alternating. Prints
tokens/s and the ratio (target >= 0.95). Where the native build dies on this host (the case
the portable build exists for), it prints why and compares with -march=native less AMX.

The first run builds both llama-bench binaries (minutes each; cached by build key).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
from pathlib import Path

import pytest

from app.inference.llama_cpp.serving_crash_report import death_report
from app.inference.llama_server.build import build, default_location, host_args
from tests.support import real_models

pytestmark = pytest.mark.perf
NATIVE = ["-DGGML_NATIVE=ON"]
# -march=native less AMX (GCC keeps explicit -mno-* over what -march=native turns on): the
# nearest native build on a host whose AMX kernels fault
NO_AMX = "-mno-amx-tile -mno-amx-int8 -mno-amx-bf16"
NATIVE_NO_AMX = [*NATIVE, f"-DCMAKE_C_FLAGS={NO_AMX}", f"-DCMAKE_CXX_FLAGS={NO_AMX}"]
ROUNDS = 3


def _bench(binary: Path, model: Path) -> tuple[float | None, str]:
    threads = str(os.cpu_count() or 2)
    done = subprocess.run([str(binary), "-m", str(model), "-p", "512", "-n", "0", "-t", threads,
                           "-r", "3", "-o", "json"], capture_output=True, text=True, timeout=900)
    if done.returncode != 0:
        tail = [line for line in done.stderr.splitlines() if line.strip()][-6:]
        return None, death_report(f"llama-bench ({binary.parent.name})", done.returncode, tail)
    return float(json.loads(done.stdout)[0]["avg_ts"]), ""


@pytest.mark.parametrize("model", ["smollm2", "gemma3"])
def test_prompt_speed_against_a_native_build(model: str, tmp_path: Path) -> None:
    path = real_models.smollm2() if model == "smollm2" else real_models.gemma3_270m(tmp_path)
    ours = build(default_location("llama-bench"), program="llama-bench")
    print(f"\n{model}: ours = {' '.join(host_args())}")
    for label, args in (("native", NATIVE), ("native without AMX", NATIVE_NO_AMX)):
        other = build(default_location("llama-bench", args), program="llama-bench", args=args)
        ran, message = _compare(ours, other, label, path)
        print(f"{model}: {message}")
        if ran:
            return


def _compare(ours: Path, other: Path, label: str, model: Path) -> tuple[bool, str]:
    """(whether both ran, what was measured): prompt tokens/s, alternating rounds."""
    speeds: dict[str, list[float]] = {"ours": [], label: []}
    for _ in range(ROUNDS):
        for name, binary in (("ours", ours), (label, other)):
            tps, why = _bench(binary, model)
            if tps is None:
                assert name == label, why  # our build must run
                return False, f"the comparison with {label} cannot run on this host: {why}"
            speeds[name].append(tps)
    a, b = statistics.median(speeds["ours"]), statistics.median(speeds[label])
    return True, (f"prompt tokens/s, median of {ROUNDS} alternating rounds: ours {a:.1f} "
                  f"{speeds['ours']}, {label} {b:.1f} {speeds[label]}; ratio {a / b:.3f} "
                  "(target >= 0.95)")
