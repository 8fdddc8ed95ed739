"""What an AA-Omniscience prediction carries beside its response: the grade a judge gave
it, posted by a client that graded elsewhere or set by the configured grader."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from pydantic import Field

from app.benchmarks.answer_fields import AnswerFields
from app.scoring import Prediction


class GradedAnswer(AnswerFields):
    """`grade` (CORRECT, PARTIAL, INCORRECT, NOT_ATTEMPTED) with the `response` for graded
    knowledge questions."""

    # stored apart from the verdict's normalised `grade`
    kept: ClassVar[Mapping[str, str]] = {"grade": "posted_grade"}

    grade: str | None = Field(default=None, max_length=40)


def with_grade(item_id: int, repeat: int, response: str, grade: str) -> Prediction:
    """A graded response as the scorer reads it."""
    return Prediction(item_id=item_id, repeat=repeat, response=response,
                      extra={"grade": grade})


def posted_grade(pred: Prediction) -> str | None:
    grade = pred.extra.get("grade")
    return None if grade is None else str(grade)
