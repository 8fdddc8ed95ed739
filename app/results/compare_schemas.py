"""API shapes of GET /compare: two models (or runs), paired over the items both scored."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from app.records import Interval
from app.scoring import Bound, Decision


class SideRead(BaseModel):
    ref: str = Field(description="What was asked for: a run id or a model name")
    model: str | None
    runs: dict[str, int] = Field(description="Benchmark -> the run its numbers come from")


class TableRead(BaseModel):
    """Single-repeat 0/1 scores: how the verdicts pair up."""

    both_right: int
    only_a: int
    only_b: int
    both_wrong: int


class DroppedRead(BaseModel):
    only_a: int = Field(description="Items a scored and b did not (not run, failed, or no key)")
    only_b: int = Field(description="Items b scored and a did not")


class SubjectDifferenceRead(BaseModel):
    subject: str
    n: int
    accuracy_a: float
    accuracy_b: float
    difference: float
    paired_se: float | None
    ci95: Interval | None


class NonInferiorityRead(BaseModel):
    """Is the build no worse than the reference by more than the margin? (GET /compare
    with margin=)"""

    reference: Literal["a", "b"]
    margin: float
    verdict: Decision
    lower_bound: float | None = Field(description="Lower end of the 95% interval of build - "
                                      "reference: above -margin, non-inferior")
    upper_bound: float | None = Field(default=None, description="Upper end of the 95% "
                                      "interval of build - reference: below -margin, inferior")
    deciding_bound: Bound | None = Field(default=None, description="The bound the verdict "
                                         "rests on: lower (non-inferior) or upper (inferior); "
                                         "none when inconclusive")
    p_value: float | None = Field(description="One-sided: H0 build - reference <= -margin; "
                                  "the test of the margin (the comparison's p_value tests "
                                  "no difference)")
    holm_p: float | None = Field(description="Holm-adjusted across the benchmarks compared")
    items_needed: int | None = Field(description="Paired items that would show "
                                     "non-inferiority with 80% power at the observed "
                                     "difference and spread; none when the observed "
                                     "difference is at or below -margin")
    benchmark_items: int | None = Field(default=None, description="The items of the "
                                        "benchmark's split")
    needed_exceeds_benchmark: bool = Field(default=False, description="items_needed is more "
                                           "than benchmark_items: the benchmark cannot "
                                           "decide it at the observed difference")
    retention: float | None = Field(description="build accuracy / reference accuracy")
    retention_ci95: Interval | None
    lost: list[int] = Field(description="Item ids the reference got right and the build "
                            "wrong (single repeat)")
    gained: list[int] = Field(description="Item ids the build got right and the reference "
                              "wrong (single repeat)")


class IndexNonInferiorityRead(BaseModel):
    """The Mobile Intelligence Index of the build against the reference's, from the two
    Index values and their standard errors (unpaired: see definitions.non_inferiority)."""

    reference: Literal["a", "b"]
    margin: float
    index_reference: float | None
    index_build: float | None
    missing: list[str] = Field(description="Index components one side lacks: no verdict")
    verdict: Decision | None
    difference: float | None = Field(description="build - reference")
    stderr: float | None = Field(description="sqrt(se_reference^2 + se_build^2)")
    lower_bound: float | None = Field(description="Above -margin: non-inferior")
    upper_bound: float | None = Field(default=None, description="Below -margin: inferior")
    deciding_bound: Bound | None = Field(default=None, description="lower (non-inferior) or "
                                         "upper (inferior); none when inconclusive")
    p_value: float | None = Field(description="One-sided: H0 build - reference <= -margin")
    retention: float | None
    retention_ci95: Interval | None


class BenchmarkComparisonRead(BaseModel):
    benchmark: str
    run_a: int
    run_b: int
    n_paired: int
    dropped: DroppedRead
    single_repeat: bool
    accuracy_a: float
    accuracy_b: float
    ci95_a: Interval | None = Field(default=None, description="accuracy_a's 95% interval over "
                                    "the paired items by the rule of a run's own (Wilson; "
                                    "item-clustered with repeats): with every item paired, "
                                    "the run's interval")
    ci95_b: Interval | None = Field(default=None, description="accuracy_b's, likewise")
    difference: float = Field(description="b - a")
    paired_se: float | None
    ci95: Interval | None
    bootstrap_ci95: Interval | None
    unpaired_se: float | None = Field(description="The SE without pairing, for contrast")
    mdd_80: float | None = Field(description="Smallest difference detectable with 80% power "
                                 "at this n and variance (two-sided 5%)")
    p_value: float | None = Field(description="Two-sided test of no difference (p_method); "
                                  "the margin's test is non_inferiority.p_value")
    p_method: str
    holm_p: float | None = Field(description="Holm-adjusted across the benchmarks compared")
    table: TableRead | None
    subjects: list[SubjectDifferenceRead]
    non_inferiority: NonInferiorityRead | None = None


class MismatchRead(BaseModel):
    benchmark: str
    what: str = Field(description="items (ids, payloads or answer keys), prompt template, "
                      "numerics or split")
    a: str | None
    b: str | None


class ComparisonRead(BaseModel):
    a: SideRead
    b: SideRead
    benchmarks: list[BenchmarkComparisonRead]
    mismatches: list[MismatchRead] = Field(description="Differences in how the runs were "
                                           "made; only with allow_mismatch=true")
    bootstrap: dict[str, int] = Field(description="resamples and seed")
    index_non_inferiority: IndexNonInferiorityRead | None = Field(
        default=None, description="With margin=: the Index, where both sides have every "
        "component")
    definitions: dict[str, str]
