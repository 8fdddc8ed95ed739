"""What a GGUF run measured, beside the estimate for the way the runner loaded the model.

The eligibility verdict is for n_ctx 8192; a run's context is larger (16,384 or the model's
maximum, times the slots of a llama-server run) and the in-process worker keeps
sliding-window layers in full, so the measured figures are compared with an estimate at the
run's own setting: llama.cpp's logged KV size with the estimated KV, and
the worker's peak RSS above its pre-load baseline with the resident estimate (and, for
reference, with the reserved total).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from app.gguf.assessment import header_of
from app.gguf.eligibility import estimate


def measured_memory(path: Path, stats: dict[str, Any]) -> dict[str, Any]:
    # the KV cells the runner reserved: a window per sequence, or one window shared
    cells = int(stats.get("kv_cells") or int(stats["n_ctx"]) * int(stats.get("parallel") or 1))
    est = estimate(header_of(path), n_ctx=cells, swa_full=bool(stats.get("swa_full", True)))
    rss = stats.get("peak_rss_bytes")
    buffers: dict[str, int] = stats.get("llama_cpp_buffers") or {}
    return {
        "runtime": stats.get("runtime", "in-process"), "n_ctx": int(stats["n_ctx"]),
        "parallel": int(stats.get("parallel") or 1), "load_s": stats["load_s"],
        # the estimate's compute buffer models flash attention on; with it off (loglikelihood
        # runs) llama.cpp's own logged buffer below is the figure to read
        "flash_attn": bool(stats.get("flash_attn", True)),
        "peak_rss_bytes": rss,
        "process_peak_rss_bytes": stats.get("process_peak_rss_bytes"),
        "llama_cpp_buffers": buffers,
        **{key: stats[key] for key in ("kv_mode", "kv_cells", "evictions",
                                       "recomputed_tokens", "prefill_lane_wait_s", "workers",
                                       "worker_restarts", "retried_requests", "thread_lends",
                                       "sequence_moves", "prompt_tokens_shared",
                                       "lookup_drafted", "lookup_accepted",
                                       "peak_rss_bytes_per_worker",
                                       "host_other_load")
           if key in stats},
        "estimate_at_run": {"kv_bytes": est.kv_bytes, "reserved_bytes": est.total_bytes,
                            "resident_bytes": est.resident_bytes},
        "rss_over_resident": None if rss is None else rss / est.resident_bytes,
        "rss_over_reserved": None if rss is None else rss / est.total_bytes,
    }
