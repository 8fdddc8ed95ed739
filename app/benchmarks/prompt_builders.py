"""Rendering an item into what a model is sent. Pure: item data in, prompt out.

Two styles: `loglikelihood` (multiple choice scored by log P(" X") after the context, the
Hendrycks / lm-evaluation-harness layout) and `chat` (messages, plus tools for BFCL).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from app.benchmarks.prompts import (
    MATH_BOXED,
    MCQ_GENERATIVE,
    MOBILE_MMLU_GENERATIVE,
    OMNISCIENCE_QUESTION,
)
from app.benchmarks.spec import BenchmarkSpec
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


def _mcq_block(question: str, choices: Sequence[str]) -> str:
    options = "".join(f"\n{letter}. {text}" for letter, text in zip(LETTERS, choices,
                                                                   strict=False))
    return f"{question.strip()}{options}\nAnswer:"


def loglikelihood_prompt(item: PromptItem, shots: Sequence[PromptItem]) -> BuiltPrompt:
    """lm-eval's MMLU layout: description, shots each ending " X\\n\\n", the item, "Answer:";
    the scored continuations are " A", " B", ..."""
    choices = item.payload.get("choices")
    if not choices:
        raise PromptUnavailable("loglikelihood prompts need a multiple-choice item")
    header = ("The following are multiple choice questions (with answers) about "
              f"{item.subject.replace('_', ' ')}.\n\n")
    examples = "".join(
        f"{_mcq_block(s.payload['question'], s.payload['choices'])} "
        f"{(s.payload.get('answers') or ['?'])[0]}\n\n" for s in shots)
    return BuiltPrompt("loglikelihood", text=header + examples + _mcq_block(
        item.payload["question"], choices),
        continuations=[f" {letter}" for letter in LETTERS[:len(choices)]],
        detail={"shots": [s.external_id for s in shots]}, shared_prefix=header + examples)


def _user(content: str) -> list[dict[str, Any]]:
    return [{"role": "user", "content": content}]


def _generative_mcq(question: str, choices: Sequence[str]) -> str:
    letters = LETTERS[:len(choices)]
    options = "\n".join(f"{letter}) {text}" for letter, text in zip(letters, choices,
                                                                   strict=True))
    return MCQ_GENERATIVE.format(letters=letters, question=question.strip(), options=options)


def chat_prompt(spec: BenchmarkSpec, item: PromptItem, repeat: int) -> BuiltPrompt:
    payload = item.payload
    style = spec.chat_style
    if style == "mcq":
        return BuiltPrompt("chat", turns=[_user(_generative_mcq(payload["question"],
                                                                payload["choices"]))])
    if style == "mobile-mmlu":
        options = "\n".join(f"{letter}. {text}" for letter, text in
                            zip(LETTERS, payload["choices"], strict=False))
        return BuiltPrompt("chat", turns=[_user(MOBILE_MMLU_GENERATIVE.format(
            question=payload["question"], options=options))])
    if style == "gpqa":
        shown, correct, order = shuffled_options(list(payload["choices"]), item.external_id,
                                                 repeat)
        return BuiltPrompt("chat", turns=[_user(_generative_mcq(payload["question"], shown))],
                           detail={"permutation": order, "correct_letter": correct})
    if style == "math":
        return BuiltPrompt("chat", turns=[_user(MATH_BOXED.format(question=payload["question"]))])
    if style == "omniscience":
        return BuiltPrompt("chat", turns=[_user(OMNISCIENCE_QUESTION.format(
            domain=item.subject, topic=item.meta.get("topic", item.subject),
            question=payload["question"]))])
    if style == "bfcl":
        return BuiltPrompt("chat", turns=[list(turn) for turn in payload["turns"]],
                           tools=to_openai_tools(payload["functions"]))
    return BuiltPrompt("chat", turns=[_user(str(payload["question"]))])


def _with_images(built: BuiltPrompt, images: list[dict[str, str]]) -> BuiltPrompt:
    """Images go with the first user message as OpenAI image content parts."""
    first = built.turns[0][0]
    built.turns[0][0] = {**first, "content": content_parts(str(first["content"]), images)}
    return built


def build_prompt(spec: BenchmarkSpec, item: PromptItem, *, style: Style, repeat: int = 0,
                 shots: Sequence[PromptItem] = ()) -> BuiltPrompt:
    images = item.payload.get("images") or []
    if style == "loglikelihood":
        if spec.chat_style not in ("mcq", "mobile-mmlu"):
            raise PromptUnavailable(f"{spec.name} has no loglikelihood form; use chat")
        if images:
            raise PromptUnavailable("items with images have no loglikelihood form; use chat")
        return loglikelihood_prompt(item, shots)
    built = chat_prompt(spec, item, repeat)
    return _with_images(built, images) if images else built
