"""Scoring posted predictions: load keys, judge (pure), aggregate (pure), store run + samples."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Table, insert, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from app.benchmarks.service import spec_of
from app.errors import InvalidInput, ServiceUnavailable
from app.models import Base, Benchmark, Item, Model, Result, Run
from app.runs.isolation import IsolatedTimeout, run_isolated
from app.runs.schemas import (
    Counts,
    Interval,
    MetricsRead,
    PassAtOne,
    PredictionIn,
    ScoreRequest,
    ScoreResponse,
    SubjectRead,
)
from app.scoring.extract import normalize_text
from app.scoring.metrics import Metrics
from app.scoring.predictions import Prediction, ScoredBatch, score_predictions
from app.scoring.scorers import Scorer, measure, scorer_named
from app.scoring.verdicts import KeyedItem, Verdict

SAMPLES: Table = Base.metadata.tables["samples"]
ISOLATED_BASE_S = 60.0
ISOLATED_PER_PREDICTION_S = 12.0  # two math-verify calls of at most 5 s each, and slack


def keyed_item(item_id: int, external_id: str, subject: str, n_choices: int | None,
               payload: dict[str, Any]) -> KeyedItem:
    if n_choices:
        answers = frozenset(payload.get("answers") or ())
    elif "references" in payload:
        answers = frozenset(normalize_text(r) for r in payload.get("references") or ())
    else:  # tools / instructions: the payload itself is the key
        return KeyedItem(item_id, subject, None, frozenset(), external_id, payload, True)
    return KeyedItem(item_id, subject, n_choices, answers, external_id, payload)


def load_keys(session: Session, bench: Benchmark, split: str | None
              ) -> tuple[dict[int, KeyedItem], dict[str, int]]:
    stmt = select(Item.id, Item.external_id, Item.subject, Item.n_choices, Item.payload).where(
        Item.benchmark_id == bench.id)
    if split is not None:
        stmt = stmt.where(Item.split == split)
    items: dict[int, KeyedItem] = {}
    external: dict[str, int] = {}
    for item_id, ext, subject, n_choices, payload in session.execute(stmt):
        items[item_id] = keyed_item(item_id, ext, subject, n_choices, payload)
        external[ext] = item_id
    return items, external


def choose_split(session: Session, bench: Benchmark, requested: str | None) -> str | None:
    """The requested split, else the benchmark's default split when it has items, else all."""
    splits = set(session.scalars(select(Item.split).where(Item.benchmark_id == bench.id)
                                 .distinct()))
    if requested is not None:
        if requested not in splits:
            raise InvalidInput(f"{bench.name} has no items in split {requested!r} "
                               f"(splits: {', '.join(sorted(splits)) or 'none'})", field="split")
        return requested
    default = spec_of(bench).default_split
    return default if default in splits else None


def metrics_read(benchmark: str, split: str | None, m: Metrics, unknown: int) -> MetricsRead:
    return MetricsRead(
        benchmark=benchmark, split=split, n_items=m.n_items, n_keyed=m.n_keyed,
        repeats=m.repeats, accuracy=m.accuracy, macro_accuracy=m.macro_accuracy,
        stderr=m.stderr,
        ci95=Interval(low=m.ci95[0], high=m.ci95[1]) if m.ci95 else None,
        random_baseline=m.random_baseline, normalized_gain=m.normalized_gain,
        pass_at_1=PassAtOne(value=m.pass_at_1, per_repeat=m.per_repeat, std=m.per_repeat_std),
        counts=Counts(**m.counts, unknown_ids=unknown),
        extra=m.extra,
        subjects=[SubjectRead(**vars(s)) for s in m.subjects],
        definitions=m.definitions,
    )


def sample_detail(verdict: Verdict, posted: PredictionIn) -> dict[str, Any]:
    """What the sample keeps besides the verdict: the scorer's evidence and posted fields."""
    detail: dict[str, Any] = dict(verdict.detail or {})
    if posted.answer is not None:
        detail["posted_answer"] = posted.answer
    if posted.tool_calls is not None:
        detail["tool_calls"] = [c.as_plain() for c in posted.tool_calls]
    if posted.turns is not None:
        detail["turns"] = [[s.as_plain() for s in turn] for turn in posted.turns]
    if posted.grade is not None:
        detail["posted_grade"] = posted.grade
    return detail


