"""The eligibility estimate against llama.cpp itself on three real models: the KV cache,
compute and output buffers and the weights equal what llama.cpp allocates; the peak RSS of a
process that loaded the model and evaluated 512 tokens is printed beside the estimate."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from app.gguf.eligibility import estimate
from app.gguf.header import read_header
from tests.gguf import real_models

MIB = 1024**2
MEASURE = Path(__file__).with_name("measure_llama_cpp.py")

pytestmark = pytest.mark.skipif(importlib.util.find_spec("llama_cpp") is None,
                                reason="llama-cpp-python is a dev extra")


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
                         text=True, timeout=600, check=True)
    measured = json.loads(out.stdout.strip().splitlines()[-1])
    assert measured["kv_mib"] == est.kv_bytes / MIB
    assert measured["compute_mib"] == round(est.compute_bytes / MIB, 2)
    assert measured["output_mib"] == round(est.output_bytes / MIB, 2)
    assert measured["model_mib"] == pytest.approx(est.weights_bytes / MIB, abs=0.01)
    rss = measured["peak_rss_mib"] - measured["baseline_rss_mib"]
    print(f"\n{path.name}: estimate {est.total_bytes / MIB:.1f} MiB, peak RSS above the "
          f"interpreter {rss:.1f} MiB, ratio {rss / (est.total_bytes / MIB):.2f}")
