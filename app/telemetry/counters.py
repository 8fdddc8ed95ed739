"""The counters themselves, and the helpers that count a finished piece of work."""

from __future__ import annotations

from collections.abc import Mapping

from prometheus_client import Counter, Histogram
from pydantic import JsonValue

REQUESTS = Counter("pocketeval_http_requests", "HTTP requests answered, by route template "
                   "and status.", ["method", "route", "status"])
LATENCY = Histogram("pocketeval_http_request_duration_seconds", "Time to answer a request "
                    "(for an event stream, to its end), by route template.", ["method", "route"],
                    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60,
                             300))
SAMPLES = Counter("pocketeval_samples_scored", "Samples scored and stored: of runs the server "
                  "carried out (by verdict), or posted as predictions.", ["source", "verdict"])
MODEL_SECONDS = Counter("pocketeval_model_seconds", "Time models took to answer the samples "
                        "of runs the server carried out.", [])
RUNS_ENDED = Counter("pocketeval_runs_ended", "Runs that ended, by how.", ["state"])
GGUF_RESTARTS = Counter("pocketeval_gguf_worker_restarts", "GGUF worker processes that died "
                        "mid-run and were replaced.", [])
GGUF_EVICTIONS = Counter("pocketeval_gguf_evictions", "Generations set back because the "
                         "shared KV cache was full.", [])
GGUF_RECOMPUTED = Counter("pocketeval_gguf_recomputed_tokens", "Tokens evaluated again after "
                          "an eviction.", [])
CALLBACKS = Counter("pocketeval_callback_deliveries", "Run callback deliveries tried, by "
                    "result.", ["result"])


def samples_stored(verdicts: list[str], model_seconds: float) -> None:
    """A batch of an executed run's samples was written."""
    for verdict in verdicts:
        SAMPLES.labels("executed", verdict).inc()
    MODEL_SECONDS.inc(model_seconds)


def predictions_scored(by_verdict: Mapping[str, int]) -> None:
    """A posted prediction set was scored and stored: how many samples got each verdict."""
    for verdict, n in by_verdict.items():
        SAMPLES.labels("posted", verdict).inc(n)


def run_ended(state: str) -> None:
    RUNS_ENDED.labels(state).inc()


def gguf_pool_measured(stats: Mapping[str, JsonValue]) -> None:
    """A GGUF run's pool totals (app.inference.llama_cpp.serving_pool), counted once, when
    the run records them. Restarts are counted as they happen."""
    for counter, key in ((GGUF_EVICTIONS, "evictions"), (GGUF_RECOMPUTED, "recomputed_tokens")):
        value = stats.get(key)
        counter.inc(value if isinstance(value, int | float) else 0)
