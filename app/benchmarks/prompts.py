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

# Generative multiple choice (GPQA, AA-style MMLU runs): reason, then a final "Answer: X" line,
# read back with the last standalone "Answer: X" (app.scoring.extract), as simple-evals does.
MCQ_GENERATIVE = (
    "Answer the following multiple choice question. Think step by step, then finish with a "
    "final line of the form 'Answer: LETTER' (without quotes), where LETTER is one of "
    "{letters}.\n\n{question}\n\n{options}"
)
MCQ_GENERATIVE_OPTION_LINE = "{letter}) {text}"

# MATH-500: step-by-step solution, final answer in \boxed{} (read from the last box).
MATH_BOXED = (
    "Solve the following math problem step by step. Put your final answer within "
    "\\boxed{{}}.\n\n{question}"
)

# AA-Omniscience: a short answer, and abstaining is better than guessing (hallucinations
# are penalised). The official prompt is not public; this one is PocketEval's, versioned here.
OMNISCIENCE_QUESTION = (
    "You are answering a question about {domain}, in particular {topic}. Give a short, "
    "precise answer. If you do not know the answer, say so instead of guessing.\n\n"
    "Question: {question}"
)
