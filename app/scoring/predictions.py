"""Scoring a batch of posted predictions against keyed items. Pure: no I/O in this loop."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from app.scoring.choices import AnswerError, one_letter
from app.scoring.extract import extract_choice, strip_think
from app.scoring.verdicts import KeyedItem, Verdict, judge_choice, judge_text


@dataclass(frozen=True, slots=True)
class Prediction:
    """One posted prediction: `answer` (already extracted) or `response` (raw model text)."""

    item_id: int | None = None
    external_id: str | None = None
    repeat: int = 0
    answer: str | int | None = None
    response: str | None = None


@dataclass
class ScoredBatch:
    verdicts: list[Verdict] = field(default_factory=list)
    # index into the posted list of every verdict, so callers can keep the raw text
    sources: list[int] = field(default_factory=list)
    unknown: list[str] = field(default_factory=list)
    errors: list[tuple[int, str, str]] = field(default_factory=list)  # (index, field, message)


def score_predictions(kind: str, items: Mapping[int, KeyedItem],
                      external_ids: Mapping[str, int],
                      predictions: Sequence[Prediction]) -> ScoredBatch:
    """Verdict per prediction. Unknown item references are counted, not fatal; malformed
    predictions (no answer, unknown letter, duplicate (item, repeat)) are collected as errors."""
    out = ScoredBatch()
    seen: set[tuple[int, int]] = set()
    for index, pred in enumerate(predictions):
        if pred.item_id is not None:
            item = items.get(pred.item_id)
            ref = str(pred.item_id)
        elif pred.external_id is not None:
            found = external_ids.get(pred.external_id)
            item = items.get(found) if found is not None else None
            ref = pred.external_id
        else:
            out.errors.append((index, "item_id", "name the item by item_id or external_id"))
            continue
        if item is None:
            out.unknown.append(ref)
            continue
        if (pred.answer is None) == (pred.response is None):
            out.errors.append((index, "answer", "give exactly one of answer or response"))
            continue
        key = (item.item_id, pred.repeat)
        if key in seen:
            out.errors.append((index, "repeat", f"second prediction for item {ref} "
                               f"repeat {pred.repeat}"))
            continue
        seen.add(key)
        if kind == "mcq":
            if pred.response is not None:
                letter = extract_choice(pred.response)
            else:
                try:
                    letter = one_letter(pred.answer, item.n_choices or 0)
                except AnswerError as exc:
                    out.errors.append((index, "answer", str(exc)))
                    continue
            verdict = judge_choice(item, pred.repeat, letter)
        else:
            text = strip_think(pred.response)[0] if pred.response is not None else str(pred.answer)
            verdict = judge_text(item, pred.repeat, text)
        out.verdicts.append(verdict)
        out.sources.append(index)
    return out
