"""The judge model: grades AA-Omniscience answers and second-checks MATH-500 answers that
math-verify rejected. Its prompts are versioned here and hashed into each run's config."""

from __future__ import annotations

import hashlib
import re

from app.runners.base import ChatRunner

OMNISCIENCE_JUDGE = (
    "You grade an answer to a knowledge question against the reference answer.\n"
    "Reply with exactly one word:\n"
    "CORRECT - the answer gives the reference answer (wording may differ);\n"
    "PARTIAL - the answer is on the right track but incomplete or imprecise;\n"
    "INCORRECT - the answer asserts something that contradicts the reference;\n"
    "NOT_ATTEMPTED - the answer declines, says it does not know, or gives no answer.\n\n"
    "Question: {question}\nReference answer: {reference}\nAnswer to grade: {answer}\n\nGrade:"
)
MATH_JUDGE = (
    "Decide whether two final answers to a math problem are mathematically equivalent "
    "(same value or set; formatting, units text and equivalent forms do not matter).\n"
    "Reply with exactly one word: EQUIVALENT or DIFFERENT.\n\n"
    "Problem: {problem}\nReference answer: {reference}\nAnswer: {answer}\n\nVerdict:"
)
JUDGE_PROMPT_VERSION = "2026-11-30"
JUDGE_PROMPT_SHA256 = hashlib.sha256(
    f"{JUDGE_PROMPT_VERSION}\n{OMNISCIENCE_JUDGE}\n{MATH_JUDGE}".encode()).hexdigest()
_GRADE = re.compile(r"NOT[_ ]ATTEMPTED|INCORRECT|PARTIAL|CORRECT", re.IGNORECASE)
_EQUIVALENT = re.compile(r"\b(EQUIVALENT|DIFFERENT)\b", re.IGNORECASE)


def read_grade(text: str | None) -> str | None:
    match = _GRADE.search(text or "")
    return None if match is None else match.group(0).upper().replace(" ", "_")


async def grade_omniscience(judge: ChatRunner, question: str, reference: str,
                            answer: str) -> tuple[str, str | None]:
    """(grade, the judge's raw reply). A reply naming no grade raises: guessing one would
    move the hallucination rate."""
    prompt = OMNISCIENCE_JUDGE.format(question=question, reference=reference, answer=answer)
    reply = await judge.chat([{"role": "user", "content": prompt}], tools=None,
                             max_tokens=16)
    grade = read_grade(reply.content)
    if grade is None:
        raise ValueError(f"unreadable judge grade: {(reply.content or '')[:80]!r}")
    return grade, reply.content


async def math_equivalent(judge: ChatRunner, problem: str, reference: str, answer: str
                          ) -> bool:
    prompt = MATH_JUDGE.format(problem=problem, reference=reference, answer=answer)
    reply = await judge.chat([{"role": "user", "content": prompt}], tools=None,
                             max_tokens=8)
    match = _EQUIVALENT.search(reply.content or "")
    if match is None:
        raise ValueError(f"unreadable judge verdict: {(reply.content or '')[:80]!r}")
    return match.group(1).upper() == "EQUIVALENT"
