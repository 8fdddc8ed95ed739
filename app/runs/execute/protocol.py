"""What the API needs of an executor, so that another (a cluster's) can stand in for the
in-server one without touching planning, scoring or results."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import Protocol

from app.runs.execute.eta import Countdown, Estimate, Observation
from app.runs.execute.events import RunEvent


@dataclass
class LiveStats:
    """An active run's counters in the executor's memory (rate, ETA, errors so far)."""

    started: float = field(default_factory=time.monotonic)
    done_here: int = 0
    errors: int = 0
    consecutive_errors: int = 0
    last_error: str | None = None
    in_flight: dict[int, float] = field(default_factory=dict)  # when each in flight started
    database_s: float = 0.0  # writing finished samples
    countdown: Countdown = field(default_factory=Countdown)

    def rate_per_s(self, now: float) -> float:
        """Samples this process finished per second since the run started here."""
        return self.done_here / max(now - self.started, 1e-9)

    def in_flight_s(self, now: float) -> list[float]:
        """How long each sample in flight has run, longest first."""
        return sorted((now - began for began in list(self.in_flight.values())), reverse=True)

    def estimate(self, remaining: int, now: float) -> Estimate:
        """Time left (app.runs.execute.eta), watched from the run's start here: it never
        grows while no sample finishes."""
        if self.countdown.first is None:
            self.countdown.observe(Observation(self.started, 0, remaining))
        return self.countdown.observe(Observation(now, self.done_here, remaining,
                                                  tuple(list(self.in_flight.values()))))


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
