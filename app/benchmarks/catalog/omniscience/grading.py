"""AA-Omniscience answers graded by the configured grader model, through the grader port,
with the methodology's grader template and its reading of the reply."""

from __future__ import annotations

from app.benchmarks.protocol import Grader
from app.inference import ask
from app.methodology import GradeReading, Methodology

MAX_REPLY_TOKENS = 16
# the methodology's texts of this benchmark, by role
PROMPT, GRADER = "aa-omniscience.prompt", "aa-omniscience.grader"


async def grade(grader: Grader, methodology: Methodology, question: str, reference: str,
                answer: str) -> tuple[GradeReading, str | None]:
    """(the grade as the methodology reads the reply, the grader's raw reply)."""
    prompt = methodology.text(GRADER).render(
        question=question, target=reference, predicted_answer=answer, reference=reference,
        answer=answer)
    reply = await ask(grader, prompt, max_tokens=MAX_REPLY_TOKENS)
    return methodology.grades(GRADER).read(reply), reply
