"""A model's multi-dimensional scorecard from its finished runs and audits."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.audits.option_expansion import expansion_report
from app.audits.option_order import order_audit
from app.audits.schemas import ScorecardComponentRead, ScorecardRead
from app.audits.vision import vision_audit
from app.http import InvalidInput, NotFound
from app.records import DerivationMethod, RunKind, RunPlan, SampleStyle
from app.scoring import Status, scorecard_stats
from app.tables import Benchmark, Item, Model, Result, Run, Sample


def _runs(session: Session, model_id: int) -> list[tuple[Run, RunPlan | None]]:
    runs = session.scalars(select(Run).where(Run.model_id == model_id, Run.counted())
                           .order_by(Run.id))
    return [(run, run.config if isinstance(run.config, RunPlan) else None) for run in runs]


def _first_token_shares(session: Session, runs: list[int], limit_s: float
                        ) -> dict[int, float | None]:
    per_run: dict[int, list[tuple[float, float]]] = defaultdict(list)
    for run_id, ttft, score in session.execute(
            select(Sample.run_id, Sample.ttft_ms, Sample.score)
            .where(Sample.run_id.in_(runs), Sample.ttft_ms.is_not(None),
                   Sample.verdict != Status.UNSCORED)):
        per_run[run_id].append((float(ttft or 0.0), float(score)))
    return {run_id: scorecard_stats.first_token_share(samples, limit_s * 1000)
            for run_id, samples in sorted(per_run.items())}


def model_scorecard(session: Session, name: str, weights: Mapping[str, float],
                    ttft_limit_s: float = scorecard_stats.DEFAULT_TTFT_LIMIT_S) -> ScorecardRead:
    unknown = [k for k in weights if k not in scorecard_stats.DEFAULT_WEIGHTS]
    if unknown:
        raise InvalidInput(f"unknown components: {', '.join(unknown)} (known: "
                           f"{', '.join(scorecard_stats.DEFAULT_WEIGHTS)})", field="weights")
    model_id = session.scalar(select(Model.id).where(Model.name == name))
    if model_id is None:
        raise NotFound(f"model {name!r} does not exist", field="name")
    runs = _runs(session, model_id)
    inputs: dict[str, list[float]] = {k: [] for k in scorecard_stats.DEFAULT_WEIGHTS}
    sources: dict[str, list[int]] = {k: [] for k in scorecard_stats.DEFAULT_WEIGHTS}
    plain: list[int] = []
    for run, plan in runs:
        audit = plan.audit if plan is not None else None
        for bench in (plan.benchmarks if plan is not None else []):
            if audit is not None and audit.kind == "vision-only":
                gap = next((g for g in vision_audit(session, run.id, bench.name).gaps
                            if g.treatment == "vision"), None)
                if gap is not None:
                    inputs["modality_fusion"].append(gap.difference)
                    sources["modality_fusion"].append(run.id)
            elif audit is not None and audit.kind == "option-order":
                inputs["distractor_robustness"].append(
                    order_audit(session, run.id, bench.name).spread)
                sources["distractor_robustness"].append(run.id)
        if audit is None:
            plain.append(run.id)
    drops: list[float] = []
    for derived in session.scalars(select(Benchmark).where(Benchmark.parent_id.is_not(None))):
        if derived.derivation is None or derived.derivation.method is not DerivationMethod.EXPANDED:
            continue
        try:
            report = expansion_report(session, derived.name, name)
        except InvalidInput:
            continue  # the model did not run both
        drops.append(report.accuracy_original - report.accuracy_expanded)
        sources["distractor_robustness"] += list(report.runs.values())
    retention: list[tuple[float, float]] = []
    for result_run, metrics in session.execute(
            select(Result.run_id, Result.metrics).where(Result.run_id.in_(plain))):
        timed = (metrics.get("time_limited") or {}).get("accuracy")
        if metrics.get("accuracy") is not None and timed is not None:
            retention.append((float(metrics["accuracy"]), float(timed)))
            sources["response_speed"].append(result_run)
    lengths, scores = [], []
    generated = [r.id for r, p in runs if p is not None and p.audit is None and r.kind in
                 (RunKind.ENDPOINT, RunKind.GGUF)]
    # only answers the model wrote: loglikelihood samples have no generated text
    written = {(r.id, b.benchmark_id) for r, p in runs if r.id in generated and p is not None
               for b in p.benchmarks if b.style is SampleStyle.CHAT}
    for run_id, bench_id, completion, reasoning, score in session.execute(
            select(Sample.run_id, Item.benchmark_id, Sample.completion_tokens,
                   Sample.reasoning_tokens, Sample.score)
            .join(Item, Item.id == Sample.item_id)
            .where(Sample.run_id.in_(generated), Sample.completion_tokens.is_not(None),
                   Sample.verdict != Status.UNSCORED)):
        if (run_id, bench_id) in written:
            lengths.append(float((completion or 0) + (reasoning or 0)))
            scores.append(float(score))
    sources["reasoning_depth"] = sorted({r for r, _b in written}) if lengths else []
    shares = _first_token_shares(session, generated, ttft_limit_s)
    inputs["first_token_speed"] = [v for v in shares.values() if v is not None]
    sources["first_token_speed"] = [r for r, v in shares.items() if v is not None]
    values = {"modality_fusion": scorecard_stats.modality_fusion(inputs["modality_fusion"]),
              "distractor_robustness": scorecard_stats.distractor_robustness(
                  inputs["distractor_robustness"], drops),
              "reasoning_depth": scorecard_stats.reasoning_depth(lengths, scores),
              "response_speed": scorecard_stats.response_speed(retention),
              "first_token_speed": scorecard_stats.first_token_speed(list(shares.values()))}
    inputs["distractor_robustness"] += drops
    inputs["response_speed"] = [t / a for a, t in retention if a > 0]
    asked = {**scorecard_stats.DEFAULT_WEIGHTS, **weights}
    combined = scorecard_stats.combine(values, asked)
    return ScorecardRead(
        model=name, score=combined.value, missing=combined.missing,
        components_used=combined.used, min_components=scorecard_stats.MIN_COMPONENTS,
        components=[ScorecardComponentRead(
            name=k, value=values[k], weight=asked[k], weight_used=combined.weights.get(k),
            inputs=inputs[k], runs=sorted(set(sources[k])),
            n_samples=len(lengths) if k == "reasoning_depth" else None) for k in asked],
        definitions={"scorecard": (scorecard_stats.__doc__ or "").strip()})
