"""PocketEval's own texts, used before the published method was adopted: runs made with
them keep this label, and `compare` does not pair them with runs of another methodology."""

from __future__ import annotations

from app.methodology.model import (
    Keyword,
    McqPrompt,
    Methodology,
    Template,
    Variant,
    WordGrades,
)
from app.scoring.answer_chain import StandaloneAnswerLine

MCQ = (
    "Answer the following multiple choice question. Think step by step, then finish with a "
    "final line of the form 'Answer: LETTER' (without quotes), where LETTER is one of "
    "{letters}.\n\n{question}\n\n{options}"
)
MATH = (
    "Solve the following math problem step by step. Put your final answer within "
    "\\boxed{{}}.\n\n{question}"
)
MATH_CHECKER = (
    "Decide whether two final answers to a math problem are mathematically equivalent "
    "(same value or set; formatting, units text and equivalent forms do not matter).\n"
    "Reply with exactly one word: EQUIVALENT or DIFFERENT.\n\n"
    "Problem: {problem}\nReference answer: {reference}\nAnswer: {answer}\n\nVerdict:"
)
KNOWLEDGE = (
    "You are answering a question about {domain}, in particular {topic}. Give a short, "
    "precise answer. If you do not know the answer, say so instead of guessing.\n\n"
    "Question: {question}"
)
KNOWLEDGE_GRADER = (
    "You grade an answer to a knowledge question against the reference answer.\n"
    "Reply with exactly one word:\n"
    "CORRECT - the answer gives the reference answer (wording may differ);\n"
    "PARTIAL - the answer is on the right track but incomplete or imprecise;\n"
    "INCORRECT - the answer asserts something that contradicts the reference;\n"
    "NOT_ATTEMPTED - the answer declines, says it does not know, or gives no answer.\n\n"
    "Question: {question}\nReference answer: {reference}\nAnswer to grade: {answer}\n\nGrade:"
)

POCKETEVAL_V1 = Methodology(
    name="pocketeval",
    version="1",
    title="PocketEval's own prompts and strict answer reading (before 2026-12)",
    source="PocketEval",
    mcq=McqPrompt(Template(MCQ), option_line="{letter}) {text}", joiner="",
                  everywhere=False),
    reader=StandaloneAnswerLine(),
    math_prompt=Template(MATH),
    math_checker=Template(MATH_CHECKER),
    math_checker_reply=Keyword(),
    knowledge_prompt=Template(KNOWLEDGE),
    knowledge_grader=Template(KNOWLEDGE_GRADER),
    knowledge_grades=WordGrades(),
    temperature={Variant.NON_REASONING: None, Variant.REASONING: None},
    definitions={
        "methodology.extraction": "the last standalone 'Answer: X' line (a bare letter "
        "reply too); the pattern is recorded on each sample (detail.pattern)",
        "methodology.sampling": "no temperature sent to endpoints unless the run sets "
        "one; GGUF runs at temperature 0",
    },
)
