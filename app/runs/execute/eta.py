"""Time left in a run, from what was seen of it. Pure: it is handed the time.

Each observation is (time, samples finished, samples left, when each sample in flight
started). Where samples finished since the last one, the estimate is made afresh: the
samples finished per second while watched (rate), the time a sample spends in flight, c /
rate with c the most samples seen in flight at once (Little's law), each sample in flight
expected to take that less what it has already run, and the samples not yet started taken
in turn by the c slots as they come free: the time left is when the last slot is done.
Between finishes it only counts down with the clock, so a sample that runs long never
pushes it up; when it runs out with samples left it says "finishing" rather than a time
that is already past. Without start times, the samples left go at the rate and the
countdown starts at the observation that saw the last finish.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Observation:
    at: float  # seconds, on the clock of `started`
    done: int  # samples finished
    left: int  # samples not finished, those in flight included
    started: Sequence[float] = ()  # when each sample in flight started


@dataclass(frozen=True)
class Estimate:
    seconds: float | None  # None until a sample finishes while watched
    finishing: bool = False  # the estimate ran out while samples are left


def fresh(seen: Observation, rate: float, concurrency: int) -> float:
    """Seconds left at `seen`, from the rate of finishes and the ages of those in flight."""
    if not seen.started:
        return seen.left / rate
    slots = max(concurrency, len(seen.started))
    each = slots / rate
    # when each slot is free: those in flight after their expected rest (at most `each`,
    # so the samples not started go round the slots in turn), the idle ones now
    free = sorted([max(each - (seen.at - began), 0.0) for began in seen.started]
                  + [0.0] * (slots - len(seen.started)))
    rounds, more = divmod(max(seen.left - len(seen.started), 0), slots)
    return max(at + (rounds + (i < more)) * each for i, at in enumerate(free))


@dataclass
class Countdown:
    """Feed it each observation of one run, in time order; it says the time left."""

    first: Observation | None = None
    last_at: float = float("-inf")
    last_done: int | None = None
    concurrency: int = 0
    anchor: tuple[float, float] | None = field(default=None)  # (when, seconds left then)

    def observe(self, seen: Observation) -> Estimate:
        at = max(seen.at, self.last_at)  # a late reading never winds the clock back
        self.last_at = at
        if self.first is None:
            self.first = seen
        self.concurrency = max(self.concurrency, len(seen.started))
        if seen.left <= 0:
            return Estimate(0.0)
        if seen.done != self.last_done:
            self.last_done = seen.done
            finished, watched = seen.done - self.first.done, at - self.first.at
            if finished > 0 and watched > 0:
                self.anchor = (at, fresh(seen, finished / watched, self.concurrency))
        if self.anchor is None:
            return Estimate(None)
        when, seconds = self.anchor
        rest = seconds - (at - when)
        return Estimate(rest) if rest > 0 else Estimate(0.0, finishing=True)
