"""W llama.cpp worker processes behind one runner. Each loads the model once and holds its
own context; a request goes to the worker with the fewest requests in flight. A worker that
dies takes down only the requests it held: it is started again, and each of them is retried
once. A request that dies twice, or a worker that keeps dying, ends the run with the report
of how it died.

With `lend_threads`, a worker left without requests lends its threads to the busy ones: at a
generative run's end the last long answers decode alone, and would otherwise leave the idle
workers' cores unused. They are taken back as soon as the idle worker is given work.

With `sequences`, a worker holds at most that many chats; more wait here until one of its
sequences is free. So a run may keep samples beyond the sequences in flight (being scored, or
waiting for a judge) and a freed sequence starts the next chat at once, while the time to
first token, counted from when the worker takes a chat, still counts no wait.

With a `trial` (app.inference.topology.trial), the workers take work as the candidate measured
now says, and then as the fastest does."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from typing import TypeVar

from pydantic import JsonValue

from app import telemetry
from app.inference.base import ChatMessages, ChatReply, Likelihoods, RunnerDied, ToolSchemas
from app.inference.llama_cpp.serving_runner import LlamaCppRunner
from app.inference.llama_cpp.time_spent import SlotClock
from app.inference.topology.trial import TopologyTrial
from app.records import PoolTime

T = TypeVar("T")
SUMMED = ("evictions", "recomputed_tokens", "prefill_lane_wait_s", "sequence_moves",
          "prompt_tokens_shared", "lookup_drafted", "lookup_accepted")


class WorkerPool:
    def __init__(self, make: Callable[[], LlamaCppRunner], workers: int,
                 max_restarts: int = 2, lend_threads: int | None = None,
                 sequences: int | None = None, trial: TopologyTrial | None = None,
                 on_trial: Callable[[TopologyTrial], Awaitable[None]] | None = None) -> None:
        """lend_threads: each worker's own threads, lent while it is idle (None: never);
        sequences: the chats a worker holds at once (None: as many as it is given); trial:
        the candidates to measure on the run's first loglikelihoods (its workers are the
        pool's), on_trial told once the fastest takes the work."""
        self.make = make
        self.trial, self.on_trial = trial, on_trial
        workers = workers if trial is None else trial.workers
        self.workers = [make() for _ in range(workers)]
        self.active = workers  # the first `active` workers take work
        self.in_flight = [0] * workers
        self.lend_threads = lend_threads
        # what each worker was last told
        self.threads = [lend_threads if trial is None else trial.now.threads] * workers
        self.lends = 0  # times a busy worker was given an idle one's threads
        self.max_restarts = max_restarts
        self.restarts: list[str] = []  # how each restarted worker had died
        self.retried = 0
        self._restarting = [asyncio.Lock() for _ in range(workers)]
        self._chats = None if sequences is None else asyncio.Semaphore(workers * sequences)
        self.clock = SlotClock(workers, sequences or 1)
        self._each: list[dict[str, JsonValue]] = []  # each worker's figures, last read

    @property
    def first(self) -> LlamaCppRunner:
        return self.workers[0]

    @property
    def n_ctx(self) -> int:
        return self.first.n_ctx

    async def start(self) -> dict[str, JsonValue]:
        started = await asyncio.gather(*(w.start() for w in self.workers),
                                       return_exceptions=True)
        failed = next((s for s in started if isinstance(s, BaseException)), None)
        if failed is not None:
            await self.close()
            raise failed
        return self.first.stats

    async def _on_one(self, call: Callable[[LlamaCppRunner], Awaitable[T]],
                      measure: Callable[[T], tuple[int, float]] | None = None) -> T:
        """measure: the prompt tokens a result evaluated and the seconds it took (a trial
        counts them). The answer that ends a trial waits for `on_trial` (the run's record of
        its choice), so a run never finishes before its record says how it ran."""
        for attempt in (0, 1):
            index = min(range(self.active), key=self.in_flight.__getitem__)
            worker = self.workers[index]
            tag = None if self.trial is None else self.trial.tag()
            self.in_flight[index] += 1
            self.clock.sent(index)
            self._share_threads()
            try:
                result = await call(worker)
            except RunnerDied:
                if attempt or len(self.restarts) >= self.max_restarts:
                    raise
                await self._restart(index, worker)
                self.retried += 1
                continue
            finally:
                self.in_flight[index] -= 1
                self.clock.answered(index)
                self._share_threads()
            if self.trial is not None:
                if measure is not None:
                    self.trial.count(tag, index, *measure(result))
                if self._follow_trial() and self.on_trial is not None:
                    await self.on_trial(self.trial)
            return result
        raise AssertionError("unreachable")

    def _follow_trial(self) -> bool:
        """On to the trial's next candidate once the one measured has what it needs: the
        workers it leaves out finish what they hold, and only then do the others take more
        threads, so no candidate is measured with the cores oversubscribed. True when the
        fastest has just been set up."""
        trial = self.trial
        if trial is None or (trial.chosen is not None and trial.ready):
            return False
        if trial.measured():
            trial.advance()
            self.active = trial.now.workers
            for i in range(self.active):  # fewer threads at once: nothing is oversubscribed
                if (self.threads[i] or 0) > trial.now.threads:
                    self._set_threads(i, trial.now.threads)
        if not trial.ready and not any(self.in_flight[self.active:]):
            for i in range(self.active):
                if self.threads[i] != trial.now.threads:
                    self._set_threads(i, trial.now.threads)
            trial.ready = True
            return trial.chosen is not None
        return False

    def _set_threads(self, index: int, threads: int) -> None:
        self.threads[index] = threads
        self.workers[index].set_threads(threads)

    def _share_threads(self) -> None:
        """The idle workers' threads go to the busy ones, evenly; all back when none idles."""
        own = self.lend_threads
        if own is None:
            return
        busy = [i for i, n in enumerate(self.in_flight) if n]
        each = own * len(self.workers) // len(busy) if busy else own
        for i, worker in enumerate(self.workers):
            wanted = each if i in busy else own
            if self.threads[i] != wanted:
                self.lends += wanted > own
                self.threads[i] = wanted
                worker.set_threads(wanted)

    async def _restart(self, index: int, dead: LlamaCppRunner) -> None:
        """Start worker `index` again, once however many of its requests saw it die."""
        async with self._restarting[index]:
            if self.workers[index] is not dead:
                return
            report = await asyncio.to_thread(dead.death_report)
            await dead.close()
            self.restarts.append(report)
            telemetry.GGUF_RESTARTS.inc()
            fresh = self.make()
            await fresh.start()
            self.workers[index] = fresh
            self.threads[index] = self.lend_threads  # a new worker starts with its own
            if self.trial is not None:  # those of the candidate measured, or chosen
                self._set_threads(index, self.trial.now.threads)

    async def chat(self, messages: ChatMessages, *, tools: ToolSchemas | None = None,
                   max_tokens: int | None = None, seed: int | None = None) -> ChatReply:
        # holding one of the pool's sequences, the worker with the fewest in flight has one free
        async with self._chats or contextlib.nullcontext():
            return await self._on_one(lambda w: w.chat(messages, tools=tools,
                                                       max_tokens=max_tokens, seed=seed))

    async def loglikelihood(self, context: str, continuations: list[str],
                            shared_prefix: str = "", reuse: bool = False) -> Likelihoods:
        return await self._on_one(lambda w: w.loglikelihood(context, continuations,
                                                            shared_prefix, reuse),
                                  lambda r: (r["evaluated_tokens"], r["seconds"]))

    async def refresh_stats(self) -> dict[str, JsonValue]:
        """The figures of one worker (what a phone would hold: the largest peak), with what
        adds up over workers summed."""
        each = self._each = list(await asyncio.gather(*(w.refresh_stats()
                                                       for w in self.workers)))
        largest = max(each, key=_peak)
        out = dict(largest)
        for key in SUMMED:
            counted = [s.get(key) for s in each]
            numbers = [n for n in counted if isinstance(n, int | float)]
            if len(numbers) == len(counted):
                out[key] = sum(numbers)
        out["peak_rss_bytes_per_worker"] = [s.get("peak_rss_bytes") for s in each]
        out["workers"] = len(self.workers)
        out["worker_restarts"] = list[JsonValue](self.restarts)
        out["retried_requests"] = self.retried
        out["thread_lends"] = self.lends
        return out

    def time_spent(self) -> PoolTime:
        """Where the workers' time went, with their model time as last read by
        `refresh_stats` (a restarted worker's counts from its restart)."""
        return self.clock.figures([_number(s.get("model_s")) for s in self._each] or
                                  [None] * len(self.workers),
                                  [_number(s.get("prefill_lane_wait_s")) for s in self._each] or
                                  [None] * len(self.workers))

    async def close(self) -> None:
        await asyncio.gather(*(w.close() for w in self.workers))


def _number(value: JsonValue) -> float | None:
    return float(value) if isinstance(value, int | float) else None


def _peak(stats: dict[str, JsonValue]) -> int:
    peak = stats.get("peak_rss_bytes")
    return int(peak) if isinstance(peak, int | float) else 0
