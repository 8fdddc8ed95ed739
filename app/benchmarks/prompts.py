"""Prompt templates shared by catalog entries; their text is hashed into benchmark records."""

from __future__ import annotations

# Hendrycks / lm-evaluation-harness layout, scored by log P(" X") after "Answer:".
MCQ_LOGLIKELIHOOD = (
    "The following are multiple choice questions (with answers) about {subject}.\n\n"
    "{shots}{question}\n{options}\nAnswer:"
)
MCQ_SHOT = "{question}\n{options}\nAnswer: {letter}\n\n"
MCQ_OPTION_LINE = "{letter}. {text}"

# The Mobile-MMLU authors' zero-shot prompt (note the full-width colon at the end).
MOBILE_MMLU_GENERATIVE = (
    "Answer the following multiple choice question and provide only letter of the correct "
    "answer.\n{question}\n{options}\nAnswer\uff1a\n"
)


def template_text(*parts: str) -> str:
    """Concatenate the templates a benchmark uses, for display and hashing."""
    return "\n---\n".join(parts)
