"""Carrying out a loaded run: workers evaluate its units at the plan's concurrency, a writer
stores finished samples in small batches and announces them, and the running estimate is
published (and may stop the run early).

The estimate is made from the samples as they finish, not as they are stored: whether a run
stops once it is precise enough is decided every ESTIMATE_EVERY_SAMPLES samples whatever the
database's speed, and no sample starts while a decision is being made, so a run that may
stop does at most its concurrency's samples more than the decision needed."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Protocol

from app.benchmarks.outcome import Outcome
from app.benchmarks.prompt_builders import PromptItem
from app.benchmarks.protocol import Benchmark
from app.inference.base import RunnerError, RunnerFatal
from app.records.run_enums import RunState
from app.records.run_runtime import RunEstimate
from app.runs.execute.credentials import RunAborted
from app.runs.execute.events import EventHub
from app.runs.execute.progressive import Progressive
from app.runs.execute.protocol import LiveStats
from app.runs.execute.shared_generations import RepeatSharing
from app.runs.execute.store import LoadedRun, RunStore, Unit
from app.runs.execute.treatments import VisionTreatment
from app.scoring.verdicts import KeyedItem
from app.server_pools.isolation import IsolatedTimeout

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
    publish = events.publish
    progressive = Progressive(loaded)
    finished: asyncio.Queue[tuple[Unit, Outcome] | None] = asyncio.Queue()
    estimates: asyncio.Queue[RunEstimate | None] = asyncio.Queue()
    queue: asyncio.Queue[Unit] = asyncio.Queue()
    sharing = RepeatSharing(loaded)
    for unit in sharing.queued:
        queue.put_nowait(unit)
    already, total = loaded.already, loaded.plan.total
    publish(run_id, "progress", done=already, total=total)
    # set unless an estimate that may stop the run is being made
    undecided = asyncio.Event()
    undecided.set()

    async def evaluate(unit: Unit) -> Outcome:
        """One sample, its start kept while in flight (the ETA counts what it has run)."""
        stats.in_flight[id(unit)] = time.monotonic()
        try:
            return await evaluator.run(unit.benchmark, unit.prompt, unit.item, unit.repeat,
                                       unit.shots, unit.vision)
        finally:
            del stats.in_flight[id(unit)]

    async def worker() -> None:
        while progressive.stopping is None and not progressive.out_of_time():
            await undecided.wait()
            if progressive.stopping is not None:
                return
            try:
                unit = queue.get_nowait()
            except asyncio.QueueEmpty:
                return
            try:
                outcome = await evaluate(unit)
            except RunnerFatal as exc:  # no later sample can succeed
                raise RunAborted(str(exc)) from exc
            except (RunnerError, ValueError, IsolatedTimeout) as exc:
                if (instead := sharing.failed(unit)) is not None:
                    queue.put_nowait(instead)
                stats.errors += 1
                stats.consecutive_errors += 1
                stats.last_error = str(exc)[:500]
                publish(run_id, "error", item_id=unit.item.item_id, repeat=unit.repeat,
                        error=stats.last_error)
                if stats.consecutive_errors >= MAX_CONSECUTIVE_ERRORS:
                    raise RunAborted(f"{stats.consecutive_errors} requests in a row "
                                     f"failed; last: {stats.last_error}") from exc
                continue
            stats.consecutive_errors = 0
            done = [(unit, outcome), *sharing.finished(unit, outcome)]
            for entry in done:
                finished.put_nowait(entry)
            progressive.add(done)
            if progressive.due():
                await estimate()

    async def estimate() -> None:
        if progressive.held is not None:
            return  # one is being made
        if progressive.may_stop_early:
            undecided.clear()
        progressive.hold()
        try:
            current = await asyncio.to_thread(progressive.estimate)
            progressive.precise_enough(current)
        finally:
            progressive.release()
            undecided.set()
        estimates.put_nowait(current)

    async def announcer() -> None:
        """Store and announce the estimates in the order they were made."""
        while (current := await estimates.get()) is not None:
            await asyncio.to_thread(store.update_runtime, run_id, estimate=current)
            publish(run_id, "estimate", **current.model_dump(mode="json"))

    async def writer() -> None:
        """Persist finished samples in small batches, then announce them."""
        done = False
        while not done:
            batch = [await finished.get()]
            await asyncio.sleep(WRITE_BATCH_WINDOW_S)
            while not finished.empty() and len(batch) < WRITE_BATCH_MAX:
                batch.append(finished.get_nowait())
            done = batch[-1] is None
            entries = [b for b in batch if b is not None]
            if not entries:
                continue
            started = time.perf_counter()
            await asyncio.to_thread(store.write, run_id, entries)
            stats.database_s += time.perf_counter() - started
            stats.done_here += len(entries)
            for unit, outcome in entries:
                publish(run_id, "sample", benchmark=unit.benchmark.spec.name,
                        item_id=unit.item.item_id, repeat=unit.repeat,
                        verdict=outcome.verdict.status)
            publish(run_id, "progress", done=already + stats.done_here, total=total)

    writing, announcing = asyncio.create_task(writer()), asyncio.create_task(announcer())
    workers = [asyncio.create_task(worker())
               for _ in range(min(concurrency or loaded.plan.concurrency,
                                  max(len(sharing.queued), 1)))]
    try:
        try:
            await asyncio.gather(*workers)
        finally:
            for task in workers:
                task.cancel()
            await asyncio.gather(*workers, return_exceptions=True)
            finished.put_nowait(None)  # flush what finished, even when cancelled
            await asyncio.shield(writing)
        if progressive.enabled:
            await estimate()  # over every sample stored
    finally:
        estimates.put_nowait(None)
        await asyncio.shield(announcing)
    if records := sharing.records():
        await asyncio.to_thread(store.update_runtime, run_id, shared_generations=records)
    if progressive.sequential is not None:
        progressive.decide(final=True)
        await asyncio.to_thread(store.update_runtime, run_id,
                                sequential=progressive.sequential_record())
    if progressive.enabled:
        early = progressive.early_stop()
        if early is not None:
            await asyncio.to_thread(store.update_runtime, run_id, early_stop=early)
            publish(run_id, "stopped", **early.model_dump(mode="json"))
    if before_finish is not None:
        await before_finish()
    status = RunState.FAILED if stats.errors else RunState.FINISHED
    error = None if not stats.errors else (f"{stats.errors} sample(s) failed and are "
                                           f"missing; last: {stats.last_error}")
    await asyncio.to_thread(store.finish, run_id, status, error)
    publish(run_id, status.value, error=error)
