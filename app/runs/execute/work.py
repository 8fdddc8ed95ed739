"""Carrying out a loaded run: workers evaluate its units at the plan's concurrency, a writer
stores finished samples in small batches and announces them, and the running estimate is
published (and may stop the run early)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from typing import Protocol

from app.benchmarks.prompt_builders import PromptItem
from app.benchmarks.protocol import Benchmark
from app.isolation import IsolatedTimeout
from app.runners.base import RunnerError, RunnerFatal
from app.runs.enums import RunState
from app.runs.execute.credentials import RunAborted
from app.runs.execute.events import EventHub
from app.runs.execute.outcome import Outcome
from app.runs.execute.progressive import Progressive
from app.runs.execute.protocol import LiveStats
from app.runs.execute.store import LoadedRun, RunStore, Unit
from app.runs.execute.treatments import VisionTreatment
from app.scoring.verdicts import KeyedItem

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
                    before_finish: Callable[[], Awaitable[None]] | None = None) -> None:
    publish = events.publish
    progressive = Progressive(loaded)
    finished: asyncio.Queue[tuple[Unit, Outcome] | None] = asyncio.Queue()
    queue: asyncio.Queue[Unit] = asyncio.Queue()
    for unit in loaded.units:
        queue.put_nowait(unit)
    already, total = loaded.already, loaded.plan.total
    publish(run_id, "progress", done=already, total=total)

    async def worker() -> None:
        while progressive.stopping is None and not progressive.out_of_time():
            try:
                unit = queue.get_nowait()
            except asyncio.QueueEmpty:
                return
            try:
                outcome = await evaluator.run(unit.benchmark, unit.prompt, unit.item, unit.repeat,
                                              unit.shots, unit.vision)
            except RunnerFatal as exc:  # no later sample can succeed
                raise RunAborted(str(exc)) from exc
            except (RunnerError, ValueError, IsolatedTimeout) as exc:
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
            finished.put_nowait((unit, outcome))

    async def estimate() -> None:
        current = await asyncio.to_thread(progressive.estimate)
        await asyncio.to_thread(store.update_runtime, run_id, estimate=current)
        publish(run_id, "estimate", **current.model_dump(mode="json"))
        progressive.precise_enough(current)

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
            await asyncio.to_thread(store.write, run_id, entries)
            stats.done_here += len(entries)
            progressive.add(entries)
            for unit, outcome in entries:
                publish(run_id, "sample", benchmark=unit.benchmark.spec.name,
                        item_id=unit.item.item_id, repeat=unit.repeat,
                        verdict=outcome.verdict.status)
            publish(run_id, "progress", done=already + stats.done_here, total=total)
            if not done and progressive.due():
                await estimate()

    writing = asyncio.create_task(writer())
    workers = [asyncio.create_task(worker())
               for _ in range(min(loaded.plan.concurrency, max(len(loaded.units), 1)))]
    try:
        await asyncio.gather(*workers)
    finally:
        for task in workers:
            task.cancel()
        await asyncio.gather(*workers, return_exceptions=True)
        finished.put_nowait(None)  # flush what finished, even when cancelled
        await asyncio.shield(writing)
    if progressive.enabled:
        await estimate()
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
