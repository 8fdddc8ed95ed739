"""HTTP routes of the audits."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request, status

from app.audits.item_analysis import analyze_items
from app.audits.option_length import benchmark_audit, run_audit, tokenizer_named
from app.audits.option_order import order_audit
from app.audits.query_lists import comma_list
from app.audits.schemas import (
    BenchmarkLengthAudit,
    ItemAnalysisRead,
    OrderAuditRead,
    RunLengthAudit,
    ScorecardRead,
    ShortcutAuditRead,
    ShortcutDeriveIn,
    SubsetDeriveIn,
    VisionAuditRead,
)
from app.audits.scorecard import model_scorecard
from app.audits.shortcut import derive_without_flagged, shortcut_audit
from app.audits.subsets import derive_subset
from app.audits.vision import vision_audit
from app.benchmarks import BenchmarkRead, benchmark_read
from app.db import RowId, SessionDep, TransactionsDep
from app.guards import AdminKeyDep, ReadKeyDep
from app.http import InvalidInput
from app.scoring import LengthUnit, scorecard_stats, subset_rules

TokenizerQuery = Annotated[str | None, Query(
    max_length=4096, description="A registered GGUF model's name, or a GGUF path inside "
    "POCKETEVAL_MODEL_DIRS: lengths in its tokenizer's tokens too (a run's audit: given "
    "exactly when `unit` is tokens)")]

_WEIGHT = (rf"\s*(?:{'|'.join(scorecard_stats.DEFAULT_WEIGHTS)})\s*:\s*"
           r"(?:1000(?:\.0+)?|[0-9]{1,3}(?:\.[0-9]+)?)\s*")
WEIGHTS_PATTERN = rf"^{_WEIGHT}(?:,{_WEIGHT})*$"  # component:weight, each weight 0 to 1000
MODELS_PATTERN = r"^[^,]*[^,\s][^,]*(?:,[^,]*[^,\s][^,]*)+$"  # two names or more

router = APIRouter(tags=["audits"])


@router.get("/benchmarks/{name}/audits/option-length", name="benchmark_option_length_audit",
            dependencies=[ReadKeyDep])
def benchmark_option_length(name: str, session: SessionDep, request: Request,
                            split: str | None = None,
                            tokenizer: TokenizerQuery = None) -> BenchmarkLengthAudit:
    """Does the key give itself away by its length? How often it is the longest or shortest
    option, key and distractor lengths, and the length rule (distractors at least as long
    as the key), overall and per subject, in characters, words and a tokenizer's tokens."""
    chosen = tokenizer_named(session, tokenizer, request.app.state.settings.model_dirs)
    return benchmark_audit(session, name, split, chosen)


@router.get("/runs/{run_id}/audits/option-length", name="run_option_length_audit",
            dependencies=[ReadKeyDep])
def run_option_length(run_id: RowId, session: SessionDep, request: Request,
                      benchmark: str | None = None, unit: LengthUnit = LengthUnit.CHARS,
                      tokenizer: TokenizerQuery = None) -> RunLengthAudit:
    """Does the model prefer the longest option? Its longest-pick rate beside how often the
    key is the longest, and its accuracy where the key is the longest against the rest;
    longest in characters, words, or (with a tokenizer) tokens."""
    chosen = tokenizer_named(session, tokenizer, request.app.state.settings.model_dirs)
    return run_audit(session, run_id, benchmark, unit, chosen)


@router.get("/benchmarks/{name}/audits/items", name="item_analysis", dependencies=[ReadKeyDep])
def items_across_models(
    name: str, session: SessionDep,
    models: Annotated[str, Query(pattern=MODELS_PATTERN, description="Comma-separated model "
                                 "names (their latest finished run of the benchmark), at "
                                 "least two")],
    group: Annotated[str | None, Query(description="Comma-separated models whose agreement "
                                       "is measured, among `models` (default: all)")] = None,
) -> ItemAnalysisRead:
    """Per item: difficulty (share of models right), discrimination (corrected item-total
    correlation over the models) and agreement within a group; per subject summaries."""
    return analyze_items(session, name, comma_list(models), comma_list(group) if group else [])


@router.get("/runs/{run_id}/audits/option-order", name="option_order_audit",
            dependencies=[ReadKeyDep])
