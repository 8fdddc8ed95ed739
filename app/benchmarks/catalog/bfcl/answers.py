"""What a BFCL prediction carries beyond single tool calls: the assistant steps of each user
turn of a multi-turn item, replayed on the environment classes by the scorer."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from pydantic import Field

from app.benchmarks.answer_fields import AnswerFields, ToolCallIn
from app.http import RequestModel
from app.scoring import Prediction

Turns = Sequence[Sequence[Mapping[str, Any]]]


class StepIn(RequestModel):
    """One assistant message inside a multi-turn conversation: its tool calls, if any."""

    tool_calls: list[ToolCallIn] = Field(default_factory=list, max_length=64)
    content: str | None = Field(default=None, max_length=200_000)


class MultiTurnAnswer(AnswerFields):
    """`turns` (per user turn, the assistant steps) for multi-turn tool use."""

    kept: ClassVar[Mapping[str, str]] = {"turns": "turns"}

    turns: list[list[StepIn]] | None = Field(default=None, max_length=32)


def with_turns(item_id: int, repeat: int, turns: Turns) -> Prediction:
    """A multi-turn conversation as the scorer reads it."""
    return Prediction(item_id=item_id, repeat=repeat, extra={"turns": turns})


def posted_turns(pred: Prediction) -> Turns | None:
    """The turns of a prediction, as plain steps ({"tool_calls": [...], "content": ...})."""
    turns: Turns | None = pred.extra.get("turns")
    return turns
