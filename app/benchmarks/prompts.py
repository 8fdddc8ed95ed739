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
