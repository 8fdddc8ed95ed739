"""The embedded executor: endpoint runs as asyncio tasks in the server process.

Each finished (item, repeat) is written at once, so a run stopped by a restart (or kill -9)
resumes at start-up with only its missing samples. Requests share one httpx.AsyncClient and
a per-run concurrency bound. Subscribers (Server-Sent Events) get progress as it happens.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import time
from collections import defaultdict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import insert, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from app.benchmarks.prompt_builders import PromptItem
from app.benchmarks.service import spec_of
from app.benchmarks.spec import BenchmarkSpec
from app.gguf.measured import measured_memory
from app.items.prompts import fewshot_rows
from app.models import Benchmark, Item, Model, Run, Sample
from app.runners.base import RunnerError, RunnerFatal
from app.runners.openai_http import Endpoint, OpenAIChatRunner
from app.runs.gguf_runtimes import StartFailed, gguf_sampler
from app.runs.isolation import IsolatedTimeout
from app.runs.pipeline import Limits, Outcome, SampleRunner
from app.runs.prediction_runs import keyed_item
from app.runs.run_results import compute_results
from app.scoring.verdicts import KeyedItem

log = logging.getLogger("pocketeval.runs")
ACTIVE = ("queued", "running")
LOCAL_KINDS = ("endpoint", "gguf")  # runs this executor carries out
MAX_CONSECUTIVE_ERRORS = 20
WRITE_BATCH_WINDOW_S = 0.02  # a finished sample reaches the database within ~20 ms
WRITE_BATCH_MAX = 500


@dataclass
class Unit:
    spec: BenchmarkSpec
    prompt: PromptItem
    item: KeyedItem
    repeat: int
    shots: list[PromptItem] = field(default_factory=list)


@dataclass
class RunStats:
    started: float = field(default_factory=time.monotonic)
    done_here: int = 0
    errors: int = 0
    consecutive_errors: int = 0
    last_error: str | None = None


class RunAborted(Exception):
    pass


@dataclass(frozen=True)
class RunEvent:
    """One event of a run, with its Server-Sent Events frame."""

    name: str
    frame: str

    @classmethod
    def of(cls, event: dict[str, Any]) -> RunEvent:
        name = str(event["event"])
        return cls(name, f"event: {name}\ndata: {json.dumps(event)}\n\n")


class RunExecutor:
    def __init__(self, factory: sessionmaker[Session], client: httpx.AsyncClient,
                 key_env_allowed: Callable[[str], bool] = lambda name: False,
                 internal: httpx.AsyncClient | None = None) -> None:
        """client: for the runs' model endpoints (guarded: see app.runners.guarded_network);
        internal: for what the operator configured or PocketEval started itself (the judge,
        a run's own llama-server on loopback)."""
        self.factory = factory
        self.client = client
        self.internal = internal or client
        self.key_env_allowed = key_env_allowed  # checked again: runs resume from old records
        self.tasks: dict[int, asyncio.Task[None]] = {}
        self.inline_keys: dict[int, str] = {}
        self.stats: dict[int, RunStats] = {}
        self.cancelling: set[int] = set()
        self.subscribers: dict[int, set[asyncio.Queue[RunEvent]]] = defaultdict(set)

    # -- control -----------------------------------------------------------------------
    def start(self, run_id: int, inline_key: str | None = None) -> None:
        if inline_key is not None:
            self.inline_keys[run_id] = inline_key
        if run_id not in self.tasks:
            self.tasks[run_id] = asyncio.create_task(self._guarded(run_id),
                                                     name=f"run-{run_id}")

    async def resume_unfinished(self) -> list[int]:
        ids = await asyncio.to_thread(self._active_ids)
        for run_id in ids:
            self.start(run_id)
        return ids

    async def cancel(self, run_id: int) -> bool:
        task = self.tasks.get(run_id)
        if task is None:
            return False
        self.cancelling.add(run_id)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        return True

    async def shutdown(self) -> None:
        """Stop every task; their runs stay `running` and resume at the next start."""
        tasks = list(self.tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def is_active(self, run_id: int) -> bool:
        return run_id in self.tasks

    # -- events ------------------------------------------------------------------------
    def subscribe(self, run_id: int) -> asyncio.Queue[RunEvent]:
        queue: asyncio.Queue[RunEvent] = asyncio.Queue(maxsize=1000)
        self.subscribers[run_id].add(queue)
        return queue

    def unsubscribe(self, run_id: int, queue: asyncio.Queue[RunEvent]) -> None:
        self.subscribers[run_id].discard(queue)

    def publish(self, run_id: int, event: dict[str, Any]) -> None:
        subscribers = list(self.subscribers.get(run_id, ()))
        if not subscribers:
            return
        shared = RunEvent.of(event)  # serialised once, however many streams listen
        for queue in subscribers:
            if queue.full():  # a slow reader loses the oldest progress, never the end
                queue.get_nowait()
            queue.put_nowait(shared)

    # -- database (sync, run in threads) ------------------------------------------------
    def _active_ids(self) -> list[int]:
        with self.factory() as session:
            return list(session.scalars(select(Run.id).where(Run.kind.in_(LOCAL_KINDS),
                                                             Run.status.in_(ACTIVE))
                                        .order_by(Run.id)))

    def _load(self, run_id: int) -> tuple[dict[str, Any], list[Unit], int]:
        """(run config, the units still to do, samples already done); marks it running."""
        with self.factory.begin() as session:
            run = session.get_one(Run, run_id)
            run.status = "running"
            run.started_at = run.started_at or datetime.now(UTC)
            done = {(item_id, repeat) for item_id, repeat in session.execute(
                select(Sample.item_id, Sample.repeat).where(Sample.run_id == run_id)).all()}
            units: list[Unit] = []
            local = run.config.get("gguf") or {}
            for plan in run.config["benchmarks"]:
                bench = session.get_one(Benchmark, plan["benchmark_id"])
                spec = spec_of(bench)
                rows = {r.id: r for r in session.scalars(
                    select(Item).where(Item.id.in_(plan["item_ids"])))}
                shots: dict[str, list[PromptItem]] = {}
                for item_id in plan["item_ids"]:
                    row = rows.get(item_id)
                    if row is None:
                        continue
                    prompt = PromptItem(row.external_id, row.subject, row.payload, row.meta)
                    keyed = keyed_item(row.id, row.external_id, row.subject, row.n_choices,
                                       row.payload)
                    if local.get("mcq_mode") == "loglikelihood" and row.subject not in shots:
                        shots[row.subject] = [PromptItem(s.external_id, s.subject, s.payload,
                                                         s.meta)
                                              for s in fewshot_rows(session, spec, bench.id,
                                                                    row)]
                    units += [Unit(spec, prompt, keyed, r, shots.get(row.subject, []))
                              for r in range(plan["repeats"]) if (item_id, r) not in done]
            return dict(run.config), units, len(done)

    @staticmethod
    def _row(run_id: int, unit: Unit, outcome: Outcome) -> dict[str, Any]:
        v = outcome.verdict
        return {"run_id": run_id, "item_id": unit.item.item_id, "repeat": unit.repeat,
                "prompt": outcome.prompt, "response": outcome.response,
                "answer": None if v.answer is None else v.answer[:200], "verdict": v.status,
                "score": v.score, "detail": outcome.detail, "latency_ms": outcome.latency_ms,
                "ttft_ms": outcome.ttft_ms, "prompt_tokens": outcome.prompt_tokens,
                "completion_tokens": outcome.completion_tokens,
                "reasoning_tokens": outcome.reasoning_tokens,
                "finish_reason": outcome.finish_reason, "created_at": datetime.now(UTC)}

    def _write(self, run_id: int, rows: list[dict[str, Any]]) -> None:
        """One transaction per batch: a Core executemany costs a fraction of per-row ORM
        commits, which otherwise hold the GIL against the event loop."""
        try:
            with self.factory.begin() as session:
                session.execute(insert(Sample), rows)
        except IntegrityError:
            for row in rows:  # a sample already stored (never expected): keep the first
                try:
                    with self.factory.begin() as session:
                        session.execute(insert(Sample), [row])
                except IntegrityError:
                    log.warning("run %s: sample (%s, %s) already stored", run_id,
                                row["item_id"], row["repeat"])

    def _finish(self, run_id: int, status: str, error: str | None) -> None:
        with self.factory.begin() as session:
            run = session.get_one(Run, run_id)
            compute_results(session, run)
            run.status, run.error = status, error
            run.finished_at = datetime.now(UTC)

    def _fail(self, run_id: int, error: str) -> None:
        with self.factory.begin() as session:
            run = session.get_one(Run, run_id)
            run.status, run.error, run.finished_at = "failed", error, datetime.now(UTC)

    # -- execution ---------------------------------------------------------------------
    def _endpoint(self, run_id: int, cfg: dict[str, Any], timeout_s: float,
                  operator_configured: bool = False) -> Endpoint:
        """operator_configured: the judge, whose key variable comes from the settings."""
        key = None
        if cfg.get("api_key_env"):
            if not operator_configured and not self.key_env_allowed(cfg["api_key_env"]):
                raise RunAborted("api_key_env names a variable this server does not allow")
            key = os.environ.get(cfg["api_key_env"])
            if key is None:
                raise RunAborted(f"environment variable {cfg['api_key_env']} is not set")
        elif cfg.get("inline_api_key"):
            key = self.inline_keys.get(run_id)
            if key is None:
                raise RunAborted("the API key was given inline and is gone after a restart; "
                                 "use api_key_env for resumable runs")
        return Endpoint(cfg["base_url"], cfg["model"], key, dict(cfg.get("sampling") or {}),
                        timeout_s, bool(cfg.get("stream")))

    async def _guarded(self, run_id: int) -> None:
        try:
            await self._execute(run_id)
        except asyncio.CancelledError:
            if run_id in self.cancelling:
                await asyncio.to_thread(self._finish, run_id, "cancelled", "cancelled")
                self.publish(run_id, {"event": "cancelled"})
            raise
        except RunAborted as exc:
            await asyncio.to_thread(self._fail, run_id, str(exc))
            self.publish(run_id, {"event": "failed", "error": str(exc)})
        except Exception as exc:  # a bug must not leave the run looking alive
            log.exception("run %s crashed", run_id)
            await asyncio.to_thread(self._fail, run_id, f"internal error: {exc}")
            self.publish(run_id, {"event": "failed", "error": str(exc)})
        finally:
            self.tasks.pop(run_id, None)
            self.cancelling.discard(run_id)
            self.inline_keys.pop(run_id, None)

    async def _execute(self, run_id: int) -> None:
        config, units, already = await asyncio.to_thread(self._load, run_id)
        limits_cfg = config["limits"]
        timeout = float(limits_cfg["request_timeout_s"])
        judge = None
        if config.get("judge"):
            judge = OpenAIChatRunner(self.internal, self._endpoint(
                run_id, config["judge"], timeout, operator_configured=True))
        local = config.get("gguf")
        if local:
            try:
                async with gguf_sampler(local, limits_cfg, self.internal, judge,
                                        lambda server: asyncio.to_thread(
                                            self._update_gguf, run_id, {"server": server}),
                                        ) as (sampler, stats):
                    await self._work(run_id, config, units, already, sampler,
                                     before_finish=lambda: self._record_measured(
                                         run_id, Path(local["path"]), stats))
            except StartFailed as exc:
                raise RunAborted(str(exc)) from exc
            return
        runner = OpenAIChatRunner(self.client, self._endpoint(run_id, config["endpoint"],
                                                              timeout))
        limits = Limits(int(limits_cfg["context_window"]),
                        config["endpoint"].get("max_output_tokens"),
                        float(limits_cfg["time_limit_s"]))
        await self._work(run_id, config, units, already, SampleRunner(runner, judge, limits))

    async def _record_measured(self, run_id: int, path: Path,
                               stats: Callable[[], Awaitable[dict[str, Any]]]) -> None:
        """Peak RSS and llama.cpp's buffer sizes beside the estimate, on the run and model."""
        try:
            measured = await stats()
        except RunnerError:
            return
        await asyncio.to_thread(self._store_measured, run_id, path, measured)

    def _update_gguf(self, run_id: int, values: dict[str, Any], on_model: bool = False,
                     ) -> None:
        with self.factory.begin() as session:
            run = session.get_one(Run, run_id)
            run.config = {**run.config, "gguf": {**run.config["gguf"], **values}}
            if on_model and run.model_id is not None:
                model = session.get_one(Model, run.model_id)
                model.eligibility = {**(model.eligibility or {}), **values}

    def _store_measured(self, run_id: int, path: Path, stats: dict[str, Any]) -> None:
        self._update_gguf(run_id, {"measured": measured_memory(path, stats)}, on_model=True)

    async def _work(self, run_id: int, config: dict[str, Any], units: list[Unit], already: int,
                    sampler: SampleRunner,
                    before_finish: Callable[[], Awaitable[None]] | None = None) -> None:
        stats = self.stats.setdefault(run_id, RunStats())
        finished: asyncio.Queue[tuple[Unit, Outcome] | None] = asyncio.Queue()
        queue: asyncio.Queue[Unit] = asyncio.Queue()
        for unit in units:
            queue.put_nowait(unit)
        total = already + len(units)
        self.publish(run_id, {"event": "progress", "done": already, "total": total})

        async def worker() -> None:
            while True:
                try:
                    unit = queue.get_nowait()
                except asyncio.QueueEmpty:
                    return
                try:
                    outcome = await sampler.run(unit.spec, unit.prompt, unit.item, unit.repeat,
                                                unit.shots)
                except RunnerFatal as exc:  # no later sample can succeed
                    raise RunAborted(str(exc)) from exc
                except (RunnerError, ValueError, IsolatedTimeout) as exc:
                    stats.errors += 1
                    stats.consecutive_errors += 1
                    stats.last_error = str(exc)[:500]
                    self.publish(run_id, {"event": "error", "item_id": unit.item.item_id,
                                          "repeat": unit.repeat, "error": stats.last_error})
                    if stats.consecutive_errors >= MAX_CONSECUTIVE_ERRORS:
                        raise RunAborted(f"{stats.consecutive_errors} requests in a row "
                                         f"failed; last: {stats.last_error}") from exc
                    continue
                stats.consecutive_errors = 0
                finished.put_nowait((unit, outcome))

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
                await asyncio.to_thread(self._write, run_id,
                                        [self._row(run_id, u, o) for u, o in entries])
                stats.done_here += len(entries)
                for unit, outcome in entries:
                    self.publish(run_id, {"event": "sample", "benchmark": unit.spec.name,
                                          "item_id": unit.item.item_id, "repeat": unit.repeat,
                                          "verdict": outcome.verdict.status})
                self.publish(run_id, {"event": "progress", "done": already + stats.done_here,
                                      "total": total})

        writing = asyncio.create_task(writer())
        workers = [asyncio.create_task(worker())
                   for _ in range(min(int(config["concurrency"]), max(len(units), 1)))]
        try:
            await asyncio.gather(*workers)
        finally:
            for task in workers:
                task.cancel()
            await asyncio.gather(*workers, return_exceptions=True)
            finished.put_nowait(None)  # flush what finished, even when cancelled
            await asyncio.shield(writing)
        if before_finish is not None:
            await before_finish()
        status = "failed" if stats.errors else "finished"
        error = None if not stats.errors else (f"{stats.errors} sample(s) failed and are "
                                               f"missing; last: {stats.last_error}")
        await asyncio.to_thread(self._finish, run_id, status, error)
        self.publish(run_id, {"event": status, "error": error})
