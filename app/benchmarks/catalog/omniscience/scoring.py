"""AA-Omniscience: graded answers and the knowledge / hallucination metrics. Pure."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from app.benchmarks.catalog.omniscience.answers import posted_grade
from app.scoring import KeyedItem, Prediction, PredictionError, Status, Verdict

GRADES = ("CORRECT", "PARTIAL", "INCORRECT", "NOT_ATTEMPTED")
_ALIASES = {"PARTIAL_ANSWER": "PARTIAL", "NOT ATTEMPTED": "NOT_ATTEMPTED",
            "NOT-ATTEMPTED": "NOT_ATTEMPTED"}

DEFINITIONS = {
    "omniscience.source": "Artificial Analysis's definitions on "
    "https://artificialanalysis.ai/evaluations/omniscience (AA-Omniscience, arXiv "
    "2511.13029): the Index rewards correct answers, penalizes incorrect ones and does not "
    "penalize refusals; the hallucination rate is incorrect / (incorrect + partial "
    "answers + not attempted). The metrics below follow them; NVIDIA NeMo-Skills computes "
    "the same",
    "omniscience.accuracy": "CORRECT / N",
    "omniscience.hallucination_rate": "INCORRECT / (N - CORRECT): of the questions not "
    "answered correctly, the share answered wrongly instead of abstaining (PARTIAL_ANSWER "
    "and NOT_ATTEMPTED are not hallucinations)",
    "omniscience.non_hallucination_rate": "1 - hallucination_rate",
    "omniscience.component_score": "mean(accuracy, non_hallucination_rate); the Mobile "
    "Intelligence Index component",
    "omniscience.index": "100 * (CORRECT - INCORRECT) / N, PARTIAL counts 0; range -100..100",
    "omniscience.N": "questions x repeats; a missing answer counts as NOT_ATTEMPTED",
    "omniscience.partial_as_incorrect": "the other reading in circulation (lighteval "
    "0.13.0's aa_omniscience task): PARTIAL_ANSWER counted as incorrect, in the index "
    "(-1) and as a hallucination; shown beside the published reading, never in the "
    "component",
    "omniscience.grades_unread": "grader replies that were not one grade letter, graded "
    "NOT_ATTEMPTED as the published grader code does",
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
    posted = posted_grade(pred)
    if posted is None:
        raise PredictionError("grade", "AA-Omniscience needs a grade (CORRECT, PARTIAL, "
                              "INCORRECT or NOT_ATTEMPTED) from a judge")
    grade = normalize_grade(posted)
    text = pred.response if pred.response is not None else pred.answer
    answer = None if text is None else str(text)[:200]
    status: Status = Status.CORRECT if grade == "CORRECT" else Status.WRONG
    return Verdict(item.item_id, pred.repeat, status, answer, {"grade": grade})


@dataclass(frozen=True)
class PartialAsIncorrect:
    hallucination_rate: float
    index: float


@dataclass(frozen=True)
class OmniscienceSummary:
    """The grades and the figures the published method derives from them."""

    grades: dict[str, int]  # CORRECT, PARTIAL, INCORRECT, NOT_ATTEMPTED
    accuracy: float
    hallucination_rate: float
    non_hallucination_rate: float
    component_score: float
    index: float
    partial_as_incorrect: PartialAsIncorrect
    grades_unread: int

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


def omniscience_metrics(pairs: int, verdicts: Sequence[Verdict]) -> OmniscienceSummary | None:
    """Over the (item, repeat) pairs in scope: one without a grade was not attempted."""
    grades = Counter(str((v.detail or {}).get("grade")) for v in verdicts)
    n = pairs
    correct, incorrect = grades["CORRECT"], grades["INCORRECT"]
    partial = grades["PARTIAL"]
    not_attempted = n - correct - incorrect - partial
    if n == 0:
        return None
    accuracy = correct / n
    hallucination = incorrect / (n - correct) if n > correct else 0.0
    unread = sum(1 for v in verdicts if (v.detail or {}).get("grade_unread"))
    return OmniscienceSummary(
        grades={"CORRECT": correct, "PARTIAL": partial, "INCORRECT": incorrect,
                "NOT_ATTEMPTED": not_attempted},
        accuracy=accuracy,
        hallucination_rate=hallucination,
        non_hallucination_rate=1 - hallucination,
        component_score=(accuracy + 1 - hallucination) / 2,
        index=100 * (correct - incorrect) / n,
        partial_as_incorrect=PartialAsIncorrect(
            hallucination_rate=(incorrect + partial) / (n - correct) if n > correct
            else 0.0,
            index=100 * (correct - incorrect - partial) / n),
        grades_unread=unread)
