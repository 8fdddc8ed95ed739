"""Samples to Ray actors in shards: `run` queues a sample, dispatchers (a few per actor, as
many as its topology keeps in flight) send shards and hand each outcome back, and a shard
lost with its actor goes to the actor that replaces it."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from app.benchmarks import Benchmark, Outcome, PromptItem
from app.inference import RunnerError, RunnerFatal
from app.runs.execute.store import Unit
from app.runs.execute.treatments import VisionTreatment
from app.scoring import KeyedItem

log = logging.getLogger("pocketeval.runs")

SHARD_TARGET_S = 2.0
SHARD_MAX = 64
SHARD_RETRIES = 3


@dataclass
class _Pending:
    unit: Unit
    future: asyncio.Future[Outcome]
    attempts: int = 0


@dataclass
class ShardedEvaluator:
    """Stands in for a SampleEvaluator: `run` queues the sample, dispatchers send shards to
    the actors and hand each outcome back."""

    make_actor: Any  # () -> actor handle
    actors: int
    slots: int  # shards in flight per actor, or at most (sized)
    # GGUF: each actor says how many it takes once its node chose its topology
    sized: bool = False
    queue: asyncio.Queue[_Pending] = field(default_factory=asyncio.Queue)
    handles: list[Any] = field(default_factory=list)
    tasks: list[asyncio.Task[None]] = field(default_factory=list)
    shard_size: int = 1
    replaced: int = 0
    retried: int = 0
    stopped: bool = False

    def start(self) -> None:
        self.handles = [self.make_actor(i) for i in range(self.actors)]
        for i in range(self.actors):
            self._add_dispatchers(i, 1)
            if self.sized:
                self.tasks.append(asyncio.create_task(self._widen(i), name=f"ray-slots-{i}"))
            else:
                self._add_dispatchers(i, self.slots - 1)

    def _add_dispatchers(self, index: int, n: int) -> None:
        if not self.stopped:
            self.tasks += [asyncio.create_task(self._dispatch(index), name=f"ray-shards-{index}")
                           for _ in range(n)]

    async def _widen(self, index: int) -> None:
        """As many dispatchers for actor `index` as its topology keeps samples in flight."""
        try:
            wanted = await self.handles[index].slots.remote()
        except Exception as exc:  # the actor's evaluate reports a failed start to the run
            log.info("ray actor %s gave no slot count (%s): one shard at a time", index, exc)
            return
        self._add_dispatchers(index, min(int(wanted), self.slots) - 1)

    async def run(self, benchmark: Benchmark, prompt: PromptItem, item: KeyedItem, repeat: int,
                  shots: Sequence[PromptItem] = (), vision: VisionTreatment | None = None
                  ) -> Outcome:
        future: asyncio.Future[Outcome] = asyncio.get_running_loop().create_future()
        unit = Unit(benchmark, prompt, item, repeat, list(shots), vision=vision)
        await self.queue.put(_Pending(unit, future))
        return await future

    async def _dispatch(self, index: int) -> None:
        from ray.exceptions import RayActorError

        while True:
            shard = [await self.queue.get()]
            # an even share of what waits, at most: a shard comes back whole, so one that
            # took everything would hold every sample to its slowest while others sit idle
            limit = min(self.shard_size, 1 + self.queue.qsize() // len(self.tasks))
            while len(shard) < limit and not self.queue.empty():
                shard.append(self.queue.get_nowait())
            shard = [p for p in shard if not p.future.done()]  # a cancelled sample
            if not shard:
                continue
            actor = self.handles[index]
            started = time.monotonic()
            try:
                replies = await actor.evaluate.remote([p.unit for p in shard])
            except RayActorError as exc:
                self._lost(index, actor, shard, exc)
                continue
            self._resize(len(shard), time.monotonic() - started)
            for pending, (status, payload) in zip(shard, replies, strict=True):
                if pending.future.done():
                    continue
                if status == "ok":
                    pending.future.set_result(payload)
                elif status == "fatal":
                    pending.future.set_exception(RunnerFatal(payload))
                else:
                    pending.future.set_exception(RunnerError(payload))

    def _lost(self, index: int, actor: Any, shard: list[_Pending], exc: Exception) -> None:
        if self.handles[index] is actor:  # the first of its slots to notice replaces it
            self.handles[index] = self.make_actor(index)
            self.replaced += 1
            log.warning("ray actor %s died (%s); replaced", index, type(exc).__name__)
        for pending in shard:
            pending.attempts += 1
            if pending.attempts > SHARD_RETRIES:
                pending.future.set_exception(RunnerFatal(
                    f"a shard was lost {pending.attempts} times with its actors: {exc}"))
            else:
                self.retried += 1
                self.queue.put_nowait(pending)

    def _resize(self, n: int, elapsed: float) -> None:
        per_sample = elapsed / n
        target = int(SHARD_TARGET_S / per_sample) if per_sample > 0 else SHARD_MAX
        self.shard_size = max(1, min(SHARD_MAX, target))

    async def _stop_dispatching(self) -> None:
        self.stopped = True
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        self.tasks = []

    async def finish(self) -> list[dict[str, Any]]:
        """Each actor's record of its model; they stay up until `stop`."""
        await self._stop_dispatching()
        records = []
        for actor in self.handles:
            try:
                records.append(await actor.finish.remote())
            except Exception as exc:  # an actor already gone has nothing left to report
                log.info("ray actor finish: %s", exc)
        return records

    async def stop(self) -> None:
        import ray

        await self._stop_dispatching()
        for actor in self.handles:
            ray.kill(actor, no_restart=True)
        self.handles = []
