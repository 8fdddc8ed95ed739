"""Scoring a batch of posted predictions against keyed items. Pure: no I/O in this loop."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from app.scoring.answer_chain import LetterReader, strict_letter
from app.scoring.choices import AnswerError, one_letter
from app.scoring.extract import strip_think
from app.scoring.verdicts import KeyedItem, Verdict, error_verdict, judge_choice, judge_text


@dataclass(frozen=True, slots=True)
class Prediction:
    """One posted prediction. Which fields a benchmark reads depends on its scorer:
    `answer` (already extracted) or `response` (raw model text) for MCQ and free text,
    `tool_calls` for tool calling; `extra` holds, as plain JSON values by field name, what
    a benchmark declares beyond these (its answer fields), read only by its own scorer."""

    item_id: int | None = None
    external_id: str | None = None
    repeat: int = 0
    answer: str | int | None = None
    response: str | None = None
    tool_calls: Sequence[Mapping[str, Any]] | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass
class ScoredBatch:
    verdicts: list[Verdict] = field(default_factory=list)
    # index into the posted list of every verdict, so callers can keep the raw text
    sources: list[int] = field(default_factory=list)
    unknown: list[str] = field(default_factory=list)
    errors: list[tuple[int, str, str]] = field(default_factory=list)  # (index, field, message)


class PredictionError(AnswerError):
    """A malformed prediction; `field` names the offending prediction field."""

    def __init__(self, field_name: str, message: str) -> None:
        super().__init__(message)
        self.field = field_name


VerdictFn = Callable[[KeyedItem, Prediction], Verdict]


def one_of_answer_or_response(pred: Prediction) -> None:
    if (pred.answer is None) == (pred.response is None):
        raise PredictionError("answer", "give exactly one of answer or response")


def read_letter(pred: Prediction, n_choices: int, reader: LetterReader
                ) -> tuple[str | None, dict[str, Any]]:
    """The chosen letter and how it was read: a response by `reader` (the pattern that
    decided and the strict reading beside it are kept), an answer as given."""
    one_of_answer_or_response(pred)
    if pred.response is None:
        return one_letter(pred.answer, n_choices), {}
    reading = reader.read(pred.response)
    return reading.letter, {"pattern": reading.pattern, "strict": strict_letter(pred.response)}


def judge_mcq(item: KeyedItem, pred: Prediction, reader: LetterReader) -> Verdict:
    letter, how = read_letter(pred, item.n_choices or 0, reader)
    verdict = judge_choice(item, pred.repeat, letter)
    return verdict._replace(detail=how) if how else verdict


def judge_freeform(item: KeyedItem, pred: Prediction) -> Verdict:
    one_of_answer_or_response(pred)
    text = strip_think(pred.response)[0] if pred.response is not None else str(pred.answer)
    return judge_text(item, pred.repeat, text)


def judge_or_error(judge: VerdictFn, item: KeyedItem, pred: Prediction) -> Verdict:
    """judge(item, pred), or an `error` verdict where judging raised for a reason other than
    the prediction's own form (AnswerError, a 4xx of the caller): a scorer, check or grader
    that fails says nothing about the model."""
    try:
        return judge(item, pred)
    except AnswerError:
        raise
    except Exception as exc:  # noqa: BLE001  (kept on the sample, counted, never a verdict)
        return error_verdict(item, pred.repeat, exc)


@dataclass(frozen=True, slots=True)
class Matched:
    """A prediction with the item it names, and its place in the posted list."""

    index: int
    item: KeyedItem
    prediction: Prediction


Refusal = tuple[str, str]  # (field, message): the prediction's own form is wrong
Judged = Verdict | Refusal


def match_predictions(items: Mapping[int, KeyedItem], external_ids: Mapping[str, int],
                      predictions: Sequence[Prediction]) -> tuple[list[Matched], ScoredBatch]:
    """Each prediction with the item it names. Unknown item references are counted on the
    batch, not fatal; a prediction that names no item, or a second one for an (item,
    repeat), is one of the batch's errors."""
    out = ScoredBatch()
    matched: list[Matched] = []
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
        key = (item.item_id, pred.repeat)
        if key in seen:
            out.errors.append((index, "repeat", f"second prediction for item {ref} "
                               f"repeat {pred.repeat}"))
            continue
        seen.add(key)
        matched.append(Matched(index, item, pred))
    return matched, out


def judge_matched(judge: VerdictFn, matched: Sequence[Matched]) -> list[Judged]:
    """A verdict per matched prediction (`error` where judging raised), or the refusal of a
    malformed one (the judge raised AnswerError)."""
    judged: list[Judged] = []
    for m in matched:
        try:
            judged.append(judge_or_error(judge, m.item, m.prediction))
        except PredictionError as exc:
            judged.append((exc.field, str(exc)))
        except AnswerError as exc:
            judged.append(("answer", str(exc)))
    return judged


def add_judged(batch: ScoredBatch, matched: Sequence[Matched], judged: Sequence[Judged]
               ) -> ScoredBatch:
    """The batch with each judged prediction as a verdict or an error, in posted order."""
    errors = list(batch.errors)
    for m, result in zip(matched, judged, strict=True):
        if isinstance(result, Verdict):
            batch.verdicts.append(result)
            batch.sources.append(m.index)
        else:
            errors.append((m.index, *result))
    batch.errors = sorted(errors)
    return batch


def score_predictions(judge: VerdictFn, items: Mapping[int, KeyedItem],
                      external_ids: Mapping[str, int],
                      predictions: Sequence[Prediction]) -> ScoredBatch:
    """Verdict per prediction from `judge(item, prediction)`, in this process: unknown
    references counted, malformed predictions collected as errors, and a judge that raises
    otherwise an `error` verdict of its sample."""
    matched, batch = match_predictions(items, external_ids, predictions)
    return add_judged(batch, matched, judge_matched(judge, matched))
