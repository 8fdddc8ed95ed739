"""Rendering an item into what a model is sent: the shared forms benchmarks build on. Pure.

Two styles: `loglikelihood` (multiple choice scored by log P(" X") after the context, the
Hendrycks / lm-evaluation-harness layout) and `chat` (messages, plus tools where a benchmark
has them). Each benchmark's solver chooses its forms (app.benchmarks.solvers); `build_prompt`
asks it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from app.benchmarks.prompt_types import BuiltPrompt, PromptItem, PromptUnavailable, Style
from app.benchmarks.prompts import (
    MCQ_LOGLIKELIHOOD,
    MCQ_OPTION_LINE,
    MCQ_SHOT,
)
from app.inference import content_parts
from app.methodology import McqPrompt
from app.scoring import LETTERS, ChoicePayload, choice_payload, read_payload

if TYPE_CHECKING:
    from app.benchmarks.protocol import Benchmark

__all__ = ["BuiltPrompt", "PromptItem", "PromptUnavailable", "Style", "build_prompt",
           "chat_turn", "generative_mcq", "loglikelihood_prompt", "options_text",
           "render_user_template", "with_images"]


def options_text(choices: Sequence[str], line: str) -> str:
    return "\n".join(line.format(letter=letter, text=text)
                     for letter, text in zip(LETTERS, choices, strict=False))


def loglikelihood_prompt(item: PromptItem, shots: Sequence[PromptItem]) -> BuiltPrompt:
    """lm-eval's multiple-choice layout, rendered from MCQ_LOGLIKELIHOOD / MCQ_SHOT /
    MCQ_OPTION_LINE (the hashed templates): description, shots each ending " X\n\n", the
    item, "Answer:"; the scored continuations are " A", " B", ..."""
    read = read_payload(item.payload)
    if not isinstance(read, ChoicePayload) or not read.choices:
        raise PromptUnavailable("loglikelihood prompts need a multiple-choice item")
    choices = read.choices
    header, question = MCQ_LOGLIKELIHOOD.split("{shots}")
    shown = [choice_payload(s.payload) for s in shots]
    prefix = header.format(subject=item.subject.replace("_", " ")) + "".join(
        MCQ_SHOT.format(question=s.question.strip(),
                        options=options_text(s.choices, MCQ_OPTION_LINE),
                        letter=(s.answers or ("?",))[0]) for s in shown)
    text = prefix + question.format(question=read.question.strip(),
                                    options=options_text(choices, MCQ_OPTION_LINE))
    return BuiltPrompt("loglikelihood", text=text,
                       continuations=[f" {letter}" for letter in LETTERS[:len(choices)]],
                       detail={"shots": [s.external_id for s in shots]}, shared_prefix=prefix)


def chat_turn(content: str) -> BuiltPrompt:
    """A single-turn chat prompt of one user message."""
    return BuiltPrompt("chat", turns=[[{"role": "user", "content": content}]])


def generative_mcq(prompt: McqPrompt, question: str, choices: Sequence[str]) -> str:
    """A methodology's multiple-choice prompt; its letters run to the item's last option."""
    return prompt.template.render(letters=prompt.joiner.join(LETTERS[:len(choices)]),
                                  question=question.strip(),
                                  options=options_text(choices, prompt.option_line))


_PLACEHOLDER = re.compile(r"\{(question|options|subject|letters)\}")


def render_user_template(template: str, item: PromptItem) -> str:
    """A custom benchmark's own template: {question}, {options}, {subject} and {letters}
    are replaced in one pass, and nothing else is interpreted (no format-string fields,
    attribute access or code), so an uploaded template cannot reach beyond the item."""
    read = read_payload(item.payload)
    choices = list(read.choices) if isinstance(read, ChoicePayload) else []
    values = {"question": read.question,
              "options": options_text(choices, MCQ_OPTION_LINE), "subject": item.subject,
              "letters": LETTERS[:len(choices)]}
    return _PLACEHOLDER.sub(lambda m: values[m.group(1)], template)


def with_images(built: BuiltPrompt, images: list[dict[str, str]]) -> BuiltPrompt:
    """Images go with the first user message as OpenAI image content parts."""
    first: dict[str, Any] = built.turns[0][0]
    built.turns[0][0] = {**first, "content": content_parts(str(first["content"]), images)}
    return built


def build_prompt(benchmark: Benchmark, item: PromptItem, *, style: Style, repeat: int = 0,
                 shots: Sequence[PromptItem] = ()) -> BuiltPrompt:
    """What the benchmark's solver sends for this item in this style."""
    return benchmark.solver.prompt(item, style, repeat, shots)
