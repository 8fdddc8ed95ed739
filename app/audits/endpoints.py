"""HTTP routes of the audits."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from app.audits.item_analysis import analyze_items
from app.audits.option_length import benchmark_audit, run_audit
from app.audits.option_order import order_audit
from app.audits.schemas import (
    BenchmarkLengthAudit,
    ItemAnalysisRead,
    OrderAuditRead,
    RunLengthAudit,
)
from app.db import RowId, SessionDep
from app.security import ReadKeyDep

router = APIRouter(tags=["audits"])


@router.get("/benchmarks/{name}/audits/option-length", name="benchmark_option_length_audit",
            dependencies=[ReadKeyDep])
def benchmark_option_length(name: str, session: SessionDep,
                            split: str | None = None) -> BenchmarkLengthAudit:
    """Does the key give itself away by its length? How often it is the longest or shortest
    option, key and distractor lengths, and Mobile-MMLU's rule (distractors at least as long
    as the key), overall and per subject."""
    return benchmark_audit(session, name, split)


@router.get("/runs/{run_id}/audits/option-length", name="run_option_length_audit",
            dependencies=[ReadKeyDep])
def run_option_length(run_id: RowId, session: SessionDep,
                      benchmark: str | None = None) -> RunLengthAudit:
    """Does the model prefer the longest option? Its longest-pick rate beside how often the
    key is the longest, and its accuracy where the key is the longest against the rest."""
    return run_audit(session, run_id, benchmark)


@router.get("/benchmarks/{name}/audits/items", name="item_analysis", dependencies=[ReadKeyDep])
def items_across_models(
    name: str, session: SessionDep,
    models: Annotated[str, Query(description="Comma-separated model names (their latest "
                                 "finished run of the benchmark), at least two")],
    group: Annotated[str | None, Query(description="Comma-separated models whose agreement "
                                       "is measured (default: all)")] = None,
) -> ItemAnalysisRead:
    """Per item: difficulty (share of models right), discrimination (corrected item-total
    correlation over the models) and agreement within a group; per subject summaries."""
    return analyze_items(session, name, _names(models), _names(group) if group else [])


@router.get("/runs/{run_id}/audits/option-order", name="option_order_audit",
            dependencies=[ReadKeyDep])
def option_order_report(run_id: RowId, session: SessionDep,
                        benchmark: str | None = None) -> OrderAuditRead:
    """An option-order audit run's report: accuracy per arrangement with intervals, the
    spread between the best and the worst with its paired interval and test, pick rates per
    letter against the key's, the verdict, and the order-robust accuracy."""
    return order_audit(session, run_id, benchmark)


def _names(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]
