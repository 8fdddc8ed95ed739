"""The eligibility estimate against llama.cpp itself on three real models: the KV cache,
compute and output buffers and the weights equal what llama.cpp allocates, and the resident
estimate is within 10% of the peak RSS of a process that loaded the model and evaluated a
full 512-token batch."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from app.gguf.eligibility import estimate
from app.gguf.header import read_header
from tests.support import real_models

MIB = 1024**2
MEASURE = Path(__file__).with_name("measure_llama_cpp.py")
ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.needs("llama_cpp")


@pytest.mark.parametrize("model", [
    lambda _tmp: real_models.smollm2(),
    real_models.gemma3_270m,
    real_models.qwen25_coder_15b,
], ids=["smollm2-135m", "gemma-3-270m", "qwen2.5-coder-1.5b"])
def test_estimate_equals_llama_cpp_allocations(model: Callable[[Path], Path],
                                               tmp_path: Path) -> None:
    path = model(tmp_path)
    with path.open("rb") as fh:
        est = estimate(read_header(fh, path.stat().st_size))
    out = subprocess.run([sys.executable, str(MEASURE), str(path)], capture_output=True,
                         text=True, timeout=600, check=True,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    measured = json.loads(out.stdout.strip().splitlines()[-1])
    assert measured["kv_bytes"] == est.kv_bytes
    # llama.cpp logs MiB with two decimals
    for term in ("compute_bytes", "output_bytes", "weights_bytes"):
        assert measured[term] == pytest.approx(getattr(est, term), abs=0.006 * MIB), term
    rss = measured["peak_rss_above_baseline_mib"]
    resident = est.resident_bytes / MIB
    print(f"\n{path.name}: peak RSS above the interpreter {rss:.1f} MiB; resident estimate "
          f"{resident:.1f} MiB (ratio {rss / resident:.3f}); reserved total "
          f"{est.total_bytes / MIB:.1f} MiB (ratio {rss / (est.total_bytes / MIB):.3f})")
    assert 0.9 <= rss / resident <= 1.1
    assert rss <= est.total_bytes / MIB  # the verdict's total is the safe side
