"""What a run records while it goes on, beside (never inside) its plan."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from pydantic import BaseModel, Field

from app.records.pull_record import PullProblem, PullProgress, PullReport
from app.records.run_plan import Json
from app.records.time_spent_record import PoolTime
from app.records.topology_record import ChosenBy, KvMode, Probe


class Interval(BaseModel):
    low: float
    high: float
    method: str = "wilson"


class ServerProcess(BaseModel):
    """A llama-server a run started: stopped at resume only if this pid still runs this."""

    pid: int
    command: list[str]


class ReuseCalibration(BaseModel):
    """`reuse: prefix` against the exact path on the first items of a benchmark."""

    benchmark: str
    items: int
    max_abs_delta_logprob: float
    prediction_flips: int
    flip_rate_upper95: float | None = Field(
        default=None, description="Clopper-Pearson 95% upper bound of the flip rate the "
        "calibration allows (0 of 8 still allows 36.9%): set reuse_calibration_items for a "
        "tighter bound")


class BenchmarkEstimate(BaseModel):
    benchmark: str
    items_done: int = Field(description="Items with every planned repeat scored")
    items_planned: int
    accuracy: float | None
    ci95: Interval | None
    half_width: float | None = Field(description="The larger side of the interval, and at "
                                     "least the Wilson interval's over the samples done "
                                     "(what stop_when compares)")


class IndexEstimate(BaseModel):
    value: float
    ci95: Interval | None
    half_width: float | None


class SharedGenerations(BaseModel):
    """A benchmark's repeats that shared one generation at temperature 0, and the prompts
    generated again in other batch positions: batched llama.cpp is not bit-exact across
    batch shapes, so `outputs_different` is the variation the shared repeats could hide."""

    benchmark: str
    generated: int = 0  # samples generated
    shared: int = 0  # samples that took a generation of an earlier repeat
    regenerated: int = 0  # prompts generated again and compared
    outputs_different: int = 0
    verdicts_different: int = 0
    different: list[str] = Field(default_factory=list, description="Items (external ids) "
                                 "whose second generation differed")


class RunEstimate(BaseModel):
    """The running estimate of an executed run: items go in a seeded random order, so the
    items done are a uniform random sample of those planned, and each benchmark's figures
    are its results' own (the same metric and 95% interval) over the items done."""

    at: datetime
    samples_done: int
    benchmarks: list[BenchmarkEstimate]
    index: IndexEstimate | None = Field(default=None, description="The Mobile Intelligence "
                                        "Index, when the run has all five components")


class StopReason(StrEnum):
    CI_HALF_WIDTH = "ci_half_width"
    WALL_S = "wall_s"
    DECIDED = "decided"


class LookRecord(BaseModel):
    items: int = Field(description="Paired items at this look")
    fraction: float = Field(description="Of the reference's items")
    z: float = Field(description="(mean(build - reference) + margin) / se")
    critical: float = Field(description="The boundary at this look")


class SequentialRecord(BaseModel):
    """A run against a reference run, stopped once non-inferiority was decided: the
    boundary, each look, and the verdict (inconclusive when the last look decided
    nothing)."""

    reference_run: int
    margin: float
    alpha: float
    boundary: str
    looks: list[LookRecord]
    verdict: str | None
    items_used: int
    items_planned: int


class EarlyStop(BaseModel):
    """A run told to stop when its estimate was precise enough, or after a time budget:
    its results are over the items run, a uniform random sample of those planned."""

    reason: StopReason
    target: float
    samples_done: int
    samples_planned: int
    items_run: dict[str, list[int]] = Field(description="Benchmark -> the ids of the items "
                                            "with every repeat scored: the results' items")


class TopologyRecord(BaseModel):
    """The workers x threads x sequences a GGUF run ran with, and why."""

    workers: int
    threads: int | None = Field(description="None: llama.cpp's default")
    sequences: int
    chosen_by: ChosenBy
    kv_mode: KvMode
    kv_reserved_bytes: int = Field(description="KV cache reserved over all workers")
    prefill_lane: bool
    lends_threads: bool = Field(
        default=False, description="An idle worker lends its threads to the busy ones "
        "(generation, where the probe measured more threads decoding faster)")
    probe: Probe | None = None
    probe_cached: bool = False


class ActorTopology(BaseModel):
    """What one Ray actor of a GGUF run ran with: its node's probe, bounded by its CPUs."""

    node: str = Field(description="The Ray node id")
    host: str
    cores: int = Field(description="Whole CPUs the actor reserved: its workers x threads fit")
    topology: TopologyRecord
    slots: int = Field(default=0, description="Samples it was sent at a time: as many as the "
                       "embedded executor keeps in flight for its topology (0: not recorded)")


class RayRecord(BaseModel):
    """A run carried out by Ray actors: how many, and what faults cost."""

    actors: int
    actor_replacements: int = Field(description="Actors that died and were replaced")
    samples_retried: int = Field(description="Samples evaluated again after their actor died")
    actor_topologies: list[ActorTopology] = Field(
        default_factory=list, description="GGUF runs: the topology each actor chose on its "
        "node, within the CPUs it reserved")


class TimeSpent(BaseModel):
    """Where an in-process GGUF run's time went: in its workers, and in the serving
    process around them."""

    pool: PoolTime | None = Field(description="The workers (none on llama-server)")
    scoring_s: float = Field(description="The scorers' time in the serving process, summed "
                                         "over samples (a judge's answer included)")
    database_s: float = Field(description="Writing finished samples")


class RunRuntime(BaseModel):
    server: ServerProcess | None = None
    measured: Json | None = None  # app.gguf.measured.measured_memory
    calibration: list[ReuseCalibration] = Field(default_factory=list)
    shared_generations: list[SharedGenerations] = Field(default_factory=list)
    estimate: RunEstimate | None = None
    early_stop: EarlyStop | None = None
    ray: RayRecord | None = None
    topology: TopologyRecord | None = None
    sequential: SequentialRecord | None = None
    time_spent: TimeSpent | None = None
    # pull runs (app.runs.execute.pull_run): how far, what was imported, or why it stopped
    pull: PullProgress | None = None
    pulled: PullReport | None = None
    pull_problem: PullProblem | None = None
