"""The embedded executor: endpoint and GGUF runs as asyncio tasks in the server process.

Each finished (item, repeat) is written within ~20 ms (app.runs.execute.work), so a run
stopped by a restart (or kill -9) resumes at start-up with only its missing samples.
Requests share one httpx.AsyncClient and a per-run concurrency bound; subscribers get
progress as it happens.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from pathlib import Path

import httpx

from app.db import Transactions
from app.inference import Limits, OpenAIChatRunner, RunLoad, RunnerError, in_flight
from app.records import (
    ACTIVE,
    GGUFPlan,
    RunKind,
    RunState,
    ServerProcess,
    TimeSpent,
    TopologyRecord,
)
from app.runs.execute.claims import HEARTBEAT_S, Claims
from app.runs.execute.credentials import RunAborted, endpoint_for
from app.runs.execute.events import EventHub, RunEvent
from app.runs.execute.protocol import LiveStats
from app.runs.execute.pull_run import carry_out_pull
from app.runs.execute.runtimes import RuntimeHooks, StartFailed, gguf_runtime
from app.runs.execute.sample import SampleEvaluator
from app.runs.execute.store import LoadedRun, RunStore
from app.runs.execute.work import carry_out
from app.runs.judging import judged_by_key
from app.server_pools import warm

log = logging.getLogger("pocketeval.runs")
REMOTE_POLL_S = 1.0  # progress of a run another process carries out


class EmbeddedExecutor:
    def __init__(self, transactions: Transactions, client: httpx.AsyncClient,
                 key_env_allowed: Callable[[str], bool] = lambda name: False,
                 internal: httpx.AsyncClient | None = None) -> None:
        """transactions: the app's (a pull run's import goes through its bulk lane);
        client: for the runs' model endpoints (guarded: see app.inference.openai.guarded_network);
        internal: for what the operator configured or PocketEval started itself (the judge,
        a run's own llama-server on loopback)."""
        self.transactions = transactions
        factory = transactions.factory
        self.store = RunStore(factory)
        self.client = client
        self.internal = internal or client
        self.key_env_allowed = key_env_allowed
        self.events = EventHub()
        self.tasks: dict[int, asyncio.Task[None]] = {}
        self.inline_keys: dict[int, str] = {}
        self.stats: dict[int, LiveStats] = {}
        self.cancelling: set[int] = set()
        self.claims = Claims(factory)
        self.heartbeat: asyncio.Task[None] | None = None
        self.watchers: dict[int, asyncio.Task[None]] = {}

    # -- the Executor protocol ---------------------------------------------------------
    def start(self, run_id: int, inline_key: str | None = None, claimed: bool = False) -> None:
        if inline_key is not None:
            self.inline_keys[run_id] = inline_key
        if run_id not in self.tasks:
            self.tasks[run_id] = asyncio.create_task(self._guarded(run_id, claimed),
                                                     name=f"run-{run_id}")

    async def resume_unfinished(self) -> list[int]:
        """Runs left active that no live process carries out (see app.runs.execute.claims);
        rechecked at every heartbeat, so a run whose process died is taken over."""
        if self.heartbeat is None:
            self.heartbeat = asyncio.create_task(self._beat(), name="run-heartbeat")
        ids = [run_id for run_id in await asyncio.to_thread(self.store.active_ids)
               if run_id not in self.tasks]
        taken = [run_id for run_id in ids
                 if await asyncio.to_thread(self.claims.claim, run_id)]
        for run_id in taken:
            self.start(run_id, claimed=True)
        return taken

    async def _beat(self) -> None:
        while True:
            await asyncio.sleep(HEARTBEAT_S)
            try:
                for run_id in await asyncio.to_thread(self.claims.beat, list(self.tasks)):
                    asyncio.create_task(self.cancel(run_id))
                await self.resume_unfinished()
            except Exception:  # the database may be away for a moment: beat again later
                log.exception("run heartbeat failed")

    async def cancel(self, run_id: int) -> bool:
        task = self.tasks.get(run_id)
        if task is None:  # another process may carry it out: it stops at its next heartbeat
            await asyncio.to_thread(self.claims.request_cancel, run_id)
            return False
        self.cancelling.add(run_id)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        return True

    async def wait(self, run_id: int, timeout_s: float) -> None:
        task = self.tasks.get(run_id)
        if task is not None:
            await asyncio.wait({task}, timeout=timeout_s)

    async def shutdown(self) -> None:
        for task in [*self.watchers.values(), *([self.heartbeat] if self.heartbeat else [])]:
            task.cancel()
        await asyncio.gather(*self.watchers.values(), *([self.heartbeat] if self.heartbeat
                                                         else []), return_exceptions=True)
        ids, tasks = list(self.tasks), list(self.tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await asyncio.to_thread(self.claims.release, ids)

    def is_active(self, run_id: int) -> bool:
        return run_id in self.tasks

    def live(self, run_id: int) -> LiveStats | None:
        return self.stats.get(run_id)

    def subscribe(self, run_id: int) -> asyncio.Queue[RunEvent]:
        """Events of the run wherever it runs: a run another process carries out is followed
        through the database (one poll a second per run, however many streams listen)."""
        queue = self.events.subscribe(run_id)
        if run_id not in self.tasks and run_id not in self.watchers:
            self.watchers[run_id] = asyncio.create_task(self._watch(run_id),
                                                        name=f"watch-{run_id}")
        return queue

    async def _watch(self, run_id: int) -> None:
        last = -1
        try:
            while self.events.subscribers.get(run_id) and run_id not in self.tasks:
                status, done, total = await asyncio.to_thread(self.store.progress, run_id)
                if done != last:
                    self.events.publish(run_id, "progress", done=done, total=total)
                    last = done
                if status not in ACTIVE:
                    self.events.publish(run_id, str(status))
                    return
                await asyncio.sleep(REMOTE_POLL_S)
        finally:
            self.watchers.pop(run_id, None)

    def unsubscribe(self, run_id: int, queue: asyncio.Queue[RunEvent]) -> None:
        self.events.unsubscribe(run_id, queue)

    # -- carrying a run out --------------------------------------------------------------
    async def _guarded(self, run_id: int, claimed: bool) -> None:
        publish = self.events.publish
        try:
            if not claimed and not await asyncio.to_thread(self.claims.claim, run_id):
                log.info("run %s is carried out by another process", run_id)
                return
            if await asyncio.to_thread(self.store.kind, run_id) is RunKind.PULL:
                await carry_out_pull(self.transactions, self.events, run_id)
            else:
                await self._execute(run_id)
        except asyncio.CancelledError:
            if run_id in self.cancelling:
                await asyncio.to_thread(self.store.finish, run_id, RunState.CANCELLED,
                                        "cancelled")
                publish(run_id, "cancelled")
            raise
        except RunAborted as exc:
            await asyncio.to_thread(self.store.fail, run_id, str(exc))
            publish(run_id, "failed", error=str(exc))
        except Exception as exc:  # a bug must not leave the run looking alive
            log.exception("run %s crashed", run_id)
            await asyncio.to_thread(self.store.fail, run_id, f"internal error: {exc}")
            publish(run_id, "failed", error=str(exc))
        finally:
            self.tasks.pop(run_id, None)
            self.cancelling.discard(run_id)
            self.inline_keys.pop(run_id, None)

    async def _execute(self, run_id: int) -> None:
        loaded = await asyncio.to_thread(self.store.load, run_id)
        plan = loaded.plan
        timeout = plan.limits.request_timeout_s
        judge = None
        if plan.judge is not None:
            judge = OpenAIChatRunner(self.internal, endpoint_for(
                plan.judge, timeout, key_env_allowed=self.key_env_allowed, inline_key=None,
                operator_configured=True))
        model = plan.model
        if any(unit.benchmark.scorer.isolated for unit in loaded.units):
            warm(judged_by_key.__module__)  # while the model loads or the endpoint answers
        if isinstance(model, GGUFPlan):
            await self._execute_gguf(run_id, loaded, model, judge)
            return
        runner = OpenAIChatRunner(self.client, endpoint_for(
            model, timeout, key_env_allowed=self.key_env_allowed,
            inline_key=self.inline_keys.get(run_id)))
        limits = Limits(plan.limits.context_window, model.max_output_tokens,
                        plan.limits.time_limit_s)
        await carry_out(self.store, self.events, self.stats.setdefault(run_id, LiveStats()),
                        run_id, loaded, SampleEvaluator(runner, judge, limits))

    async def _execute_gguf(self, run_id: int, loaded: LoadedRun, gguf: GGUFPlan,
                            judge: OpenAIChatRunner | None) -> None:
        plan = loaded.plan
        path = Path(gguf.path)
        await asyncio.to_thread(self.store.record_file_hash, run_id, path)

        async def spawned(server: ServerProcess) -> None:
            await asyncio.to_thread(self.store.update_runtime, run_id, server=server)

        concurrency = [plan.concurrency]

        async def chosen(topology: TopologyRecord) -> None:
            concurrency[0] = in_flight(topology, plan.benchmarks)
            await asyncio.to_thread(self.store.update_runtime, run_id, topology=topology)

        try:
            async with gguf_runtime(gguf, plan.limits, self.internal, judge, RuntimeHooks(
                    loaded.runtime.server, spawned, chosen)) as runtime:
                evaluator = runtime.evaluator
                load = await asyncio.to_thread(RunLoad.start, time.perf_counter())
                live = self.stats.setdefault(run_id, LiveStats())

                async def before_finish() -> None:
                    calibration = [c.record() for c in evaluator.calibrations.values()
                                   if c.items]
                    if calibration:
                        await asyncio.to_thread(self.store.update_runtime, run_id,
                                                calibration=calibration)
                    try:
                        measured = await runtime.stats()
                    except RunnerError:
                        return
                    spent = TimeSpent(pool=runtime.time_spent(), scoring_s=evaluator.scoring_s,
                                      database_s=live.database_s)
                    await asyncio.to_thread(self.store.update_runtime, run_id,
                                            time_spent=spent)
                    measured["host_other_load"] = await asyncio.to_thread(
                        load.share, time.perf_counter())
                    await asyncio.to_thread(self.store.record_measured, run_id, path, measured)

                await carry_out(self.store, self.events, live, run_id, loaded,
                                evaluator, before_finish, concurrency[0])
        except StartFailed as exc:
            raise RunAborted(str(exc)) from exc
