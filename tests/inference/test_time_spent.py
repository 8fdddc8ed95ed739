"""The pool's clock of where its workers' time went, against a count made millisecond by
millisecond over the same random schedule of requests."""

from __future__ import annotations

import random

import pytest

from app.inference.llama_cpp.time_spent import SlotClock


def _schedule(seed: int, workers: int, sequences: int) -> list[tuple[int, str, int]]:
    """(millisecond, "sent" | "answered", worker): requests that each last 1-40 ms, never
    more than `sequences` at once on a worker, sent from 10 ms on."""
    rng = random.Random(seed)
    events: list[tuple[int, str, int]] = []
    free_at = [[10] * sequences for _ in range(workers)]
    for _ in range(rng.randint(5, 40)):
        w = rng.randrange(workers)
        slot = min(range(sequences), key=free_at[w].__getitem__)
        start = free_at[w][slot] + rng.randint(0, 30)
        end = start + rng.randint(1, 40)
        free_at[w][slot] = end
        events += [(start, "sent", w), (end, "answered", w)]
    # at one instant, answers before requests: a slot freed and taken at once stays busy
    return sorted(events, key=lambda e: (e[0], e[1] == "sent"))


@pytest.mark.parametrize("seed", range(30))
def test_the_clock_agrees_with_a_count_by_the_millisecond(seed: int) -> None:
    workers, sequences = random.Random(seed).randint(1, 3), random.Random(-seed).randint(1, 3)
    events = _schedule(seed, workers, sequences)
    clock = SlotClock(workers, sequences)
    for at, kind, w in events:
        getattr(clock, kind)(w, at / 1000)
    model = [float(seed)] * workers
    spent = clock.figures(model, [None] * workers)

    first, last = events[0][0], events[-1][0]
    last_sent = max(at for at, kind, _ in events if kind == "sent")
    counts = [0] * workers
    idle, partly, idle_before = [0] * workers, [0] * workers, [0] * workers
    last_full = first
    pending = list(events)
    for ms in range(first, last):  # the millisecond [ms, ms + 1)
        while pending and pending[0][0] <= ms:
            at, kind, w = pending.pop(0)
            counts[w] += 1 if kind == "sent" else -1
        if sum(counts) == workers * sequences:
            last_full = ms + 1
        for w, n in enumerate(counts):
            idle[w] += n == 0
            idle_before[w] += n == 0 and ms < last_sent
            partly[w] += 0 < n < sequences

    assert spent.wall_s == pytest.approx((last - first) / 1000)
    assert spent.tail_s == pytest.approx((last - last_full) / 1000)
    for w, figures in enumerate(spent.workers):
        assert figures.model_s == seed and figures.prefill_lane_wait_s is None
        assert figures.idle_serving_s == pytest.approx(idle_before[w] / 1000, abs=1e-9)
        assert figures.idle_tail_s == pytest.approx((idle[w] - idle_before[w]) / 1000, abs=1e-9)
        assert figures.partly_filled_s == pytest.approx(partly[w] / 1000, abs=1e-9)


def test_a_pool_that_was_never_sent_anything_spent_nothing() -> None:
    spent = SlotClock(2, 4).figures([None, None], [None, None])
    assert spent.wall_s == spent.tail_s == 0
    assert all(w.idle_serving_s == w.idle_tail_s == 0 for w in spent.workers)
