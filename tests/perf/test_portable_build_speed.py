"""Prompt processing speed of PocketEval's llama.cpp build (GGML_NATIVE=OFF, the probed
instruction sets) against a plain `-march=native` build of the same source, in one run on the
same host: llama.cpp's own llama-bench, 512-token prompts, both builds alternating. Prints
tokens/s and the ratio (target >= 0.95). Where the native build dies on this host (the case
the portable build exists for), it prints why and that the comparison cannot run here.

The first run builds both llama-bench binaries (minutes each; cached by build key).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
from pathlib import Path

import pytest

from app.runners.crash_report import death_report
from app.runners.llama_server_build import build, default_location, host_args
from tests.gguf import real_models

pytestmark = pytest.mark.perf
NATIVE = ["-DGGML_NATIVE=ON"]
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
    native = build(default_location("llama-bench", NATIVE), program="llama-bench", args=NATIVE)
    print(f"\n{model}: ours = {' '.join(host_args())}\n{model}: native = {' '.join(NATIVE)}")
    speeds: dict[str, list[float]] = {"ours": [], "native": []}
    for _ in range(ROUNDS):
        for name, binary in (("ours", ours), ("native", native)):
            tps, why = _bench(binary, path)
            if tps is None:
                print(f"{model}: the comparison cannot run on this host: {why}")
                assert name == "native", why  # our build must run
                return
            speeds[name].append(tps)
    a, b = statistics.median(speeds["ours"]), statistics.median(speeds["native"])
    print(f"{model}: prompt tokens/s, median of {ROUNDS} alternating rounds: ours {a:.1f} "
          f"{speeds['ours']}, native {b:.1f} {speeds['native']}; ratio {a / b:.3f} "
          "(target >= 0.95)")
