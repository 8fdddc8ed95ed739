"""MATH-500's second opinion: answers math-verify rejected, put to the grader model with
the methodology's equality checker."""

from __future__ import annotations

from typing import NamedTuple

from app.benchmarks.protocol import Grader
from app.inference import ask
from app.methodology import Methodology

MAX_REPLY_TOKENS = 8
# the methodology's texts of this benchmark, by role
PROMPT, CHECKER = "math-500.prompt", "math-500.checker"


class Checked(NamedTuple):
    """The checker's verdict and the reply it was read from (kept on the sample, so that the
    verdict can be read again from the reply by the methodology's rule)."""

    equal: bool
    reply: str | None


async def equivalent(grader: Grader, methodology: Methodology, problem: str, reference: str,
                     answer: str) -> Checked:
    """The checker's verdict on (reference, answer): the reference is the first
    expression, as the published checker is called."""
    prompt = methodology.text(CHECKER).render(expression1=reference, expression2=answer,
                                              problem=problem, reference=reference,
                                              answer=answer)
    reply = await ask(grader, prompt, max_tokens=MAX_REPLY_TOKENS)
    return Checked(methodology.equality(CHECKER).equal(reply), reply)
