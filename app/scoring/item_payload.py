"""An item's payload (JSON on items.payload) read by attribute: a choice item's question,
options and key letters, or a text item's question and reference answers, with either's
images. Shared code reads a payload only through these readers; a benchmark's own fields
(tools, instructions, conversation turns) are read by typed readers in its catalog folder."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

Image = Mapping[str, str]  # {"url": ...} or {"data": ..., "media_type": ...}


@dataclass(frozen=True, slots=True)
class ChoicePayload:
    """A multiple-choice item: its options in stored order and the correct letters (none
    where the key is unknown)."""

    question: str
    choices: tuple[str, ...]
    answers: tuple[str, ...]
    images: tuple[Image, ...] = ()


@dataclass(frozen=True, slots=True)
class TextPayload:
    """A free-text item (math, knowledge, instructions, tool calls): its reference
    answers, if any."""

    question: str
    references: tuple[str, ...] | None  # None: the item is keyed by its own fields
    images: tuple[Image, ...] = ()


ItemPayload = ChoicePayload | TextPayload


def read_payload(payload: Mapping[str, Any]) -> ItemPayload:
    """The payload's shared fields: an item with options is a choice item."""
    question = payload.get("question")
    text = str(question) if question else ""  # a conversation's turns read as their text
    images = tuple(payload.get("images") or ())
    if payload.get("choices") is not None:
        return ChoicePayload(text, tuple(str(c) for c in payload["choices"]),
                             tuple(str(a) for a in payload.get("answers") or ()), images)
    references = payload.get("references")
    return TextPayload(text, None if references is None else tuple(str(r) for r in references),
                       images)


def choice_payload(payload: Mapping[str, Any]) -> ChoicePayload:
    """A choice item's payload; ValueError for any other item."""
    read = read_payload(payload)
    if not isinstance(read, ChoicePayload):
        raise ValueError("the item has no options: it is not a multiple-choice item")
    return read


def key_of(payload: Mapping[str, Any]) -> tuple[str, ...]:
    """What an answer is judged against: the correct letters, or the reference answers."""
    read = read_payload(payload)
    return read.answers if isinstance(read, ChoicePayload) else read.references or ()
