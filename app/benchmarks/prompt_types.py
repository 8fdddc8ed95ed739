"""What a benchmark renders an item into, and the item data it renders from."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

Style = Literal["loglikelihood", "chat"]


class PromptUnavailable(ValueError):
    pass


@dataclass(frozen=True)
class PromptItem:
    external_id: str
    subject: str
    payload: Mapping[str, Any]
    meta: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ShownOptions:
    """An item's options as a prompt of one repeat shows them, and the key's letters."""

    choices: list[str]
    answers: list[str]


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
    # chat: the item's options in the order this prompt shows them (audits read it)
    options: ShownOptions | None = None
