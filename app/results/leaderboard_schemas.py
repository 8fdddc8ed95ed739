"""API shapes of GET /leaderboard: one row per model variant, one cell per benchmark."""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from app.records import Interval, MemoryTerms
from app.results.item_sets import SetAsideRead


class DeviceStatus(StrEnum):
    RAN = "ran"  # a phone ran it properly (device figures posted with ran_ok)
    FAILED_ON_DEVICE = "failed-on-device"  # figures posted, none of them a proper run
    NOT_MEASURED = "not-measured"  # eligible or not, no device figures yet
    NOT_LOCAL = "not-local"  # an endpoint or posted predictions: no file to put on a phone


class CellRead(BaseModel):
    value: float | None
    ci95: Interval | None
    stderr: float | None
    metric: str = Field(description="Which metric of the run the cell shows")
    n_items: int
    repeats: int
    run_id: int
    errors: int = Field(default=0, description="Samples of the run whose scoring raised: "
                        "left out of the value (a run with more than 1% fails, and is not "
                        "on the board)")


class ModelIdentity(BaseModel):
    """Two quantisations, variants or files of one model name are two rows."""

    model_config = ConfigDict(frozen=True)  # a row's key

    name: str
    variant: str | None
    quantisation: str | None = Field(description="GGUF file type, e.g. Q4_K_M")
    file_sha256: str | None = Field(description="GGUF runs: the file's sha256")
    endpoint_model: str | None = Field(description="Endpoint runs: `model` in requests")


class LeaderboardRow(BaseModel):
    model: ModelIdentity
    names: list[str] = Field(default_factory=list, description="Every name the model was "
                             "run under, latest first: a GGUF file is one row per sha256 "
                             "whatever its runs called it")
    cells: dict[str, CellRead] = Field(description="Benchmark -> its latest finished run")
    index: float | None = Field(description="Mobile Intelligence Index (all five components)")
    index_ci95: Interval | None
    index_missing: list[str]
    index_runs: list[int] = Field(default_factory=list, description="The runs its index "
                                  "components come from (GET /index?runs=)")
    eligible: bool | None = Field(description="GGUF: the phone-memory verdict")
    memory_total_bytes: int | None = Field(description="GGUF: the phone's figure, the "
                                           "eligibility total (one sequence, n_ctx 8192)")
    measured_peak_bytes: int | None = Field(
        default=None, description="GGUF: the latest run's measured peak (one worker), with "
        "the sequences it held at once in measured_sequences: not the phone's figure")
    measured_sequences: int | None = None
    rule_bytes: int | None
    budget_bytes: int | None
    memory_terms: MemoryTerms | None = Field(description="GGUF: weights, KV, compute and "
                                             "output at n_ctx 8192")
    parameters: int | None
    device_status: DeviceStatus
    decode_tokens_per_s: float | None = Field(
        default=None, description="Decode speed of the front column's run (aggregate where "
        "the built-in runner measured it, else the median sample's)")
    on_front: bool | None = Field(
        default=None, description="No other row is at least as accurate (the front column), "
        "as small (memory total) and as fast at once, and better on one; None where one of "
        "the three is missing")


class LeaderboardRead(BaseModel):
    benchmarks: list[str]
    rows: list[LeaderboardRow]
    sort: str
    measured: list[str] = Field(default_factory=list, description="Every benchmark with a "
                                "finished run, asked for or not: what a board could show")
    uneven: list[str] = Field(default_factory=list, description="Benchmarks whose rows were "
                              "scored on different numbers of items: not like for like")
    front_column: str = Field(default="index", description="The accuracy the front is "
                              "judged on: the sorted benchmark, else the index")
    set_aside: dict[str, SetAsideRead] = Field(
        default_factory=dict, description="Per benchmark, finished runs left out because "
        "they ran over another version of its items than the one it holds now")
    definitions: dict[str, str]
