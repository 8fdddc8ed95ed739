"""Predictions whose verdicts are known, for telling whether a scorer works on this host.

A scorer that depends on data files or libraries (NLTK's tokenizers and tagger, sympy) can be
broken by the environment without a sound: every sample it judges then reads as the model's
failure. Judging a few answers whose verdicts are known, one per kind of check and both
ways, tells a broken environment from a weak model before any run. Pure."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from app.scoring.predictions import Prediction
from app.scoring.verdicts import KeyedItem, Status, Verdict


@dataclass(frozen=True)
class KnownAnswer:
    name: str  # what it exercises, e.g. "words:start_verb follows"
    item: KeyedItem
    prediction: Prediction
    expected: Status


def disagreements(judge: Callable[[KeyedItem, Prediction], Verdict],
                  answers: Sequence[KnownAnswer]) -> list[str]:
    """One line per known answer the scorer judged otherwise, naming the answer, what it
    gave (with the error where it raised) and what was expected."""
    out = []
    for known in answers:
        verdict = judge(known.item, known.prediction)
        if verdict.status == known.expected:
            continue
        got = str(verdict.status)
        if verdict.status == Status.ERROR:
            got += f" ({(verdict.detail or {}).get('error')})"
        out.append(f"{known.name}: {got}, expected {known.expected}")
    return out
