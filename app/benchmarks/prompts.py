"""Prompt templates shared by benchmarks; their text is hashed into benchmark records."""

from __future__ import annotations

# Hendrycks / lm-evaluation-harness layout, scored by log P(" X") after "Answer:".
MCQ_LOGLIKELIHOOD = (
    "The following are multiple choice questions (with answers) about {subject}.\n\n"
    "{shots}{question}\n{options}\nAnswer:"
)
MCQ_SHOT = "{question}\n{options}\nAnswer: {letter}\n\n"
MCQ_OPTION_LINE = "{letter}. {text}"


def template_text(*parts: str) -> str:
    """Concatenate the templates a benchmark uses, for display and hashing."""
    return "\n---\n".join(parts)

# Generative multiple choice (Artificial Analysis style): reason, then a final "Answer: X"
# line, read back with the last standalone "Answer: X" (app.scoring.extract), as
# simple-evals does.
MCQ_GENERATIVE = (
    "Answer the following multiple choice question. Think step by step, then finish with a "
    "final line of the form 'Answer: LETTER' (without quotes), where LETTER is one of "
    "{letters}.\n\n{question}\n\n{options}"
)
MCQ_GENERATIVE_OPTION_LINE = "{letter}) {text}"