def get_or_create_model(session: Session, name: str, kind: str) -> Model:
    """The model named `name`; two requests that both create it get the same row (the
    loser of the insert race reads the winner's, inside a savepoint)."""
    model = session.scalar(select(Model).where(Model.name == name))
    if model is not None:
        return model
    try:
        with session.begin_nested():
            model = Model(name=name, kind=kind, settings={})
            session.add(model)
    except IntegrityError:
        model = session.scalars(select(Model).where(Model.name == name)).one()
    return model


def config_hash(config: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(config, sort_keys=True).encode()).hexdigest()


def to_predictions(posted: Sequence[PredictionIn]) -> list[Prediction]:
    return [Prediction(p.item_id, p.external_id, p.repeat, p.answer, p.response,
                       None if p.tool_calls is None else [c.as_plain() for c in p.tool_calls],
                       None if p.turns is None else [[s.as_plain() for s in turn]
                                                     for turn in p.turns],
                       p.grade)
            for p in posted]


def judge_batch(scorer: Scorer, items: dict[int, KeyedItem], external: dict[str, int],
                predictions: list[Prediction]) -> ScoredBatch:
    if not scorer.isolated or not predictions:
        return score_predictions(scorer.judge, items, external, predictions)
    # only the items predicted travel to the worker process
    wanted = {p.item_id if p.item_id is not None else external.get(p.external_id or "")
              for p in predictions}
    subset = {i: items[i] for i in wanted if i is not None and i in items}
    try:
        return run_isolated(score_predictions, scorer.judge, subset, external, predictions,
                            timeout_s=ISOLATED_BASE_S + ISOLATED_PER_PREDICTION_S
                            * len(predictions))
    except IsolatedTimeout as exc:
        raise ServiceUnavailable(f"scoring {exc}") from None


def score_posted(session: Session, bench: Benchmark, req: ScoreRequest,
                 max_errors: int) -> ScoreResponse:
    split = choose_split(session, bench, req.split)
    items, external = load_keys(session, bench, split)
    scorer = scorer_named(spec_of(bench).scorer)
    batch = judge_batch(scorer, items, external, to_predictions(req.predictions))
    if batch.errors:
        i, fld, msg = batch.errors[0]
        raise InvalidInput(
            f"{len(batch.errors)} invalid prediction(s), nothing was scored; first: "
            f"predictions[{i}].{fld}: {msg}",
            errors=[{"field": f"predictions[{j}].{f}", "message": m}
                    for j, f, m in batch.errors[:max_errors]],
            error_count=len(batch.errors),
        )
    eval_set = list(items.values())
    if req.missing == "exclude":
        predicted = {v.item_id for v in batch.verdicts}
        eval_set = [it for it in eval_set if it.item_id in predicted]
    metrics = measure(scorer, eval_set, batch.verdicts, [v.repeat for v in batch.verdicts])
    read = metrics_read(bench.name, split, metrics, len(batch.unknown))

    model = get_or_create_model(session, req.model, kind="predictions")
    config = {"benchmark": bench.name, "split": split, "missing": req.missing,
              "source": "posted predictions"}
    now = datetime.now(UTC)
    run = Run(kind="predictions", status="finished", benchmark_id=bench.id, model_id=model.id,
              repeats=len(metrics.repeats), config=config, config_sha256=config_hash(config),
              created_at=now, finished_at=now)
    session.add(run)
    session.flush()
    posted = req.predictions
    rows = [
        {"run_id": run.id, "item_id": v.item_id, "repeat": v.repeat, "verdict": v.status,
         "score": v.score, "answer": None if v.answer is None else v.answer[:200],
         "response": posted[src].response, "prompt": None, "latency_ms": None,
         "detail": sample_detail(v, posted[src]),
         "created_at": now}
        for v, src in zip(batch.verdicts, batch.sources, strict=True)
    ]
    if rows:
        # Core insert of the table: the ORM bulk path costs ~3x more for 100k rows.
        session.execute(insert(SAMPLES), rows)
    session.add(Result(run_id=run.id, benchmark_id=bench.id,
                       metrics=read.model_dump(mode="json"), computed_at=now))
    session.flush()
    return ScoreResponse(run_id=run.id, model=model.name, metrics=read,
                         unknown_ids=batch.unknown[:100])
