"""Rendering an item into what a model is sent. Pure: item data in, prompt out.

Two styles: `loglikelihood` (multiple choice scored by log P(" X") after the context, the
Hendrycks / lm-evaluation-harness layout) and `chat` (messages, plus tools for BFCL).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from app.benchmarks.prompts import (
    MATH_BOXED,
    MCQ_GENERATIVE,
    MCQ_GENERATIVE_OPTION_LINE,
    MCQ_LOGLIKELIHOOD,
    MCQ_OPTION_LINE,
    MCQ_SHOT,
    MOBILE_MMLU_GENERATIVE,
    OMNISCIENCE_QUESTION,
)
from app.benchmarks.spec import BenchmarkSpec, PromptStyle
from app.items.images import content_parts
from app.scoring.bfcl.tools import to_openai_tools
from app.scoring.choices import LETTERS
from app.scoring.gpqa import shuffled_options

Style = Literal["loglikelihood", "chat"]


class PromptUnavailable(ValueError):
    pass


@dataclass(frozen=True)
class PromptItem:
    external_id: str
    subject: str
    payload: Mapping[str, Any]
    meta: Mapping[str, Any] = field(default_factory=dict)


@dataclass
class BuiltPrompt:
    style: Style
    text: str | None = None  # loglikelihood context
    continuations: list[str] = field(default_factory=list)
    # chat: the user turns (one list of messages per turn; single-turn items have one)
    turns: list[list[dict[str, Any]]] = field(default_factory=list)
    tools: list[dict[str, Any]] | None = None
    detail: dict[str, Any] = field(default_factory=dict)
    # loglikelihood: the start of `text` shared by every item of the subject (header and
    # shots), which a local runner evaluates once and keeps in its cache
    shared_prefix: str = ""


def _options(choices: Sequence[str], line: str) -> str:
    return "\n".join(line.format(letter=letter, text=text)
                     for letter, text in zip(LETTERS, choices, strict=False))


def loglikelihood_prompt(item: PromptItem, shots: Sequence[PromptItem]) -> BuiltPrompt:
    """lm-eval's MMLU layout, rendered from MCQ_LOGLIKELIHOOD / MCQ_SHOT / MCQ_OPTION_LINE
    (the hashed templates): description, shots each ending " X\n\n", the item, "Answer:";
    the scored continuations are " A", " B", ..."""
    choices = item.payload.get("choices")
    if not choices:
        raise PromptUnavailable("loglikelihood prompts need a multiple-choice item")
    header, question = MCQ_LOGLIKELIHOOD.split("{shots}")
    prefix = header.format(subject=item.subject.replace("_", " ")) + "".join(
        MCQ_SHOT.format(question=s.payload["question"].strip(),
                        options=_options(s.payload["choices"], MCQ_OPTION_LINE),
                        letter=(s.payload.get("answers") or ["?"])[0]) for s in shots)
    text = prefix + question.format(question=item.payload["question"].strip(),
                                    options=_options(choices, MCQ_OPTION_LINE))
    return BuiltPrompt("loglikelihood", text=text,
                       continuations=[f" {letter}" for letter in LETTERS[:len(choices)]],
                       detail={"shots": [s.external_id for s in shots]}, shared_prefix=prefix)


def _user(content: str) -> list[dict[str, Any]]:
    return [{"role": "user", "content": content}]


def _generative_mcq(question: str, choices: Sequence[str]) -> str:
    return MCQ_GENERATIVE.format(letters=LETTERS[:len(choices)], question=question.strip(),
                                 options=_options(choices, MCQ_GENERATIVE_OPTION_LINE))


_PLACEHOLDER = re.compile(r"\{(question|options|subject|letters)\}")


def render_user_template(template: str, item: PromptItem) -> str:
    """A custom benchmark's own template: {question}, {options}, {subject} and {letters}
    are replaced in one pass, and nothing else is interpreted (no format-string fields,
    attribute access or code), so an uploaded template cannot reach beyond the item."""
    choices = list(item.payload.get("choices") or [])
    values = {"question": str(item.payload.get("question", "")),
              "options": _options(choices, MCQ_OPTION_LINE), "subject": item.subject,
              "letters": LETTERS[:len(choices)]}
    return _PLACEHOLDER.sub(lambda m: values[m.group(1)], template)


ChatBuilder = Callable[[BenchmarkSpec, PromptItem, int], BuiltPrompt]


def _mcq(spec: BenchmarkSpec, item: PromptItem, repeat: int) -> BuiltPrompt:
    return BuiltPrompt("chat", turns=[_user(_generative_mcq(item.payload["question"],
                                                            item.payload["choices"]))])


def _mobile_mmlu(spec: BenchmarkSpec, item: PromptItem, repeat: int) -> BuiltPrompt:
    return BuiltPrompt("chat", turns=[_user(MOBILE_MMLU_GENERATIVE.format(
        question=item.payload["question"],
        options=_options(item.payload["choices"], MCQ_OPTION_LINE)))])


def _gpqa(spec: BenchmarkSpec, item: PromptItem, repeat: int) -> BuiltPrompt:
    shown, correct, order = shuffled_options(list(item.payload["choices"]), item.external_id,
                                             repeat)
    return BuiltPrompt("chat", turns=[_user(_generative_mcq(item.payload["question"], shown))],
                       detail={"permutation": order, "correct_letter": correct})


def _math(spec: BenchmarkSpec, item: PromptItem, repeat: int) -> BuiltPrompt:
    return BuiltPrompt("chat", turns=[_user(MATH_BOXED.format(
        question=item.payload["question"]))])


def _omniscience(spec: BenchmarkSpec, item: PromptItem, repeat: int) -> BuiltPrompt:
    return BuiltPrompt("chat", turns=[_user(OMNISCIENCE_QUESTION.format(
        domain=item.subject, topic=item.meta.get("topic", item.subject),
        question=item.payload["question"]))])


def _bfcl(spec: BenchmarkSpec, item: PromptItem, repeat: int) -> BuiltPrompt:
    return BuiltPrompt("chat", turns=[list(turn) for turn in item.payload["turns"]],
                       tools=to_openai_tools(item.payload["functions"]))


def _plain(spec: BenchmarkSpec, item: PromptItem, repeat: int) -> BuiltPrompt:
    return BuiltPrompt("chat", turns=[_user(str(item.payload["question"]))])


def _user_template(spec: BenchmarkSpec, item: PromptItem, repeat: int) -> BuiltPrompt:
    return BuiltPrompt("chat", turns=[_user(render_user_template(spec.prompt_template, item))])


CHAT_BUILDERS: dict[PromptStyle, ChatBuilder] = {
    PromptStyle.MCQ: _mcq, PromptStyle.MOBILE_MMLU: _mobile_mmlu, PromptStyle.GPQA: _gpqa,
    PromptStyle.MATH: _math, PromptStyle.OMNISCIENCE: _omniscience, PromptStyle.BFCL: _bfcl,
    PromptStyle.PLAIN: _plain, PromptStyle.USER_TEMPLATE: _user_template,
}


def chat_prompt(spec: BenchmarkSpec, item: PromptItem, repeat: int) -> BuiltPrompt:
    return CHAT_BUILDERS[spec.style](spec, item, repeat)


def _with_images(built: BuiltPrompt, images: list[dict[str, str]]) -> BuiltPrompt:
    """Images go with the first user message as OpenAI image content parts."""
    first = built.turns[0][0]
    built.turns[0][0] = {**first, "content": content_parts(str(first["content"]), images)}
    return built


def build_prompt(spec: BenchmarkSpec, item: PromptItem, *, style: Style, repeat: int = 0,
                 shots: Sequence[PromptItem] = ()) -> BuiltPrompt:
    images = item.payload.get("images") or []
    if style == "loglikelihood":
        if not spec.loglikelihood_capable:
            raise PromptUnavailable(f"{spec.name} has no loglikelihood form; use chat")
        if images:
            raise PromptUnavailable("items with images have no loglikelihood form; use chat")
        return loglikelihood_prompt(item, shots)
    built = chat_prompt(spec, item, repeat)
    return _with_images(built, images) if images else built
