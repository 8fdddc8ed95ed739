"""AA-Omniscience: graded answers and the knowledge / hallucination metrics. Pure."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from app.scoring.predictions import Prediction, PredictionError
from app.scoring.verdicts import KeyedItem, Status, Verdict

GRADES = ("CORRECT", "PARTIAL", "INCORRECT", "NOT_ATTEMPTED")
_ALIASES = {"PARTIAL_ANSWER": "PARTIAL", "NOT ATTEMPTED": "NOT_ATTEMPTED",
            "NOT-ATTEMPTED": "NOT_ATTEMPTED"}

DEFINITIONS = {
    "omniscience.accuracy": "CORRECT / N",
    "omniscience.hallucination_rate": "INCORRECT / (N - CORRECT): of the questions not "
    "answered correctly, the share answered wrongly instead of abstaining (PARTIAL and "
    "NOT_ATTEMPTED are not hallucinations)",
    "omniscience.non_hallucination_rate": "1 - hallucination_rate",
    "omniscience.component_score": "mean(accuracy, non_hallucination_rate); the Mobile "
    "Intelligence Index component",
    "omniscience.index": "100 * (CORRECT - INCORRECT) / N, PARTIAL counts 0; range -100..100",
    "omniscience.N": "questions x repeats; a missing answer counts as NOT_ATTEMPTED",
}


def normalize_grade(value: str) -> str:
    grade = value.strip().upper()
    grade = _ALIASES.get(grade, grade)
    if grade not in GRADES:
        raise PredictionError("grade", f"unknown grade {value!r}; expected one of "
                              f"{', '.join(GRADES)}")
    return grade


def judge_omniscience(item: KeyedItem, pred: Prediction) -> Verdict:
    """The grade decides; the answer text is kept for the transcript."""
    if pred.grade is None:
        raise PredictionError("grade", "AA-Omniscience needs a grade (CORRECT, PARTIAL, "
                              "INCORRECT or NOT_ATTEMPTED) from a judge")
    grade = normalize_grade(pred.grade)
    text = pred.response if pred.response is not None else pred.answer
    answer = None if text is None else str(text)[:200]
    status: Status = Status.CORRECT if grade == "CORRECT" else Status.WRONG
    return Verdict(item.item_id, pred.repeat, status, answer, {"grade": grade})


def omniscience_metrics(n_items: int, repeats: int, verdicts: Sequence[Verdict]
                        ) -> dict[str, Any]:
    grades = Counter(str((v.detail or {}).get("grade")) for v in verdicts)
    n = n_items * repeats
    correct, incorrect = grades["CORRECT"], grades["INCORRECT"]
    partial = grades["PARTIAL"]
    not_attempted = n - correct - incorrect - partial
    if n == 0:
        return {}
    accuracy = correct / n
    hallucination = incorrect / (n - correct) if n > correct else 0.0
    return {
        "grades": {"CORRECT": correct, "PARTIAL": partial, "INCORRECT": incorrect,
                   "NOT_ATTEMPTED": not_attempted},
        "accuracy": accuracy,
        "hallucination_rate": hallucination,
        "non_hallucination_rate": 1 - hallucination,
        "component_score": (accuracy + 1 - hallucination) / 2,
        "index": 100 * (correct - incorrect) / n,
    }
