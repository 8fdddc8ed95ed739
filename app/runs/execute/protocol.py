"""What the API needs of an executor, so that another (a cluster's) can stand in for the
in-server one without touching planning, scoring or results."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import Protocol

from app.runs.execute.events import RunEvent


@dataclass
class LiveStats:
    """An active run's counters in the executor's memory (rate, ETA, errors so far)."""

    started: float = field(default_factory=time.monotonic)
    done_here: int = 0
    errors: int = 0
    consecutive_errors: int = 0
    last_error: str | None = None
    # when each sample in flight started, and the samples that ended: their count and time
    in_flight: dict[int, float] = field(default_factory=dict)
    ended: int = 0
    ended_seconds: float = 0.0
    database_s: float = 0.0  # writing finished samples

    def rate_per_s(self, now: float) -> float:
        """Samples this process finished per second since the run started here."""
        return self.done_here / max(now - self.started, 1e-9)

    def eta_s(self, remaining: int, now: float) -> float | None:
        """Seconds left: the samples left at the run's rate so far, and at least what the
        longest sample in flight is expected to take still. A sample past the mean
        duration has run long (a generation that loops) and is expected to run about as
        long again, so one slow sample holds the ETA up instead of it reading seconds."""
        if not self.done_here or not self.ended:
            return None
        rate = self.rate_per_s(now)
        mean = self.ended_seconds / self.ended
        longest = max((max(mean - (now - t), now - t) for t in self.in_flight.values()),
                      default=0.0)
        return max(remaining / rate, longest) if remaining else 0.0


class Executor(Protocol):
    async def resume_unfinished(self) -> list[int]:
        """Start every run left queued or running by an earlier process; their ids."""

    def start(self, run_id: int, inline_key: str | None = None) -> None:
        """Carry out a planned (committed) run; `inline_key` lives in memory only."""

    async def cancel(self, run_id: int) -> bool:
        """Stop an active run (its finished samples are kept); False if none was active."""

    async def wait(self, run_id: int, timeout_s: float) -> None:
        """Return when the run is no longer active, or after `timeout_s`."""

    async def shutdown(self) -> None:
        """Stop work; active runs stay `running` and resume at the next start."""

    def is_active(self, run_id: int) -> bool: ...

    def live(self, run_id: int) -> LiveStats | None:
        """Counters of a run this executor carried out since it started, if any."""

    def subscribe(self, run_id: int) -> asyncio.Queue[RunEvent]: ...

    def unsubscribe(self, run_id: int, queue: asyncio.Queue[RunEvent]) -> None: ...
