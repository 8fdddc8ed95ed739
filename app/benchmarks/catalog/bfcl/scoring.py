"""Verdicts for the three BFCL v4 categories and the BFCL score."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from app.benchmarks.catalog.bfcl.answers import posted_turns
from app.benchmarks.catalog.bfcl.ast_match import check_multiple
from app.benchmarks.catalog.bfcl.calls import Call, InvalidCall, decode_tool_calls
from app.benchmarks.catalog.bfcl.multi_turn import replay
from app.benchmarks.catalog.bfcl.payload import tool_call_payload
from app.scoring import KeyedItem, Prediction, PredictionError, Scope, Status, Verdict

CATEGORIES = ("multiple", "multi_turn_base", "irrelevance")

DEFINITIONS = {
    "bfcl.multiple": "AST match of the single call against the possible answers (BFCL's "
    "type, string-normalisation and optional-parameter rules)",
    "bfcl.irrelevance": "correct iff the response holds no decodable function call",
    "bfcl.multi_turn_base": "per turn, the model's calls and the ground truth run on fresh "
    "instances of the BFCL environment classes; states must be equal and the ground-truth "
    "results must appear among the model's; at most 20 steps a turn",
    "bfcl.score": "unweighted mean of the accuracies of multiple, multi_turn_base and "
    "irrelevance (each 1/3); null until all three are scored",
}


def _render(calls: Sequence[Call]) -> str:
    return "; ".join(c.render() for c in calls)[:200]


def judge_bfcl(item: KeyedItem, pred: Prediction) -> Verdict:
    category = item.subject
    detail: dict[str, Any] = {"category": category}
    if category == "multi_turn_base":
        turns = posted_turns(pred)
        if turns is None:
            raise PredictionError("turns", "multi-turn items need `turns`: per user turn, "
                                  "the list of assistant steps with their tool_calls")
        outcome = replay(item.payload, turns)
        detail |= {"error_type": outcome.error_type or None, "error": outcome.error or None,
                   "replay": outcome.turns}
        return Verdict(item.item_id, pred.repeat, Status.CORRECT if outcome.valid else Status.WRONG,
                       None, detail)
    try:
        calls = decode_tool_calls(pred.tool_calls)
    except InvalidCall as exc:
        # BFCL: an undecodable response holds no function call
        detail |= {"decode_error": str(exc)}
        status: Status = Status.CORRECT if category == "irrelevance" else Status.WRONG
        return Verdict(item.item_id, pred.repeat, status, None, detail)
    if category == "irrelevance":
        detail |= {"calls": len(calls)}
        return Verdict(item.item_id, pred.repeat, Status.WRONG if calls else Status.CORRECT,
                       _render(calls) or None, detail)
    read = tool_call_payload(item.payload)
    check = check_multiple(read.functions, calls, read.ground_truth)
    detail |= {"error_type": check.error_type or None, "error": check.error or None}
    return Verdict(item.item_id, pred.repeat, Status.CORRECT if check.valid else Status.WRONG,
                   _render(calls) or None, detail)


@dataclass(frozen=True)
class BfclSummary:
    """Per-category accuracy (None: no item of the category) and the BFCL score."""

    categories: dict[str, float | None]
    score: float | None
    missing_categories: list[str]

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


def bfcl_summary(items: Sequence[KeyedItem], verdicts: Sequence[Verdict], scope: Scope
                 ) -> BfclSummary:
    """Per-category accuracy over the evaluation set's (item, repeat) pairs in scope and the
    equal-weight BFCL score."""
    n = {c: 0 for c in CATEGORIES}
    for it in items:
        if it.subject in n:
            n[it.subject] += scope.of(it.item_id)
    correct = {c: 0 for c in CATEGORIES}
    for v in verdicts:
        category = (v.detail or {}).get("category")
        if v.status == "correct" and category in correct:
            correct[category] += 1
    accuracy = {c: correct[c] / n[c] if n[c] else None for c in CATEGORIES}
    present = [a for a in accuracy.values() if a is not None]
    return BfclSummary(accuracy, sum(present) / 3 if len(present) == 3 else None,
                       [c for c in CATEGORIES if accuracy[c] is None])