def option_order_report(
    run_id: RowId, session: SessionDep, benchmark: str | None = None,
    preference: Annotated[float, Query(gt=0, lt=1, description="The letter preference to "
                                       "size the items needed for: this share of the "
                                       "picks moved to one letter")] = 0.1,
) -> OrderAuditRead:
    """An option-order audit run's report: accuracy per arrangement with intervals, the
    spread between the best and the worst with its paired interval and test, pick rates per
    letter against the key's with a letter-preference test and the items it needs, the
    verdict, and the order-robust accuracy."""
    return order_audit(session, run_id, benchmark, preference)


@router.get("/runs/{run_id}/audits/no-shortcut", name="no_shortcut_audit",
            dependencies=[ReadKeyDep])
def no_shortcut_report(run_id: RowId, session: SessionDep,
                       benchmark: str | None = None) -> ShortcutAuditRead:
    """A no-shortcut audit run's report: per variant the flag rate (overall and per
    subject) beside the rate a uniform guesser would be flagged at, and every flagged item
    with its tries (answer, key letter, the order shown)."""
    return shortcut_audit(session, run_id, benchmark)


@router.post("/runs/{run_id}/audits/no-shortcut:derive", name="derive_without_shortcuts",
             status_code=status.HTTP_201_CREATED, dependencies=[AdminKeyDep])
async def derive_without_shortcuts(run_id: RowId, data: ShortcutDeriveIn,
                                   tx: TransactionsDep) -> BenchmarkRead:
    """A new benchmark version without the items the audit flagged, linked to its parent,
    the audit run and the rule; its items keep their ids."""
    return await tx.run(lambda session: benchmark_read(
        session, derive_without_flagged(session, run_id, data)))


@router.post("/benchmarks/{name}:derive", name="derive_subset", description=(
        "A new benchmark version without the items the rules drop, judged on each named "
        "model's latest finished run (or a run id); linked to its parent, with the runs "
        "and rules recorded.\n\n" + (subset_rules.__doc__ or "")),
             status_code=status.HTTP_201_CREATED, dependencies=[AdminKeyDep])
async def derive_subset_by_rules(name: str, data: SubsetDeriveIn,
                                 tx: TransactionsDep) -> BenchmarkRead:
    return await tx.run(lambda session: benchmark_read(session,
                                                       derive_subset(session, name, data)))


@router.get("/runs/{run_id}/audits/vision-only", name="vision_only_audit",
            dependencies=[ReadKeyDep])
def vision_only_report(run_id: RowId, session: SessionDep,
                       benchmark: str | None = None) -> VisionAuditRead:
    """A vision-only audit run's report: accuracy as text and as rendered images (each
    stress variant apart), and the modality gap against text, paired over items."""
    return vision_audit(session, run_id, benchmark)


@router.get("/models/{name}/scorecard", name="model_scorecard", dependencies=[ReadKeyDep])
def scorecard_of(
    name: str, session: SessionDep,
    weights: Annotated[str | None, Query(
        pattern=WEIGHTS_PATTERN,
        description="component:weight pairs, comma-separated (default modality_fusion:0.4,"
        "distractor_robustness:0.3,reasoning_depth:0.2,response_speed:0.05,"
        "first_token_speed:0.05)")] = None,
    ttft_limit_s: Annotated[float, Query(
        gt=0, le=3600, description="first_token_speed: a sample's score counts when its "
        "first token came within this many seconds")] = 1.0,
) -> ScorecardRead:
    """A weighted report over the model's finished runs and audits; every component's
    value, inputs and source runs are shown, and one without data is named and left out."""
    return model_scorecard(session, name, _weights(weights), ttft_limit_s)


def _weights(text: str | None) -> dict[str, float]:
    out: dict[str, float] = {}
    for part in comma_list(text or ""):
        key, _, value = part.partition(":")
        try:
            out[key.strip()] = float(value)
        except ValueError:
            raise InvalidInput(f"weights: {part!r} is not component:number",
                               field="weights") from None
        if not 0 <= out[key.strip()] <= 1000:
            raise InvalidInput(f"weights: {part!r} is out of range", field="weights")
    return out
