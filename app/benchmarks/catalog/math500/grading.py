"""MATH-500's second opinion: answers math-verify rejected, put to the grader model."""

from __future__ import annotations

import re

from app.benchmarks.protocol import Grader
from app.runners.grader import ask

GRADER_PROMPT = (
    "Decide whether two final answers to a math problem are mathematically equivalent "
    "(same value or set; formatting, units text and equivalent forms do not matter).\n"
    "Reply with exactly one word: EQUIVALENT or DIFFERENT.\n\n"
    "Problem: {problem}\nReference answer: {reference}\nAnswer: {answer}\n\nVerdict:"
)
_EQUIVALENT = re.compile(r"\b(EQUIVALENT|DIFFERENT)\b", re.IGNORECASE)


async def equivalent(grader: Grader, problem: str, reference: str, answer: str) -> bool:
    reply = await ask(grader, GRADER_PROMPT.format(problem=problem, reference=reference,
                                                   answer=answer), max_tokens=8)
    match = _EQUIVALENT.search(reply or "")
    if match is None:
        raise ValueError(f"unreadable judge verdict: {(reply or '')[:80]!r}")
    return match.group(1).upper() == "EQUIVALENT"
