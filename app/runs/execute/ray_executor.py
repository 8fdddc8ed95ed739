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
from pathlib import Path
from typing import Any

import httpx

from app.config import Settings
from app.db import Transactions
from app.inference import actor_slots
from app.records import ActorTopology, GGUFPlan, RayRecord, ReuseCalibration
from app.runs.execute.credentials import endpoint_for
from app.runs.execute.embedded import EmbeddedExecutor
from app.runs.execute.protocol import LiveStats
from app.runs.execute.ray_shards import ShardedEvaluator
from app.runs.execute.work import carry_out

log = logging.getLogger("pocketeval.runs")
NAMESPACE = "pocketeval"


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

        sharded = ShardedEvaluator(make_actor, self.settings.ray_actors, per_actor,
                                   sized=gguf is not None)
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
