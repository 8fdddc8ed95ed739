"""HTTP routes for results across runs."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response

from app.benchmarks import mobile_device_set
from app.db import MAX_ROW_ID, SessionDep
from app.guards import ReadKeyDep
from app.http import PROBLEM_RESPONSES, InvalidInput
from app.results import service
from app.results.compare import compare
from app.results.compare_schemas import ComparisonRead
from app.results.gate import GateRead, gate, junit_report, markdown
from app.results.leaderboard import leaderboard, leaderboard_csv
from app.results.leaderboard_schemas import LeaderboardRead
from app.results.schemas import IndexRead
from app.server_pools import BulkLaneDep

router = APIRouter(tags=["results"])


@router.get("/index", name="mobile_intelligence_index",
            dependencies=[ReadKeyDep, BulkLaneDep])
def mobile_intelligence_index(
    session: SessionDep,
    runs: Annotated[str | None, Query(description="Comma-separated run ids: every "
                                      "component benchmark each run scored (one device-set "
                                      "run is enough; two runs may not give the same "
                                      "component)", examples=["4", "4,7"])] = None,
    model: Annotated[str | None, Query(description="Use this model's latest scored run of "
                                       "each component benchmark")] = None,
) -> IndexRead:
    """Mobile Intelligence Index: the equal-weight mean of the mobile device set's component
    scores (each benchmark's headline metric), with each component, its interval and the
    formula. Missing components are named and the index is then null. Give `runs` or
    `model`, one of them."""
    if runs is not None and model is not None:
        raise InvalidInput("give runs or model, not both", field="runs")
    if runs is not None:
        try:
            ids = [int(part) for part in runs.split(",") if part.strip()]
            if any(not 1 <= i <= MAX_ROW_ID for i in ids):
                raise ValueError(runs)
        except ValueError:
            raise InvalidInput("runs must be comma-separated run ids", field="runs") from None
        if not ids:
            raise InvalidInput("runs is empty", field="runs")
        return service.index_read(service.runs_by_id(session, ids))
    if model is None:
        raise InvalidInput("give runs or model", field="model")
    return service.index_read(service.latest_runs_of_model(session, model))


def _names(benchmarks: str | None) -> list[str] | None:
    return None if benchmarks is None else [n.strip() for n in benchmarks.split(",")
                                            if n.strip()]


@router.get("/compare", name="compare_models", dependencies=[ReadKeyDep, BulkLaneDep],
            responses={409: PROBLEM_RESPONSES[409]})
def compare_models(
    session: SessionDep,
    a: Annotated[str, Query(min_length=1, max_length=200,
                            description="A run id, or a model name (its latest finished run "
                            "of each benchmark)")],
    b: Annotated[str, Query(min_length=1, max_length=200)],
    benchmarks: Annotated[str | None, Query(description="Comma-separated; default: every "
                                            "benchmark both scored")] = None,
    allow_mismatch: bool = False,
    resamples: Annotated[int, Query(ge=100, le=100_000,
                                    description="Paired bootstrap resamples")] = 1000,
    seed: Annotated[int, Query(ge=0, le=2**32 - 1)] = 0,
    margin: Annotated[float | None, Query(gt=0, lt=1, description=(
        "Non-inferiority margin on the accuracy scale (0.02 = 2 points): is the build no "
        "worse than the reference by more than this?"))] = None,
    reference: Annotated[Literal["a", "b"], Query(description="Which side is the reference "
                                                  "the margin is held against")] = "a",
) -> ComparisonRead:
    """Is b better than a? Per benchmark, paired over the items both scored: accuracies, the
    difference with its paired standard error and intervals (normal and bootstrap), the
    unpaired SE for contrast, McNemar's exact test (single repeat) or a paired z-test,
    Holm-adjusted p-values, the minimum detectable difference, and per-subject differences.
    Runs made differently (methodology, item sets, answer keys, prompt templates, numerics,
    split) are refused with 409 unless allow_mismatch=true. With `margin`: is the build no
    worse than the reference by more than the margin (non-inferiority, retention, flips)?"""
    return compare(session, a, b, _names(benchmarks), allow_mismatch=allow_mismatch,
                   resamples=resamples, seed=seed, margin=margin, reference=reference)


@router.get("/gate", name="gate", dependencies=[ReadKeyDep, BulkLaneDep],
            responses={409: PROBLEM_RESPONSES[409],
                       200: {"content": {"text/markdown": {}, "application/xml": {}}}})
def gate_build(
    session: SessionDep,
    request: Request,
    reference: Annotated[str, Query(min_length=1, max_length=200, description="A run id, or "
                                    "a model name (its latest finished run of each "
                                    "benchmark)")],
    build: Annotated[str, Query(min_length=1, max_length=200)],
    margin: Annotated[float, Query(gt=0, lt=1, description="Non-inferiority margin on the "
                                   "accuracy scale (0.02 = 2 points)")],
    benchmarks: Annotated[str | None, Query(description="Comma-separated; default: every "
                                            "benchmark both scored")] = None,
    format: Literal["json", "markdown", "junit"] = "json",
) -> GateRead:
    """The CI gate: `pass` (exit code 0) when the build is non-inferior to the reference on
    every benchmark both scored and on the Mobile Intelligence Index (where both have its
    components), `fail` (1) when it is inferior on one, `undecided` (2) otherwise, with the
    paired items that would decide it. `format=markdown` gives a summary for a pull request
    or a CI job (verdicts, retention, items lost and gained with links), `format=junit` a
    JUnit report with one case per benchmark. `pocketeval gate` asks this and exits with
    the code."""
    comparison = compare(session, reference, build, _names(benchmarks), allow_mismatch=False,
                         resamples=1000, seed=0, margin=margin, reference="a")
    result = gate(comparison, margin)
    if format == "markdown":
        return Response(markdown(result, str(request.base_url)),  # type: ignore[return-value]
                        media_type="text/markdown")
    if format == "junit":
        return Response(junit_report(result), media_type="application/xml")  # type: ignore[return-value]
    return result


@router.get("/leaderboard", name="leaderboard", dependencies=[ReadKeyDep, BulkLaneDep],
            responses={200: {"content": {"text/csv": {}}}})
def get_leaderboard(
    session: SessionDep,
    benchmarks: Annotated[str | None, Query(description="Comma-separated benchmark names")]
    = None,
    named_set: Annotated[Literal["mobile-device-set"] | None,
                         Query(alias="set", description="A named set instead of "
                               "`benchmarks` (the default)")] = None,
    variant: Literal["reasoning", "non-reasoning"] | None = None,
    eligible_only: bool = False,
    sort: Annotated[str, Query(description="model, index, memory_total_bytes or one of the "
                               "board's benchmarks")] = "index",
    order: Literal["asc", "desc"] = "desc",
    format: Literal["json", "csv"] = "json",
) -> LeaderboardRead:
    """One row per model variant (name, variant, GGUF file type and sha256, or endpoint
    model), one cell per benchmark from its latest finished run: the headline value with its
    95% interval, n items and repeats; the Mobile Intelligence Index with its interval; the
    phone-memory verdict and total; and whether it ran properly on a real device."""
    if benchmarks is not None and named_set is not None:
        raise InvalidInput("give benchmarks or set, not both", field="set")
    names = ([n.strip() for n in benchmarks.split(",") if n.strip()] if benchmarks
             else mobile_device_set())
    board = leaderboard(session, names, variant=variant, eligible_only=eligible_only,
                        sort=sort, descending=order == "desc")
    if format == "csv":
        return Response(leaderboard_csv(board), media_type="text/csv")  # type: ignore[return-value]
    return board
