"""Carrying out a loaded run: workers evaluate its units at the plan's concurrency, a writer
stores finished samples in small batches and announces them, and the running estimate is
published (and may stop the run early).

The estimate is made from the samples as they finish, not as they are stored: whether a run
stops once it is precise enough is decided every ESTIMATE_EVERY_SAMPLES samples whatever the
database's speed, and no sample starts while a decision is being made, so a run that may
stop does at most its concurrency's samples more than the decision needed."""

from __future__ import annotations

import asyncio
import functools
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Protocol

from app.benchmarks import Benchmark, Outcome, PromptItem
from app.inference import RunnerError, RunnerFatal
from app.records import RunEstimate, RunState
from app.runs.execute.credentials import RunAborted
from app.runs.execute.events import EventHub
from app.runs.execute.progressive import Progressive
from app.runs.execute.protocol import LiveStats
from app.runs.execute.shared_generations import RepeatSharing
from app.runs.execute.store import LoadedRun, RunStore, Unit
from app.runs.execute.treatments import VisionTreatment
from app.scoring import KeyedItem
from app.server_pools import IsolatedTimeout

MAX_CONSECUTIVE_ERRORS = 20


class Evaluator(Protocol):
    """A sample evaluator: in this process (SampleEvaluator) or on a cluster's actors."""

    async def run(self, benchmark: Benchmark, prompt: PromptItem, item: KeyedItem, repeat: int,
                  shots: Sequence[PromptItem] = (), vision: VisionTreatment | None = None
                  ) -> Outcome: ...


WRITE_BATCH_WINDOW_S = 0.02  # a finished sample reaches the database within ~20 ms
WRITE_BATCH_MAX = 500


async def carry_out(store: RunStore, events: EventHub, stats: LiveStats, run_id: int,
                    loaded: LoadedRun, evaluator: Evaluator,
                    before_finish: Callable[[], Awaitable[None]] | None = None,
                    concurrency: int | None = None) -> None:
    """concurrency: samples at a time, when the runtime chose it (default: the plan's)."""
    await RunWork(store, events, stats, run_id, loaded, evaluator).carry_out(
        before_finish, concurrency)


