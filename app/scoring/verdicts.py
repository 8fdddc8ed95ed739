"""Per-sample verdicts for MCQ and free-text items. Pure: plain data in, Verdict out."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, NamedTuple

from app.scoring.extract import normalize_text


class Status(StrEnum):
    """A sample's verdict. A StrEnum, so stored and posted strings compare equal to it."""

    CORRECT = "correct"
    WRONG = "wrong"
    UNPARSED = "unparsed"  # no answer could be read from the response
    UNSCORED = "unscored"  # the item has no answer key
    ERROR = "error"  # the scorer, a check or a grader raised: no verdict on the model


@dataclass(frozen=True, slots=True)
class KeyedItem:
    """What scoring needs of an item: its subject, K, the answer key and, for scorers that
    need more (tools, instructions, references), its stored payload."""

    item_id: int
    subject: str
    n_choices: int | None
    answers: frozenset[str]  # correct letters (mcq) or normalised references (freeform)
    external_id: str = ""
    payload: Mapping[str, Any] = field(default_factory=dict)
    # set for items whose key is the payload itself (tools, instructions), not `answers`
    payload_keyed: bool = False

    @property
    def keyed(self) -> bool:
        return self.payload_keyed or bool(self.answers)


@dataclass(frozen=True)
class Scope:
    """The (item, repeat) pairs a set is scored over: every repeat of every item (a pair
    without a prediction is wrong), or, with missing predictions excluded, only the pairs
    predicted: the denominators count the pairs in scope."""

    repeats: int
    predicted: Mapping[int, int] | None = None  # item -> its repeats predicted

    @classmethod
    def excluding_missing(cls, repeats: int, verdicts: Iterable[Verdict]) -> Scope:
        return cls(repeats, Counter(v.item_id for v in verdicts))

    def of(self, item_id: int) -> int:
        """The item's repeats in scope."""
        return self.repeats if self.predicted is None else self.predicted.get(item_id, 0)

    def pairs(self, items: Iterable[KeyedItem]) -> int:
        return sum(self.of(it.item_id) for it in items)


class Verdict(NamedTuple):
    """A tuple, not a dataclass: batches hold 100k of them and tuples build fastest."""

    item_id: int
    repeat: int
    status: Status
    answer: str | None  # the letter / normalised text that was judged
    detail: Mapping[str, Any] | None = None  # scorer-specific evidence kept on the sample

    @property
    def score(self) -> float:
        return 1.0 if self.status == "correct" else 0.0


def judge_choice(item: KeyedItem, repeat: int, letter: str | None) -> Verdict:
    """A multi-correct item is correct for any of its correct letters."""
    if letter is None:
        status: Status = Status.UNPARSED
    elif not item.keyed:
        status = Status.UNSCORED
    else:
        status = Status.CORRECT if letter in item.answers else Status.WRONG
    return Verdict(item.item_id, repeat, status, letter)


def judge_text(item: KeyedItem, repeat: int, text: str | None) -> Verdict:
    if text is None or not normalize_text(text):
        return Verdict(item.item_id, repeat, Status.UNPARSED, None)
    norm = normalize_text(text)
    if not item.keyed:
        return Verdict(item.item_id, repeat, Status.UNSCORED, norm)
    status = Status.CORRECT if norm in item.answers else Status.WRONG
    return Verdict(item.item_id, repeat, status, norm)


ERROR_DETAIL_CHARS = 500


def error_verdict(item: KeyedItem, repeat: int, exc: BaseException) -> Verdict:
    """The sample's verdict when judging it raised: an error of the scoring, with the
    exception's type and message kept in its detail, never a wrong answer."""
    message = f"{type(exc).__name__}: {exc}"[:ERROR_DETAIL_CHARS]
    return Verdict(item.item_id, repeat, Status.ERROR, None, {"error": message})


MAX_ERROR_SHARE = 0.01  # past this share of samples that could not be scored, a run fails


def scoring_failure(errors: int, samples: int, first_error: str | None) -> str | None:
    """Why a run whose scoring failed on too many samples cannot stand, or None: past a
    small share, the figures describe the environment (missing data files, a broken
    checker), not the model."""
    if not samples or errors <= samples * MAX_ERROR_SHARE:
        return None
    return (f"{errors} of {samples} sample(s) could not be scored (more than "
            f"{MAX_ERROR_SHARE:.0%}); first: {first_error}")
