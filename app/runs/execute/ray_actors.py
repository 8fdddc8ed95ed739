"""What runs inside a Ray actor: one run's sample evaluator, built once and used for many
shards (a GGUF actor loads its model once). Imported by Ray in the actor's process."""

from __future__ import annotations

import asyncio
import os
import socket
from contextlib import AsyncExitStack
from typing import Any

import httpx

from app.inference import (
    Endpoint,
    GuardedTransport,
    Limits,
    OpenAIChatRunner,
    RunnerError,
    RunnerFatal,
    in_flight,
)
from app.records import ActorTopology, EndpointPlan, GGUFPlan, RunPlan, TopologyRecord
from app.runs.execute.runtimes import RuntimeHooks, StartFailed, gguf_runtime
from app.runs.execute.sample import SampleEvaluator
from app.runs.execute.store import Unit
from app.server_pools import IsolatedTimeout

Reply = tuple[str, Any]  # ("ok", Outcome) | ("error", message) | ("fatal", message)


def reserved_cores() -> int:
    """The whole CPUs Ray reserved for this actor (at least one): its llama.cpp workers x
    threads stay within them, whatever the node's probe would choose for the whole node."""
    import ray

    assigned: dict[str, float] = ray.get_runtime_context().get_assigned_resources()  # type: ignore[no-untyped-call]
    return max(1, int(assigned.get("CPU", 0.0)))


class ShardWorker:
    """Made blank (a standby actor is started before any run needs it), then given one run
    with `configure`; it serves that run only and is killed after it."""

    def __init__(self) -> None:
        self.run_id: int | None = None
        self.plan: RunPlan | None = None
        self.endpoint: Endpoint | None = None
        self.judge_endpoint: Endpoint | None = None
        self.allowlist: list[str] = []
        self.concurrency = 1
        self.stack = AsyncExitStack()
        self.evaluator: SampleEvaluator | None = None
        self.stats: Any = None
        self.topology: ActorTopology | None = None
        self.lock = asyncio.Lock()
        self.configured = asyncio.Event()

    async def configure(self, run_id: int, plan: dict[str, Any], endpoint: Endpoint | None,
                        judge: Endpoint | None, allowlist: list[str], concurrency: int) -> None:
        """endpoint and judge carry their keys, resolved by the API process (an actor on
        another node does not have its environment). Shards sent before it is done wait."""
        self.run_id, self.plan = run_id, RunPlan.model_validate(plan)
        self.endpoint, self.judge_endpoint = endpoint, judge
        self.allowlist, self.concurrency = allowlist, concurrency
        self.configured.set()

    async def _ready(self) -> SampleEvaluator:
        await self.configured.wait()
        async with self.lock:
            if self.evaluator is not None:
                return self.evaluator
            limits = httpx.Limits(max_connections=self.concurrency * 4)
            client = await self.stack.enter_async_context(httpx.AsyncClient(
                transport=GuardedTransport(limits, self.allowlist), follow_redirects=False))
            internal = await self.stack.enter_async_context(
                httpx.AsyncClient(limits=limits, follow_redirects=False))
            judge = None if self.judge_endpoint is None else \
                OpenAIChatRunner(internal, self.judge_endpoint)
            plan = self.plan
            assert plan is not None  # set with `configured`
            match plan.model:
                case GGUFPlan() as gguf:
                    cores = reserved_cores()
                    runtime = await self.stack.enter_async_context(gguf_runtime(
                        gguf, plan.limits, internal, judge, RuntimeHooks(
                            on_topology=lambda r: self._chose(r, cores), cores=cores)))
                    evaluator, self.stats = runtime.evaluator, runtime.stats
                case EndpointPlan() as model:
                    assert self.endpoint is not None  # resolved for endpoint plans
                    evaluator = SampleEvaluator(
                        OpenAIChatRunner(client, self.endpoint), judge,
                        Limits(plan.limits.context_window, model.max_output_tokens,
                               plan.limits.time_limit_s))
            self.evaluator = evaluator
            return evaluator

    async def _chose(self, record: TopologyRecord, cores: int) -> None:
        import ray

        assert self.plan is not None  # configured before the model loads
        self.topology = ActorTopology(node=ray.get_runtime_context().get_node_id(),
                                      host=socket.gethostname(), cores=cores, topology=record,
                                      # what it was sent as it started (a trial's choice
                                      # comes later and leaves it so)
                                      slots=self.topology.slots if self.topology else
                                      in_flight(record, self.plan.benchmarks))

    async def slots(self) -> int:
        """Samples to keep in flight here once the model is loaded: as the embedded executor
        keeps for the topology this node chose (the configured concurrency elsewhere)."""
        await self._ready()
        return self.concurrency if self.topology is None else self.topology.slots

    async def _one(self, evaluator: SampleEvaluator, unit: Unit) -> Reply:
        try:
            return "ok", await evaluator.run(unit.benchmark, unit.prompt, unit.item, unit.repeat,
                                             unit.shots, unit.vision)
        except RunnerFatal as exc:
            return "fatal", str(exc)
        except (RunnerError, ValueError, IsolatedTimeout) as exc:
            return "error", str(exc)

    async def evaluate(self, units: list[Unit]) -> list[Reply]:
        try:
            evaluator = await self._ready()
        except StartFailed as exc:
            return [("fatal", str(exc))] * len(units)
        return list(await asyncio.gather(*(self._one(evaluator, u) for u in units)))

    async def finish(self) -> dict[str, Any]:
        """What the run records of its model (measured memory, calibration), then close."""
        out: dict[str, Any] = {}
        if self.topology is not None:
            out["topology"] = self.topology.model_dump(mode="json")
        if self.evaluator is not None:
            out["calibration"] = [c.record().model_dump(mode="json")
                                  for c in self.evaluator.calibrations.values() if c.items]
            if self.stats is not None:
                try:
                    out["measured"] = await self.stats()
                except RunnerError as exc:  # the run finishes without the figures
                    out["measured_error"] = str(exc)
        await self.stack.aclose()
        self.evaluator = None
        return out

    def pid(self) -> int:
        return os.getpid()

    def serving(self) -> int | None:
        """The run this actor was given."""
        return self.run_id
