"""The time left in a run (app.runs.execute.eta) over sequences of observations: it comes
from the samples finished and the time those in flight have run, never grows while none
finishes, and says "finishing" once it runs out with samples still in flight; the server's
LiveStats gives the same."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from app.runs.execute.eta import Countdown, Estimate, Observation


@dataclass(frozen=True)
class Sample:
    start: float
    end: float


def _schedule(durations: list[float], slots: int) -> list[Sample]:
    """Samples taken in order by `slots` workers, each as soon as one is free."""
    free = [0.0] * slots
    out = []
    for seconds in durations:
        slot = min(range(slots), key=free.__getitem__)
        out.append(Sample(free[slot], free[slot] + seconds))
        free[slot] += seconds
    return out


def _watch(samples: list[Sample], step: float) -> list[tuple[Observation, Estimate]]:
    """A poll every `step` seconds until the last sample ends."""
    countdown, seen = Countdown(), []
    end, t = max(s.end for s in samples), 0.0
    while t <= end + step:
        done = sum(s.end <= t for s in samples)
        started = tuple(s.start for s in samples if s.start <= t < s.end)
        observation = Observation(t, done, len(samples) - done, started)
        seen.append((observation, countdown.observe(observation)))
        t += step
    return seen


def _never_grows_without_a_finish(seen: list[tuple[Observation, Estimate]]) -> None:
    for (before, was), (after, now) in zip(seen, seen[1:], strict=False):
        if after.done != before.done or was.seconds is None:
            continue
        assert now.seconds is not None
        # it counts down with the clock (to no less than 0), never up
        assert now.seconds <= max(was.seconds - (after.at - before.at), 0.0) + 1e-9, \
            (before, was, after, now)
        assert not was.finishing or now.finishing


def test_the_last_long_sample_counts_down_then_reads_finishing() -> None:
    """`--limit 8`: seven samples of about 4 s, two at a time, then one that runs 100 s. At
    7/8 the estimate is the last one's expected rest; it counts down and then says
    "finishing" until the sample ends, never a time that grows."""
    samples = _schedule([4, 4.5, 3.5, 4, 4.2, 3.8, 4, 100], slots=2)
    seen = _watch(samples, 0.5)
    _never_grows_without_a_finish(seen)
    last_start = samples[-1].start
    seven = [e for o, e in seen if o.done == 7]
    assert seven[0].seconds is not None and 0 < seven[0].seconds < 10
    finishing = [o.at for o, e in seen if e.finishing]
    assert finishing and min(finishing) < last_start + 10
    assert all(e.finishing for o, e in seen if o.done == 7 and o.at > min(finishing))
    assert seen[-1][1] == Estimate(0.0)  # all done


@pytest.mark.parametrize("slots", [1, 3, 8])
def test_steady_samples_give_about_the_true_time_left(slots: int) -> None:
    samples = _schedule([5.0 + (i % 3) for i in range(60)], slots)
    seen = _watch(samples, 0.5)
    _never_grows_without_a_finish(seen)
    end = max(s.end for s in samples)
    for observation, estimate in seen:
        if observation.done in (15, 30, 45) and estimate.seconds is not None:
            assert estimate.seconds == pytest.approx(end - observation.at, rel=0.15), \
                (observation.done, estimate, end - observation.at)


def test_without_start_times_it_counts_down_from_the_last_finish() -> None:
    """A client that is not told when the samples in flight started: the samples left at
    the rate of finishes, counted down from the observation that saw the last one."""
    countdown = Countdown()
    assert countdown.observe(Observation(0.0, 0, 8)) == Estimate(None)
    assert countdown.observe(Observation(10.0, 7, 1)) == Estimate(1 / (7 / 10))
    assert countdown.observe(Observation(11.0, 7, 1)).seconds == pytest.approx(1 / 0.7 - 1)
    assert countdown.observe(Observation(11.5, 7, 1)).finishing
    assert countdown.observe(Observation(100.0, 7, 1)) == Estimate(0.0, finishing=True)
    assert countdown.observe(Observation(101.0, 8, 0)) == Estimate(0.0)


def test_the_servers_eta_never_grows_while_the_last_sample_runs() -> None:
    """The server's own figure (GET /runs/{id}: eta_s, finishing) over a long last sample:
    seven samples ended in 56 s, the eighth in flight since then."""
    from app.runs.execute.protocol import LiveStats

    stats = LiveStats(started=0.0, done_here=7)
    stats.in_flight = {8: 56.0}
    shown: list[float] = []
    for now in (56.0, 60.0, 63.0, 80.0, 100.0, 124.0):
        estimate = stats.estimate(1, now)
        assert estimate.seconds is not None
        shown.append(estimate.seconds)
        assert estimate.finishing == (now >= 64.0)
    assert shown == sorted(shown, reverse=True) and shown[0] == pytest.approx(8.0)
    assert stats.in_flight_s(80.0) == [24.0]
