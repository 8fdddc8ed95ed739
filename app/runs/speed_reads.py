"""What a run's results say of speed and memory: latency and token rates, the host's load
while they were measured, and the phone's memory figure beside the measured peak."""

from __future__ import annotations

from pydantic import BaseModel, Field

from app.records import DISTURBED


class LatencyRead(BaseModel):
    p50_ms: float | None
    p95_ms: float | None
    ttft_p50_ms: float | None
    ttft_p90_ms: float | None = None
    ttft_p95_ms: float | None
    prefill_tokens_per_s: float | None = Field(
        default=None, description="Median over samples of prompt tokens evaluated / time to "
        "first token (loglikelihood: / evaluation time)")
    decode_tokens_per_s: float | None = Field(
        default=None, description="Median over samples of completion tokens / (latency - "
        "time to first token): a sample's decode span, which on a shared context includes "
        "the other sequences' prompt evaluation")
    decode_tokens_per_s_sequence: float | None = Field(
        default=None, description="Built-in runner: median over samples of completion "
        "tokens / that sequence's own decode time (the decode steps that gave it a token)")
    decode_tokens_per_s_aggregate: float | None = Field(
        default=None, description="Built-in runner: all sequences' completion tokens / the "
        "decode wall (the union of the samples' first-token-to-end windows): what the host "
        "delivers with its sequences together")
    host_other_load: float | None = Field(
        default=None, description="GGUF runs: share of the usable CPUs' time (0 to 1) that "
        "work other than the run's took while it went on; None where the host does not say")
    host_busy: bool | None = Field(
        default=None, description=f"host_other_load of {DISTURBED} or more: the speeds above "
        "were measured on a shared host and are not its best")


class MemoryRead(BaseModel):
    """GGUF runs: the estimate beside what the llama.cpp worker used. The verdict's estimate
    is at n_ctx 8192; the run's own context (and full sliding-window layers) has its own."""

    estimate_bytes: int = Field(description="The phone's figure: the eligibility total "
                                "(reserved, one sequence, n_ctx 8192)")
    n_ctx: int | None = Field(default=None, description="The run's context")
    run_reserved_bytes: int | None = Field(
        default=None, description="Estimated reserved total at the run's context")
    run_resident_bytes: int | None = Field(
        default=None, description="Estimated resident memory at the run's context")
    estimated_kv_bytes: int | None = Field(default=None,
                                           description="Estimated KV at the run's context")
    llama_cpp_kv_bytes: int | None = Field(default=None,
                                           description="The KV size llama.cpp logged")
    peak_rss_bytes: int | None = Field(
        default=None, description="The worker's peak RSS above its pre-load baseline")
    rss_over_resident: float | None = None
    rss_over_reserved: float | None = None
    forced: bool
    sequences: int | None = Field(default=None, description="Sequences a worker held at "
                                  "once: the measured peak is theirs, while the phone's "
                                  "figure (estimate_bytes) is one sequence's")
    kv_mode: str | None = Field(default=None, description="per-sequence: each generation "
                                "held a whole window; shared: one window's cells shared")
    evictions: int | None = Field(default=None, description="Generations set back because "
                                  "the shared cache was full (they started again)")
    recomputed_tokens: int | None = Field(default=None, description="Tokens evaluated again "
                                          "after those set-backs")
    prefill_lane_wait_s: float | None = Field(
        default=None, description="Seconds the workers waited, summed, for the prefill lane "
        "(prompt evaluations taken in turns); 0 when it was off")
    workers: int | None = Field(default=None, description="Worker processes; the memory "
                                "figures are one worker's")
    thread_lends: int | None = Field(default=None, description="Times an idle worker's "
                                     "threads went to a busy one")
    sequence_moves: int | None = Field(
        default=None, description="Generations moved, with their cache, into a lower free "
        "sequence id, so a batch's ids stay consecutive (one pass per step)")