class RunWork:
    """One run carried out: its workers, the writer that stores what they finish, the
    estimates made on the way, and the records kept at the end."""

    def __init__(self, store: RunStore, events: EventHub, stats: LiveStats, run_id: int,
                 loaded: LoadedRun, evaluator: Evaluator) -> None:
        self.store, self.stats, self.run_id = store, stats, run_id
        self.loaded, self.evaluator = loaded, evaluator
        self.publish = functools.partial(events.publish, run_id)
        self.progressive = Progressive(loaded)
        self.finished: asyncio.Queue[tuple[Unit, Outcome] | None] = asyncio.Queue()
        self.estimates: asyncio.Queue[RunEstimate | None] = asyncio.Queue()
        self.queue: asyncio.Queue[Unit] = asyncio.Queue()
        self.sharing = RepeatSharing(loaded)
        for unit in self.sharing.queued:
            self.queue.put_nowait(unit)
        # set unless an estimate that may stop the run is being made
        self.undecided = asyncio.Event()
        self.undecided.set()

    async def carry_out(self, before_finish: Callable[[], Awaitable[None]] | None,
                        concurrency: int | None) -> None:
        """Run the workers to the end (or an early stop), then keep the records and end the
        run: failed when any sample failed."""
        self.publish("progress", done=self.loaded.already, total=self.loaded.plan.total)
        await self._work(concurrency or self.loaded.plan.concurrency)
        await self._keep_records()
        if before_finish is not None:
            await before_finish()
        stats = self.stats
        status = RunState.FAILED if stats.errors else RunState.FINISHED
        error = None if not stats.errors else (f"{stats.errors} sample(s) failed and are "
                                               f"missing; last: {stats.last_error}")
        await asyncio.to_thread(self.store.finish, self.run_id, status, error)
        self.publish(status.value, error=error)

    async def _work(self, concurrency: int) -> None:
        """The workers, the writer and the announcer, until every sample is stored and every
        estimate announced, even when cancelled."""
        writing = asyncio.create_task(self._writer())
        announcing = asyncio.create_task(self._announcer())
        workers = [asyncio.create_task(self._worker())
                   for _ in range(min(concurrency, max(len(self.sharing.queued), 1)))]
        try:
            try:
                await asyncio.gather(*workers)
            finally:
                for task in workers:
                    task.cancel()
                await asyncio.gather(*workers, return_exceptions=True)
                self.finished.put_nowait(None)  # flush what finished, even when cancelled
                await asyncio.shield(writing)
            if self.progressive.enabled:
                await self._estimate()  # over every sample stored
        finally:
            self.estimates.put_nowait(None)
            await asyncio.shield(announcing)

    async def _evaluate(self, unit: Unit) -> Outcome:
        """One sample, its start kept while in flight (the ETA counts what it has run)."""
        self.stats.in_flight[id(unit)] = time.monotonic()
        try:
            return await self.evaluator.run(unit.benchmark, unit.prompt, unit.item,
                                            unit.repeat, unit.shots, unit.vision)
        finally:
            del self.stats.in_flight[id(unit)]

    async def _worker(self) -> None:
        progressive = self.progressive
        while progressive.stopping is None and not progressive.out_of_time():
            await self.undecided.wait()
            if progressive.stopping is not None:
                return
            try:
                unit = self.queue.get_nowait()
            except asyncio.QueueEmpty:
                return
            try:
                outcome = await self._evaluate(unit)
            except RunnerFatal as exc:  # no later sample can succeed
                raise RunAborted(str(exc)) from exc
            except (RunnerError, ValueError, IsolatedTimeout) as exc:
                self._failed(unit, exc)
                continue
            self.stats.consecutive_errors = 0
            done = [(unit, outcome), *self.sharing.finished(unit, outcome)]
            for entry in done:
                self.finished.put_nowait(entry)
            progressive.add(done)
            if progressive.due():
                await self._estimate()

    def _failed(self, unit: Unit, exc: Exception) -> None:
        """A sample that could not be run: counted and announced; too many in a row abort
        the run. A repeat that shared its generation is queued on its own instead."""
        if (instead := self.sharing.failed(unit)) is not None:
            self.queue.put_nowait(instead)
        stats = self.stats
        stats.errors += 1
        stats.consecutive_errors += 1
        stats.last_error = str(exc)[:500]
        self.publish("error", item_id=unit.item.item_id, repeat=unit.repeat,
                     error=stats.last_error)
        if stats.consecutive_errors >= MAX_CONSECUTIVE_ERRORS:
            raise RunAborted(f"{stats.consecutive_errors} requests in a row "
                             f"failed; last: {stats.last_error}") from exc

    async def _estimate(self) -> None:
        progressive = self.progressive
        if progressive.held is not None:
            return  # one is being made
        if progressive.may_stop_early:
            self.undecided.clear()
        progressive.hold()
        try:
            current = await asyncio.to_thread(progressive.estimate)
            progressive.precise_enough(current)
        finally:
            progressive.release()
            self.undecided.set()
        self.estimates.put_nowait(current)

    async def _announcer(self) -> None:
        """Store and announce the estimates in the order they were made."""
        while (current := await self.estimates.get()) is not None:
            await asyncio.to_thread(self.store.update_runtime, self.run_id, estimate=current)
            self.publish("estimate", **current.model_dump(mode="json"))

    async def _writer(self) -> None:
        """Persist finished samples in small batches, then announce them."""
        done = False
        while not done:
            batch = [await self.finished.get()]
            await asyncio.sleep(WRITE_BATCH_WINDOW_S)
            while not self.finished.empty() and len(batch) < WRITE_BATCH_MAX:
                batch.append(self.finished.get_nowait())
            done = batch[-1] is None
            entries = [b for b in batch if b is not None]
            if entries:
                await self._store(entries)

    async def _store(self, entries: list[tuple[Unit, Outcome]]) -> None:
        stats = self.stats
        started = time.perf_counter()
        await asyncio.to_thread(self.store.write, self.run_id, entries)
        stats.database_s += time.perf_counter() - started
        stats.done_here += len(entries)
        for unit, outcome in entries:
            self.publish("sample", benchmark=unit.benchmark.spec.name,
                         item_id=unit.item.item_id, repeat=unit.repeat,
                         verdict=outcome.verdict.status)
        self.publish("progress", done=self.loaded.already + stats.done_here,
                     total=self.loaded.plan.total)

    async def _keep_records(self) -> None:
        """What the run's runtime record keeps of its shared generations, its sequential
        test and its early stop."""
        update = functools.partial(asyncio.to_thread, self.store.update_runtime, self.run_id)
        if records := self.sharing.records():
            await update(shared_generations=records)
        progressive = self.progressive
        if progressive.sequential is not None:
            progressive.decide(final=True)
            await update(sequential=progressive.sequential_record())
        if progressive.enabled:
            early = progressive.early_stop()
            if early is not None:
                await update(early_stop=early)
                self.publish("stopped", **early.model_dump(mode="json"))
