"""Load a GGUF with llama.cpp (llama-cpp-python) as the eligibility report assumes — n_ctx
8192, n_ubatch 512, flash attention, sliding-window layers holding only their window, weights
read into memory — evaluate 512 tokens, and print llama.cpp's buffer sizes and the peak RSS
as JSON. Run in its own process so the RSS is the model's alone."""

from __future__ import annotations

import json
import os
import re
import resource
import sys
import tempfile


def main() -> None:
    import llama_cpp  # imported before the baseline is taken

    path = sys.argv[1]
    baseline = _rss_mib()
    log = tempfile.TemporaryFile(mode="w+")
    saved = os.dup(2)
    os.dup2(log.fileno(), 2)  # llama.cpp logs to stderr from C
    try:
        llm = llama_cpp.Llama(path, n_ctx=8192, n_ubatch=512, n_batch=512, flash_attn=True,
                              swa_full=False, use_mmap=False, verbose=True, n_threads=2)
        llm.eval([llm.token_bos() if llm.token_bos() >= 0 else 0] + [100] * 511)
    finally:
        os.dup2(saved, 2)
    log.seek(0)
    text = log.read()
    mib = [float(x) for x in re.findall(r"llama_kv_cache: size =\s+([\d.]+) MiB", text)]
    compute = re.findall(r"CPU compute buffer size =\s+([\d.]+) MiB", text)
    output = re.findall(r"CPU\s+output buffer size =\s+([\d.]+) MiB", text)
    model = re.findall(r"CPU\S* model buffer size =\s+([\d.]+) MiB", text)
    print(json.dumps({"kv_mib": sum(mib), "compute_mib": float(compute[0]),
                      "output_mib": float(output[0]), "model_mib": sum(float(m) for m in model),
                      "peak_rss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
                      "baseline_rss_mib": baseline}))


def _rss_mib() -> float:
    """Resident memory before the model loads (the interpreter and libraries)."""
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


if __name__ == "__main__":
    main()
