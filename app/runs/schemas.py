"""API shapes for scoring posted predictions and reading runs, samples and results."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, Field, StrictInt, StrictStr, model_validator


class ToolCallIn(BaseModel):
    """An OpenAI-style function call; `arguments` is an object or its JSON text."""

    name: str = Field(max_length=200)
    arguments: dict[str, Any] | str = Field(default_factory=dict)

    def as_plain(self) -> dict[str, Any]:
        return {"name": self.name, "arguments": self.arguments}


class StepIn(BaseModel):
    """One assistant message inside a multi-turn conversation: its tool calls, if any."""

    tool_calls: list[ToolCallIn] = Field(default_factory=list, max_length=64)
    content: str | None = Field(default=None, max_length=200_000)

    def as_plain(self) -> dict[str, Any]:
        return {"tool_calls": [c.as_plain() for c in self.tool_calls], "content": self.content}


class PredictionIn(BaseModel):
    """Name the item by `item_id` or `external_id`, then give what the benchmark scores:
    `answer` (a letter, a 0-based index or the final answer text) or `response` (raw model
    text to extract from) for multiple choice, MATH-500 and free text; `response` for
    IFBench; `tool_calls` for BFCL multiple / irrelevance (omit or [] for no call); `turns`
    (per user turn, the assistant steps) for BFCL multi-turn; `grade` (CORRECT, PARTIAL,
    INCORRECT, NOT_ATTEMPTED) with the `response` for AA-Omniscience."""

    item_id: StrictInt | None = None
    external_id: str | None = Field(default=None, max_length=200)
    repeat: StrictInt = Field(default=0, ge=0, le=1000)
    # strict: JSON true/false or 1.0 would otherwise be read as the index 1/0 (the letter B/A)
    answer: StrictStr | StrictInt | None = Field(default=None)
    response: str | None = Field(default=None, max_length=200_000)
    tool_calls: list[ToolCallIn] | None = Field(default=None, max_length=64)
    turns: list[list[StepIn]] | None = Field(default=None, max_length=32)
    grade: str | None = Field(default=None, max_length=40)

    @model_validator(mode="after")
    def _one_reference(self) -> PredictionIn:
        if self.item_id is None and self.external_id is None:
            raise ValueError("name the item by item_id or external_id")
        return self


class ScoreRequest(BaseModel):
    predictions: list[PredictionIn] = Field(max_length=2_000_000)
    model: str = Field(default="predictions", min_length=1, max_length=200,
                       description="Name the scored model is recorded under")
    split: str | None = Field(default=None, description="Default: the benchmark's test split")
    missing: Literal["wrong", "exclude"] = Field(
        default="wrong",
        description="wrong: items without a prediction count as wrong; exclude: score only "
        "items that have at least one prediction",
    )


class SubjectRead(BaseModel):
    subject: str
    n_items: int
    correct: int
    accuracy: float
    random_baseline: float | None


class Interval(BaseModel):
    low: float
    high: float
    method: str = "wilson"


class PassAtOne(BaseModel):
    value: float | None
    per_repeat: list[float]
    std: float | None


class Counts(BaseModel):
    correct: int
    wrong: int
    unparsed: int
    unscored: int
    missing: int
    predictions: int
    unknown_ids: int
    truncated: int = Field(default=0, description="Responses cut by the output cap "
                           "(finish_reason length) before a final answer; scored wrong")


class TimeLimitedRead(BaseModel):
    """The second score: responses slower than the limit count as wrong."""

    limit_s: float
    accuracy: float | None
    pass_at_1: PassAtOne
    over_limit: int


class UsageRead(BaseModel):
    prompt_tokens: int
    completion_tokens: int
    reasoning_tokens: int
    samples_reporting: int


class LatencyRead(BaseModel):
    p50_ms: float | None
    p95_ms: float | None
    ttft_p50_ms: float | None
    ttft_p95_ms: float | None
    prefill_tokens_per_s: float | None = Field(
        default=None, description="Median over samples of prompt tokens evaluated / time to "
        "first token (loglikelihood: / evaluation time)")
    decode_tokens_per_s: float | None = Field(
        default=None, description="Median over samples of completion tokens / (latency - "
        "time to first token)")


class MemoryRead(BaseModel):
    """GGUF runs: the estimate beside what the llama.cpp worker used. The verdict's estimate
    is at n_ctx 8192; the run's own context (and full sliding-window layers) has its own."""

    estimate_bytes: int = Field(description="The eligibility total (reserved, n_ctx 8192)")
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


class MetricsRead(BaseModel):
    benchmark: str
    split: str | None
    n_items: int
    n_keyed: int
    repeats: list[int]
    accuracy: float | None
    macro_accuracy: float | None
    stderr: float | None
    ci95: Interval | None
    random_baseline: float | None
    normalized_gain: float | None
    pass_at_1: PassAtOne
    counts: Counts
    subjects: list[SubjectRead]
    definitions: dict[str, str]
    extra: dict[str, Any] = Field(
        default_factory=dict,
        description="The benchmark's own metrics (hallucination rate, BFCL score, IFBench "
        "strict/loose levels...); each is defined in `definitions`")
    time_limited: TimeLimitedRead | None = Field(default=None,
                                                 description="Endpoint runs: the 60-s score")
    usage: UsageRead | None = None
    latency: LatencyRead | None = None
    memory: MemoryRead | None = None


class ScoreResponse(BaseModel):
    run_id: int
    model: str
    metrics: MetricsRead
    unknown_ids: list[str] = Field(description="Up to 100 item references that matched nothing")


class RunRead(BaseModel):
    id: int
    kind: str
    status: str
    benchmark: str | None
    model: str | None
    repeats: int
    config: dict[str, Any]
    config_sha256: str
    error: str | None
    created_at: datetime
    finished_at: datetime | None


class SampleRead(BaseModel):
    id: int
    item_id: int
    external_id: str
    repeat: int
    verdict: str
    score: float
    answer: str | None
    response: str | None
    prompt: str | None
    detail: dict[str, Any]
    latency_ms: float | None


class SamplePage(BaseModel):
    samples: list[SampleRead]
    next_cursor: str | None


class ResultRead(BaseModel):
    benchmark: str
    metrics: MetricsRead
    computed_at: datetime
