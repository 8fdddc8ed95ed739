"""What one evaluated (item, repeat) yields: its verdict and what the sample keeps."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from app.scoring.verdicts import Verdict


@dataclass
class Outcome:
    verdict: Verdict
    prompt: str
    response: str | None
    detail: dict[str, Any] = field(default_factory=dict)  # kept on the sample as JSON
    latency_ms: float = 0.0
    ttft_ms: float | None = None
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    reasoning_tokens: int | None = None
    finish_reason: str | None = None
