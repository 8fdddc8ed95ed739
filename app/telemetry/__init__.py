"""What the server counts for monitoring (GET /metrics, app.telemetry.prometheus): requests,
samples scored, model time, runs ended, GGUF workers' restarts and evictions, callbacks
delivered. Counted where the work happens, in whichever serving process does it; with several
processes prometheus-client keeps each one's counts in files of PROMETHEUS_MULTIPROC_DIR,
and a scrape of any of them adds them all up."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.faces import lazy_face

if TYPE_CHECKING:
    from app.telemetry.counters import (
        CALLBACKS,
        GGUF_EVICTIONS,
        GGUF_RECOMPUTED,
        GGUF_RESTARTS,
        LATENCY,
        MODEL_SECONDS,
        REQUESTS,
        RUNS_ENDED,
        SAMPLES,
        gguf_pool_measured,
        predictions_scored,
        run_ended,
        samples_stored,
    )
    from app.telemetry.prometheus import RequestCounts, share_between_processes
    from app.telemetry.prometheus import router as metrics_router

__all__ = [
    "CALLBACKS", "GGUF_EVICTIONS", "GGUF_RECOMPUTED", "GGUF_RESTARTS", "LATENCY", "MODEL_SECONDS",
    "REQUESTS", "RUNS_ENDED", "SAMPLES", "RequestCounts", "gguf_pool_measured", "metrics_router",
    "predictions_scored", "run_ended", "samples_stored", "share_between_processes",
]

if not TYPE_CHECKING:
    __getattr__ = lazy_face(__name__, __file__)
