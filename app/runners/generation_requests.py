"""What a batched generation is asked, and what it answers."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TypedDict

from app.runners.repetition import LoopRule


@dataclass(frozen=True)
class Sampling:
    temperature: float
    seed: int | None
    top_k: int = 40
    top_p: float = 0.95
    min_p: float = 0.05


@dataclass
class GenerationRequest:
    request_id: int
    tokens: list[int]
    max_tokens: int
    stop: list[str]
    sampling: Sampling
    deadline: float | None = None  # time.monotonic() after which the request fails
    loop: LoopRule | None = None  # stop (or note) a degenerate loop
    submitted: float = field(default_factory=time.perf_counter)


class LoopFound(TypedDict):
    """Where a generation started repeating itself, and whether that stopped it."""

    block_tokens: int
    repeats: int
    at_token: int
    observed: bool
    block_text: str


@dataclass
class Finished:
    request_id: int
    text: str = ""
    finish_reason: str | None = None
    completion_tokens: int = 0
    prompt_tokens: int = 0
    latency_ms: float = 0.0
    ttft_ms: float | None = None
    error: str | None = None
    loop: LoopFound | None = None
    # the time of the decode steps that gave this sequence a token (its own decode time),
    # and its decode window on the wall clock (first token, end) for a run's decode wall
    decode_ms: float | None = None
    decode_window: tuple[float, float] | None = None
