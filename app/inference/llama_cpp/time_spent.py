"""Where a GGUF run's time goes, measured on both sides of the pipe: each worker process
counts its time in llama.cpp (`LoopClock`); the pool counts, per worker, how long it held
no request or fewer chats than its sequences, and when the last moment came that every
sequence was busy (`SlotClock`).
Idle time is split at the run's last request: before it, the serving process still had
samples to send (it was rendering, scoring or writing, or its concurrency held them); after
it, the run was draining its last answers."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TypeVar

from app.records import PoolTime, WorkerTime

T = TypeVar("T")


@dataclass
class LoopClock:
    """A worker process's own time in llama.cpp (its pipe, Python and waiting are not)."""

    model_s: float = 0.0

    @contextmanager
    def modelling(self) -> Iterator[None]:
        started = time.perf_counter()
        try:
            yield
        finally:
            self.model_s += time.perf_counter() - started

    def timed(self, work: Callable[[], T]) -> Callable[[], T]:
        """`work`, its time counted (not the answer's sending after it)."""
        def counted() -> T:
            with self.modelling():
                return work()
        return counted


@dataclass
class SlotClock:
    """Requests in flight per worker, integrated over time from the first request on."""

    workers: int
    sequences: int
    counts: list[int] = field(init=False)
    idle: list[float] = field(init=False)
    partly: list[float] = field(init=False)
    idle_at_last_sent: list[float] = field(init=False)
    first_sent: float | None = None
    last_at: float | None = None
    last_full: float | None = None

    def __post_init__(self) -> None:
        self.counts = [0] * self.workers
        self.idle = [0.0] * self.workers
        self.partly = [0.0] * self.workers
        self.idle_at_last_sent = [0.0] * self.workers

    def _advance(self, now: float) -> None:
        if self.last_at is not None:
            elapsed = now - self.last_at
            for i, count in enumerate(self.counts):
                if count == 0:
                    self.idle[i] += elapsed
                elif count < self.sequences:
                    self.partly[i] += elapsed
        self.last_at = now

    def _full(self) -> bool:
        return sum(self.counts) >= self.workers * self.sequences

    def sent(self, worker: int, now: float | None = None) -> None:
        now = time.perf_counter() if now is None else now
        self._advance(now)
        self.first_sent = now if self.first_sent is None else self.first_sent
        self.idle_at_last_sent = list(self.idle)
        self.counts[worker] += 1
        if self._full():
            self.last_full = now

    def answered(self, worker: int, now: float | None = None) -> None:
        now = time.perf_counter() if now is None else now
        self._advance(now)
        if self._full():
            self.last_full = now
        self.counts[worker] -= 1

    def figures(self, model_s: list[float | None], lane_s: list[float | None]) -> PoolTime:
        """Up to the last request answered; model and lane figures from each worker."""
        first = self.first_sent if self.first_sent is not None else 0.0
        last = self.last_at if self.last_at is not None else first
        full = self.last_full if self.last_full is not None else first
        return PoolTime(wall_s=last - first, tail_s=last - full, workers=[
            WorkerTime(model_s=model_s[i], prefill_lane_wait_s=lane_s[i],
                       idle_serving_s=self.idle_at_last_sent[i],
                       idle_tail_s=self.idle[i] - self.idle_at_last_sent[i],
                       partly_filled_s=self.partly[i])
            for i in range(self.workers)])
