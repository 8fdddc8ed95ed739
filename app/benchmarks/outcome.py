"""What one evaluated (item, repeat) yields: its verdict and what the sample keeps."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from app.inference import ReplyStats
from app.scoring import Verdict


@dataclass
class Outcome:
    verdict: Verdict
    prompt: str
    response: str | None
    detail: dict[str, Any] = field(default_factory=dict)  # kept on the sample as JSON
    stats: ReplyStats = field(default_factory=ReplyStats)
