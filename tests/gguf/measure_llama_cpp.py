"""Load a GGUF with llama.cpp (llama-cpp-python) as the eligibility report assumes — n_ctx
8192, n_ubatch 512, flash attention, sliding-window layers holding only their window, weights
read into memory — evaluate 512 tokens, and print llama.cpp's buffer sizes and the peak RSS
above the pre-load baseline as JSON. Run in its own process so the RSS is the model's alone."""

from __future__ import annotations

import json
import os
import sys
import tempfile


def main() -> None:
    import llama_cpp  # imported before the baseline is taken

    from app.inference.llama_cpp.process_memory import buffer_sizes, memory_status

    path = sys.argv[1]
    baseline = memory_status()[0]
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
    peak = memory_status()[1]
    print(json.dumps({**buffer_sizes(log.read().splitlines()),
                      "peak_rss_above_baseline_mib": (peak - baseline) / 1024**2}))


if __name__ == "__main__":
    main()
