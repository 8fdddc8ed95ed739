"""A BFCL item's payload read by attribute: the functions offered, the user turns, the
ground truth the official checkers compare against, and for multi-turn items the
environment classes involved and their initial state."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class ToolCallPayload:
    functions: Sequence[Mapping[str, Any]]
    turns: Sequence[Sequence[dict[str, Any]]]  # the user's messages, a list per turn
    ground_truth: Any  # the official answer file's shape: calls, or call strings per turn
    involved_classes: Sequence[str] = ()  # multi-turn: the environment classes
    initial_config: Mapping[str, Any] | None = None  # multi-turn: their initial state


def tool_call_payload(payload: Mapping[str, Any]) -> ToolCallPayload:
    return ToolCallPayload(payload.get("functions") or [], payload.get("turns") or [],
                           payload.get("ground_truth"),
                           payload.get("involved_classes") or (),
                           payload.get("initial_config") or {})
