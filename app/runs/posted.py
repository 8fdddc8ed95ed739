"""Scoring posted predictions: load keys, judge (pure), aggregate (pure), store run + samples."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from pydantic import JsonValue
from sqlalchemy import Table, insert
from sqlalchemy.orm import Session

from app.benchmarks import Benchmark as BenchmarkObject
from app.benchmarks import Bound, benchmark_of, choose_split, measure_benchmark
from app.callbacks import outbox
from app.http import Conflict, InvalidInput
from app.inference import check_notify_url
from app.items import load_keys, version_of
from app.methodology import Methodology
from app.records import Json, MethodologyPin, PostedPlan, RunKind, RunRuntime, RunState, plan_sha256
from app.runs.judging import SampleJudge
from app.runs.methodology_planning import choose_methodology
from app.runs.model_records import get_or_create_model
from app.runs.read_schemas import MetricsRead, PartialRead, ScoreResponse
from app.runs.reproducibility import scoring_record
from app.runs.results import metrics_read
from app.runs.schemas import ANSWERS, PredictionIn, ScoreRequest
from app.scoring import (
    KeyedItem,
    Metrics,
    Prediction,
    ScoredBatch,
    Status,
    Verdict,
    add_judged,
    match_predictions,
    scoring_failure,
)
from app.tables import Base, Benchmark, Model, Result, Run

SAMPLES: Table = Base.metadata.tables["samples"]


def sample_detail(verdict: Verdict, posted: PredictionIn, prediction: Prediction) -> Json:
    """What the sample keeps besides the verdict: the scorer's evidence and posted fields
    (a benchmark's own fields under the keys its answer model names)."""
    detail: Json = dict(verdict.detail or {})
    if posted.answer is not None:
        detail["posted_answer"] = posted.answer
    if posted.tool_calls is not None:
        detail["tool_calls"] = [c.as_plain() for c in posted.tool_calls]
    for name, value in prediction.extra.items():
        if name in ANSWERS.kept:
            detail[ANSWERS.kept[name]] = value
    return detail


def declared_values(posted: PredictionIn) -> Json:
    """The benchmark-declared fields a prediction gives, as plain JSON values."""
    given = {name for name in ANSWERS.fields if getattr(posted, name) is not None}
    return posted.model_dump(include=given) if given else {}


def to_predictions(posted: Sequence[PredictionIn]) -> list[Prediction]:
    return [Prediction(p.item_id, p.external_id, p.repeat, p.answer, p.response,
                       None if p.tool_calls is None else [c.as_plain() for c in p.tool_calls],
                       declared_values(p))
            for p in posted]


def judge_batch(benchmark: BenchmarkObject, items: dict[int, KeyedItem],
                external: dict[str, int], predictions: list[Prediction]) -> ScoredBatch:
    """Posted predictions judged as a run's attempts are (app.runs.judging)."""
    matched, batch = match_predictions(items, external, predictions)
    scorer = benchmark.scorer
    judged = SampleJudge(Bound(benchmark.spec, benchmark.key, benchmark.methodology),
                         scorer).judge_all(matched)
    return add_judged(batch, matched, judged)


def refuse_unmatched(batch: ScoredBatch) -> None:
    """Predictions none of which names an item of the set score nothing: storing them would
    put a 0% run on the leaderboard."""
    if batch.verdicts or not batch.unknown:
        return
    shown = ", ".join(repr(u) for u in batch.unknown[:5])
    raise InvalidInput(f"none of the {len(batch.unknown)} prediction id(s) names an item of "
                       f"this benchmark's split, nothing was scored; first: {shown}",
                       field="predictions", unknown_ids=list[JsonValue](batch.unknown[:100]))


def partial_of_set(metrics: Metrics, reason: str) -> PartialRead:
    """What a set without a headline scored: its counts, no figure."""
    counts = metrics.counts
    return PartialRead(planned=metrics.n_items * len(metrics.repeats),
                       scored=counts["predictions"], not_run=counts["missing"], reason=reason,
                       judged=sum(counts[s] for s in (Status.CORRECT, Status.WRONG,
                                                      Status.UNPARSED)),
                       errors=counts[Status.ERROR], missing=counts["missing"])


@dataclass(frozen=True)
class PostedSet:
    """A posted prediction set judged and measured, ready to store."""

    split: str | None
    items: dict[int, KeyedItem]
    methodology: Methodology
    predictions: list[Prediction]
    batch: ScoredBatch
    read: MetricsRead
    unscorable: str | None  # why the set failed: too many samples could not be judged
    repeats: int


def score_posted(session: Session, bench: Benchmark, req: ScoreRequest,
                 max_errors: int, created_by: str | None = None,
                 allowlist: Sequence[str] = ()) -> ScoreResponse:
    """Judge, measure and store a posted prediction set as a finished run; a set that
    cannot stand is refused before anything is stored."""
    if req.notify is not None:  # refused before anything is scored
        check_notify_url(req.notify.url, allowlist)
    scored = judged_set(session, bench, req, max_errors)
    run, model = _stored_run(session, bench, req, scored, created_by)
    return ScoreResponse(run_id=run.id, model=model.name, status=run.status,
                         error=run.error, metrics=scored.read,
                         unknown_ids=scored.batch.unknown[:100])


def refuse_invalid(batch: ScoredBatch, max_errors: int) -> None:
    """Malformed predictions refuse the whole set, naming each (up to max_errors)."""
    if not batch.errors:
        return
    i, fld, msg = batch.errors[0]
    raise InvalidInput(
        f"{len(batch.errors)} invalid prediction(s), nothing was scored; first: "
        f"predictions[{i}].{fld}: {msg}",
        errors=[{"field": f"predictions[{j}].{f}", "message": m}
                for j, f, m in batch.errors[:max_errors]],
        error_count=len(batch.errors),
    )


def judged_set(session: Session, bench: Benchmark, req: ScoreRequest, max_errors: int
               ) -> PostedSet:
    split = choose_split(session, bench, req.split)
    items, external = load_keys(session, bench, split)
    if not items:
        raise Conflict(f"{bench.name} has no items to score ({split} split); import them "
                       "first", field="name")
    methodology = choose_methodology(req.methodology)
    benchmark = benchmark_of(bench).variant(methodology=methodology)
    predictions = to_predictions(req.predictions)
    batch = judge_batch(benchmark, items, external, predictions)
    refuse_invalid(batch, max_errors)
    refuse_unmatched(batch)
    eval_set = list(items.values())
    exclude = req.missing == "exclude"
    if exclude:
        predicted = {v.item_id for v in batch.verdicts}
        eval_set = [it for it in eval_set if it.item_id in predicted]
    metrics = measure_benchmark(benchmark, eval_set, batch.verdicts,
                                [v.repeat for v in batch.verdicts], exclude_missing=exclude)
    unscorable = scoring_failure(metrics.counts[Status.ERROR], len(batch.verdicts),
                                 metrics.first_error)
    partial = None
    if unscorable is not None or metrics.accuracy is None:
        partial = partial_of_set(metrics, unscorable or "nothing was judged")
        metrics = metrics.without_headline()
    read = metrics_read(bench.name, split, metrics, len(batch.unknown))
    read.methodology, read.partial = MethodologyPin.of(methodology), partial
    return PostedSet(split, items, methodology, predictions, batch, read, unscorable,
                     len(metrics.repeats))


def _stored_run(session: Session, bench: Benchmark, req: ScoreRequest, scored: PostedSet,
                created_by: str | None) -> tuple[Run, Model]:
    """The run, ended as it is stored, with its samples, its result and, where asked, its
    report queued."""
    model = get_or_create_model(session, req.model, kind="predictions")
    plan = PostedPlan(benchmark=bench.name, split=scored.split, missing=req.missing,
                      methodology=MethodologyPin.of(scored.methodology))
    now = datetime.now(UTC)
    item_set = version_of(scored.split, list(scored.items.values()))
    run = Run(kind=RunKind.PREDICTIONS, benchmark_id=bench.id, model_id=model.id,
              status=RunState.FINISHED if scored.unscorable is None else RunState.FAILED,
              error=scored.unscorable, repeats=scored.repeats,
              config=plan, config_sha256=plan_sha256(plan),
              runtime=RunRuntime(),
              reproducibility=scoring_record(plan.methodology, bench.name, item_set),
              created_at=now, finished_at=now, created_by=created_by)
    session.add(run)
    session.flush()
    posted, batch = req.predictions, scored.batch
    rows = [
        {"run_id": run.id, "item_id": v.item_id, "repeat": v.repeat, "verdict": v.status,
         "score": v.score, "answer": None if v.answer is None else v.answer[:200],
         "response": posted[src].response, "prompt": None, "latency_ms": None,
         "detail": sample_detail(v, posted[src], scored.predictions[src]),
         "created_at": now}
        for v, src in zip(batch.verdicts, batch.sources, strict=True)
    ]
    if rows:
        # Core insert of the table: the ORM bulk path costs ~3x more for 100k rows.
        session.execute(insert(SAMPLES), rows)
    session.add(Result(run_id=run.id, benchmark_id=bench.id,
                       metrics=scored.read.model_dump(mode="json"), computed_at=now))
    session.flush()
    if req.notify is not None:  # stored and ended at once: its report is queued with it
        outbox.subscribe(session, run.id, req.notify)
        session.flush()
        outbox.run_ended(session, run, now)
    return run, model
