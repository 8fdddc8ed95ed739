"""Response shapes of the run routes: runs, progress, samples, results."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, Field

from app.records import (
    Interval,
    Json,
    MethodologyPin,
    Reproducibility,
    ReuseCalibration,
    RunKind,
    RunRuntime,
    RunState,
    StoredPlan,
)
from app.runs.speed_reads import LatencyRead, MemoryRead
from app.scoring import Status


class SubjectRead(BaseModel):
    subject: str
    n_items: int
    correct: int | None = Field(description="null where the set has no headline (`partial`)")
    accuracy: float | None = Field(description="null where the set has no headline")
    random_baseline: float | None
    ci95: Interval | None = None


class PassAtOne(BaseModel):
    value: float | None
    per_repeat: list[float]
    std: float | None


class Counts(BaseModel):
    correct: int
    wrong: int
    unparsed: int
    unscored: int
    error: int = Field(default=0, description="Samples whose scorer, check or grader raised: "
                       "no verdict on the model, in no denominator")
    missing: int
    predictions: int
    unknown_ids: int
    truncated: int = Field(default=0, description="Responses cut by the output cap "
                           "(finish_reason length) before a final answer; scored wrong")

    def by_verdict(self) -> dict[str, int]:
        """How many samples got each verdict (the fields named as the verdicts are)."""
        return {status.value: getattr(self, status.value) for status in Status}


class LoopStopsRead(BaseModel):
    """GGUF runs with stop_loops: how often a degenerate loop was found (app.inference.
    repetition) and what stopping there saves, or (observe) whether such generations
    recover when let run."""

    action: str
    found: int = Field(description="Samples whose generation looped")
    tokens_saved: int = Field(description="stop: the output cap less the tokens generated, "
                              "summed (at most what was saved); observe: the tokens "
                              "generated after the loop was found (what stopping would "
                              "have saved)")
    recovered: int | None = Field(default=None, description="observe: looping generations "
                                  "that still ended by themselves before the cap")
    correct: int | None = Field(default=None, description="observe: looping samples scored "
                                "correct")


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


class PartialRead(BaseModel):
    """A failed or cancelled run's results: what was scored, never a score of the
    benchmark (samples that never ran are not wrong answers)."""

    planned: int = Field(description="(item, repeat) samples the run planned")
    scored: int = Field(description="Samples that came back with a verdict")
    not_run: int = Field(description="Samples that failed or never ran: in no figure")
    reason: str
    judged: int | None = Field(default=None, description="Samples judged (not `error`)")
    errors: int | None = Field(default=None, description="Samples whose scoring raised")
    missing: int | None = Field(default=None, description="(item, repeat) pairs without a "
                                "prediction or sample")


class MetricsRead(BaseModel):
    benchmark: str
    split: str | None
    n_items: int
    n_keyed: int
    n_judged: int = Field(default=0, description="Keyed items with a judged sample: the "
                          "denominator of accuracy (items whose scoring raised are not)")
    first_error: str | None = Field(default=None, description="The first scoring error's "
                                    "message, where samples could not be scored")
    notes: list[str] = Field(default_factory=list, description="What the run's plan made of "
                             "its request where it differs from the words, e.g. a limit "
                             "above the items")
    repeats: list[int]
    accuracy: float | None
    macro_accuracy: float | None
    stderr: float | None
    ci95: Interval | None
    random_baseline: float | None
    normalized_gain: float | None
    pass_at_1: PassAtOne | None = Field(description="null where the set has no headline")
    counts: Counts
    subjects: list[SubjectRead]
    definitions: dict[str, str]
    extra: Json = Field(
        default_factory=dict,
        description="The benchmark's own metrics (hallucination rate, tool-calling score, "
        "strict/loose levels...); each is defined in `definitions`")
    time_limited: TimeLimitedRead | None = Field(default=None,
                                                 description="Endpoint runs: the 60-s score")
    usage: UsageRead | None = None
    loop_stops: LoopStopsRead | None = None
    latency: LatencyRead | None = None
    memory: MemoryRead | None = None
    reuse_calibration: ReuseCalibration | None = Field(
        default=None, description="GGUF runs with reuse prefix: the drift against the exact "
        "path on the benchmark's first items (max |delta log P| over options, flips)")
    methodology: MethodologyPin | None = Field(
        default=None, description="The methodology the figures were made by, and where the "
        "run departed from it")
    partial: PartialRead | None = Field(
        default=None, description="Set for a failed or cancelled run: the figures cover only "
        "the samples scored and are not a score of the benchmark; a posted set that failed "
        "or judged nothing has no figures at all (accuracy, its interval, pass@1 and the "
        "subjects' figures null), only these counts")


class ScoreResponse(BaseModel):
    run_id: int
    model: str
    status: RunState = Field(description="finished; failed when more than 1% of the "
                             "predictions could not be scored (their scorer raised)")
    error: str | None = Field(default=None, description="Why the run failed, naming the "
                              "first scoring error")
    metrics: MetricsRead
    unknown_ids: list[str] = Field(description="Up to 100 item references that matched nothing")


class DeviceMetricRead(BaseModel):
    device: str
    decode_tokens_per_s: float | None
    prefill_tokens_per_s: float | None
    ttft_ms: float | None
    peak_memory_bytes: int | None
    energy_joules: float | None
    notes: str | None
    ran_ok: bool = True
    received_at: datetime


class RetractionRead(BaseModel):
    """Who took a run out of every comparison, when and why; its numbers are kept."""

    at: datetime
    by: str | None
    reason: str


class RunRead(BaseModel):
    id: int
    kind: RunKind
    status: RunState
    benchmark: str | None
    model: str | None
    repeats: int
    config: Json = Field(description="The plan as earlier versions returned it: the model "
                                   "under `endpoint` or `gguf`, with the runtime record and "
                                   "device metrics merged in (gguf.server, gguf.measured, "
                                   "device_metrics); prefer `plan`, `runtime` and "
                                   "`device_metrics`")
    plan: StoredPlan | None = Field(
        default=None, description="What was asked for; config_sha256 is its hash")
    config_sha256: str
    runtime: RunRuntime = Field(default_factory=RunRuntime,
                                description="What the run recorded while it went on")
    device_metrics: list[DeviceMetricRead] = Field(default_factory=list)
    reproducibility: Reproducibility | None = Field(
        default=None, description="Versions, numerics, item / prompt / file hashes, seeds")
    error: str | None
    created_at: datetime
    finished_at: datetime | None
    created_by: str | None = Field(default=None, description="The name of the API key that "
                                   "asked for the run (POCKETEVAL_KEYS; `key-` and the start "
                                   "of its hash for a key with every scope)")
    retraction: RetractionRead | None = Field(
        default=None, description="Set when the run was retracted (DELETE /runs/{id}): it "
        "counts in no leaderboard, comparison, gate or Index, and is listed only with "
        "`include=retracted`")


class SampleRead(BaseModel):
    id: int
    item_id: int
    external_id: str
    repeat: int
    verdict: Status
    score: float
    answer: str | None
    response: str | None
    prompt: str | None
    detail: Json
    latency_ms: float | None
    ttft_ms: float | None = Field(default=None, description="Time to first token (streamed "
                                  "endpoints, GGUF)")
    prompt_tokens: int | None = None
    completion_tokens: int | None = Field(default=None, description="Tokens generated (a "
                                          "sample with `detail.generation_of_repeat` shows "
                                          "the generation it shares, not generated again)")


class SamplePage(BaseModel):
    samples: list[SampleRead]
    next_cursor: str | None


class ResultRead(BaseModel):
    benchmark: str
    metrics: MetricsRead
    computed_at: datetime
    index_component: str | None = Field(
        default=None, description="The Mobile Intelligence Index component this benchmark "
        "gives (GET /index?runs= reads it), if any")


class BenchmarkProgress(BaseModel):
    benchmark: str
    done: int
    total: int


class RunProgress(BaseModel):
    """Samples stored of those planned; for a pull run, bytes received of the files' bytes
    (its runtime's `pull` has the stage and the file count)."""

    done: int
    total: int
    benchmarks: list[BenchmarkProgress]
    errors: int
    rate_per_s: float | None
    eta_s: float | None = Field(description="Seconds left, from the samples finished and "
                                "the time those in flight have run (app.runs.execute.eta): "
                                "it only counts down while no sample finishes; 0 once "
                                "`finishing`; None before a sample has ended")
    finishing: bool = Field(default=False, description="The estimate ran out while samples "
                            "are still in flight")
    in_flight_s: list[float] = Field(default_factory=list, description="How long each sample "
                                     "in flight has run, seconds, longest first")
    started_at: datetime | None
    heartbeat_at: datetime | None = Field(
        default=None, description="When the process carrying the run out last said it still "
        "does (every 10 s while it runs): a run whose heartbeat is old has lost its process "
        "and is taken over")


class RunStatus(RunRead):
    progress: RunProgress


class RunPage(BaseModel):
    runs: list[RunRead]
    next_cursor: str | None


class EvaluateResponse(BaseModel):
    run: RunStatus
    results: list[ResultRead]
