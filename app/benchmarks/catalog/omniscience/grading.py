"""AA-Omniscience answers graded by the configured grader model, through the grader port."""

from __future__ import annotations

import re

from app.benchmarks.protocol import Grader
from app.runners.grader import ask

GRADER_PROMPT = (
    "You grade an answer to a knowledge question against the reference answer.\n"
    "Reply with exactly one word:\n"
    "CORRECT - the answer gives the reference answer (wording may differ);\n"
    "PARTIAL - the answer is on the right track but incomplete or imprecise;\n"
    "INCORRECT - the answer asserts something that contradicts the reference;\n"
    "NOT_ATTEMPTED - the answer declines, says it does not know, or gives no answer.\n\n"
    "Question: {question}\nReference answer: {reference}\nAnswer to grade: {answer}\n\nGrade:"
)
_GRADE = re.compile(r"NOT[_ ]ATTEMPTED|INCORRECT|PARTIAL|CORRECT", re.IGNORECASE)


def read_grade(text: str | None) -> str | None:
    match = _GRADE.search(text or "")
    return None if match is None else match.group(0).upper().replace(" ", "_")


async def grade(grader: Grader, question: str, reference: str, answer: str
                ) -> tuple[str, str | None]:
    """(grade, the grader's raw reply). A reply naming no grade raises: guessing one would
    move the hallucination rate."""
    reply = await ask(grader, GRADER_PROMPT.format(question=question, reference=reference,
                                                   answer=answer), max_tokens=16)
    found = read_grade(reply)
    if found is None:
        raise ValueError(f"unreadable judge grade: {(reply or '')[:80]!r}")
    return found, reply
