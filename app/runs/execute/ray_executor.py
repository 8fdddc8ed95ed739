"""The Ray executor: a run's samples are evaluated by actors of a Ray cluster, in shards;
the API process keeps everything else (planning, the batched writer, progress, events,
cancel, resume), so a run behaves as with the embedded executor.

Each run gets `ray_actors` actors (app.runs.execute.ray_actors.ShardWorker); a GGUF actor
loads the model once (reserving `ray_actor_cpus`) and evaluates as many sequences at a time
as the plan decodes together, an endpoint actor holds one HTTP client. Shards are sized so
that one takes about SHARD_TARGET_S: small while samples are slow (a lost shard costs
little, progress stays smooth), larger for fast endpoints (fewer calls). An actor that dies
mid-shard is replaced and its shard evaluated again, at most SHARD_RETRIES times; samples
are written only when their shard comes back, so none is written twice or lost. After a
restart of the API process, the run resumes as any run does: its missing samples go to new
actors.

Samples are written by the API process rather than by the actors: one writer keeps the
batched, idempotent insert and SQLite support, and actors need no database access.

Starting a Ray worker and importing the evaluator takes seconds, which short endpoint runs
felt as a third of their time. So the server connects to the cluster when it starts and
keeps `ray_standby` blank endpoint actors ready (they reserve no CPU); a run takes them,
configures them with its plan, and new blank ones are started for the next run. A run's
actors are killed when it ends: no key or plan outlives its run. GGUF actors, which reserve
whole CPUs, are started per run (their model load takes far longer anyway).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from app.benchmarks.outcome import Outcome
from app.benchmarks.prompt_builders import PromptItem
from app.benchmarks.protocol import Benchmark
from app.config import Settings
from app.db import Transactions
from app.run_records.plan import GGUFPlan
from app.run_records.runtime import ActorTopology, RayRecord, ReuseCalibration
from app.runners.base import RunnerError, RunnerFatal
from app.runs.execute.credentials import endpoint_for
from app.runs.execute.embedded import EmbeddedExecutor
from app.runs.execute.protocol import LiveStats
from app.runs.execute.store import Unit
from app.runs.execute.topology_choice import actor_slots
from app.runs.execute.treatments import VisionTreatment
from app.runs.execute.work import carry_out
from app.scoring.verdicts import KeyedItem

log = logging.getLogger("pocketeval.runs")
SHARD_TARGET_S = 2.0
SHARD_MAX = 64
SHARD_RETRIES = 3
NAMESPACE = "pocketeval"


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
    slots: int  # shards in flight per actor
    queue: asyncio.Queue[_Pending] = field(default_factory=asyncio.Queue)
    handles: list[Any] = field(default_factory=list)
    tasks: list[asyncio.Task[None]] = field(default_factory=list)
    shard_size: int = 1
    replaced: int = 0
    retried: int = 0

    def start(self) -> None:
        self.handles = [self.make_actor(i) for i in range(self.actors)]
        self.tasks = [asyncio.create_task(self._dispatch(i), name=f"ray-shards-{i}")
                      for i in range(self.actors) for _ in range(self.slots)]

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


# an endpoint actor waits on the network: it reserves no CPU, so it never keeps a GGUF one out
ENDPOINT_ACTOR_CPUS = 0.0


class RayExecutor(EmbeddedExecutor):
    def __init__(self, settings: Settings, transactions: Transactions,
                 client: httpx.AsyncClient, internal: httpx.AsyncClient) -> None:
        super().__init__(transactions, client, settings.key_env_allowed, internal)
        self.settings = settings
        self.standby: list[Any] = []  # blank endpoint actors
        self.connecting: asyncio.Task[None] | None = None
        self.warming: asyncio.Task[None] | None = None

    def _connect(self) -> None:
        import ray

        if not ray.is_initialized():
            ray.init(address=self.settings.ray_address, namespace=NAMESPACE,
                     include_dashboard=False, log_to_driver=False, logging_level=logging.ERROR)

    async def _connected(self) -> None:
        if self.connecting is None:
            self.connecting = asyncio.create_task(asyncio.to_thread(self._connect))
        await asyncio.shield(self.connecting)

    async def resume_unfinished(self) -> list[int]:
        if self.warming is None:  # at start-up: connect and start the standby actors
            self.warming = asyncio.create_task(self._warm(), name="ray-warm-up")
        return await super().resume_unfinished()

    async def _warm(self) -> None:
        try:
            await self._connected()
            self._refill()
        except Exception:  # the run that needs the cluster reports why it cannot reach it
            log.exception("could not connect to the Ray cluster at start-up")

    def _blank_actor(self, cpus: float, concurrency: int) -> Any:
        import ray

        from app.runs.execute.ray_actors import ShardWorker

        return ray.remote(ShardWorker).options(
            num_cpus=cpus, max_concurrency=concurrency + 2,
            name=f"shard-worker-{time.time_ns()}").remote()

    def _endpoint_actor(self) -> Any:
        return self._blank_actor(ENDPOINT_ACTOR_CPUS, self.settings.run_concurrency_max)

    def _refill(self) -> None:
        while len(self.standby) < self.settings.ray_standby:
            self.standby.append(self._endpoint_actor())

    async def shutdown(self) -> None:
        await super().shutdown()
        if self.warming is not None:
            await asyncio.gather(self.warming, return_exceptions=True)
        if self.standby:
            import ray

            for actor in self.standby:
                ray.kill(actor, no_restart=True)
            self.standby = []

    async def _execute(self, run_id: int) -> None:
        await self._connected()

        loaded = await asyncio.to_thread(self.store.load, run_id)
        plan = loaded.plan
        timeout = plan.limits.request_timeout_s
        gguf = plan.gguf
        endpoint = None if isinstance(plan.model, GGUFPlan) else endpoint_for(
            plan.model, timeout, key_env_allowed=self.key_env_allowed,
            inline_key=self.inline_keys.get(run_id))
        judge = None if plan.judge is None else endpoint_for(
            plan.judge, timeout, key_env_allowed=self.key_env_allowed, inline_key=None,
            operator_configured=True)
        per_actor = actor_slots(gguf, self.settings.ray_actor_cpus) if gguf is not None \
            else max(1, plan.concurrency // self.settings.ray_actors)
        plan_json = plan.model_dump(mode="json")
        allowlist = list(self.settings.endpoint_allowlist)

        def make_actor(_index: int) -> Any:
            if gguf is not None:
                actor = self._blank_actor(self.settings.ray_actor_cpus, per_actor)
            elif self.standby:
                actor = self.standby.pop(0)
                self._refill()
            else:
                actor = self._endpoint_actor()
            actor.configure.remote(run_id, plan_json, endpoint, judge, allowlist, per_actor)
            return actor

        sharded = ShardedEvaluator(make_actor, self.settings.ray_actors, per_actor)
        sharded.start()
        if gguf is not None:
            await asyncio.to_thread(self.store.record_file_hash, run_id, Path(gguf.path))

        async def before_finish() -> None:
            records = await sharded.finish()
            calibration = [ReuseCalibration.model_validate(c)
                           for r in records for c in r.get("calibration", [])]
            runtime: dict[str, Any] = {"ray": RayRecord(
                actors=self.settings.ray_actors, actor_replacements=sharded.replaced,
                samples_retried=sharded.retried,
                actor_topologies=[ActorTopology.model_validate(r["topology"])
                                  for r in records if r.get("topology")])}
            if calibration:
                runtime["calibration"] = calibration
            await asyncio.to_thread(self.store.update_runtime, run_id, **runtime)
            measured = next((r["measured"] for r in records if r.get("measured")), None)
            if measured is not None and gguf is not None:
                await asyncio.to_thread(self.store.record_measured, run_id,
                                        Path(gguf.path), measured)

        loaded.plan = plan.model_copy(update={"concurrency": per_actor * self.settings.ray_actors})
        try:
            await carry_out(self.store, self.events, self.stats.setdefault(run_id, LiveStats()),
                            run_id, loaded, sharded, before_finish)
        finally:
            await sharded.stop()
