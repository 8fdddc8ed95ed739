"""An IFBench item's payload read by attribute: the prompt, and the instructions the
official checkers verify with their keyword arguments."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class InstructionsPayload:
    prompt: str
    instruction_id_list: Sequence[str]
    kwargs: Sequence[Mapping[str, Any]]


def instructions_payload(payload: Mapping[str, Any]) -> InstructionsPayload:
    return InstructionsPayload(str(payload["question"]), list(payload["instruction_id_list"]),
                               payload["kwargs"])
