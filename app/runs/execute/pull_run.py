"""A pull from the Hugging Face Hub as a run of kind `pull`.

POST /benchmarks/{name}/items:pull plans the run; the executor carries it out as it does an
evaluation (claimed by one server process, cancellable, taken over by another process if
this one dies: a pull is idempotent), so its progress is read where every run's is: the
stage, the files and the bytes received in GET /runs/{id}, `progress` events on
/runs/{id}/events, and at the end the import report, or the problem that stopped it, in the
run's runtime record.
"""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from app.benchmarks import BenchmarkSpec, get_benchmark, spec_of
from app.db import Transactions
from app.http import AppError, Relayed
from app.items import Fetched, fetch, source_of, store_pull
from app.records import (
    PullPlan,
    PullProblem,
    PullProgress,
    PullReport,
    PullStage,
    RunKind,
    RunRuntime,
    RunState,
    plan_sha256,
)
from app.runs.execute.events import EventHub
from app.tables import Run

PROGRESS_EVERY_S = 0.25  # at most this often: a `progress` event and the runtime record


def plan_pull(session: Session, name: str, revision: str | None, max_errors: int,
              created_by: str | None = None) -> int:
    """A queued pull run of a catalog benchmark with published files (422 otherwise)."""
    bench = get_benchmark(session, name)
    source = source_of(spec_of(bench))
    plan = PullPlan(benchmark=name, repo_id=source.repo_id,
                    revision=revision or source.revision, licence=source.licence,
                    gated=source.gated, max_errors=max_errors)
    run = Run(benchmark_id=bench.id, model_id=None, kind=RunKind.PULL, status=RunState.QUEUED,
              repeats=1, config=plan, config_sha256=plan_sha256(plan),
              runtime=RunRuntime(pull=PullProgress(stage=PullStage.RESOLVING)),
              created_by=created_by)
    session.add(run)
    session.flush()
    return run.id


def _record(session: Session, run_id: int, **values: object) -> Run:
    run = session.get_one(Run, run_id)
    run.runtime = run.runtime.model_copy(update=values)
    return run


class PullStore:
    """The database work of a pull run (synchronous; called in threads)."""

    def __init__(self, factory: sessionmaker[Session]) -> None:
        self.factory = factory

    def start(self, run_id: int) -> tuple[PullPlan, BenchmarkSpec]:
        with self.factory.begin() as session:
            run = session.get_one(Run, run_id)
            run.status = RunState.RUNNING
            run.started_at = run.started_at or datetime.now(UTC)
            plan = run.config
            assert isinstance(plan, PullPlan)
            return plan, spec_of(get_benchmark(session, plan.benchmark))

    def progress(self, run_id: int, progress: PullProgress) -> None:
        with self.factory.begin() as session:
            if session.scalar(select(Run.status).where(Run.id == run_id)) == RunState.RUNNING:
                _record(session, run_id, pull=progress)

    def fail(self, run_id: int, progress: PullProgress, problem: PullProblem) -> None:
        with self.factory.begin() as session:
            run = _record(session, run_id, pull=progress, pull_problem=problem)
            run.status, run.error = RunState.FAILED, problem.detail
            run.finished_at = datetime.now(UTC)


def import_and_finish(session: Session, run_id: int, plan: PullPlan, fetched: Fetched,
                      progress: PullProgress) -> PullReport:
    """The items and the run's end in one transaction: all of it, or none. A batch of the
    bulk lane, as an HTTP import is (in its worker process where there is one)."""
    report = store_pull(session, plan.benchmark, fetched, plan.max_errors)
    report = report.model_copy(update={"run_id": run_id})
    done = progress.model_copy(update={"stage": PullStage.DONE})
    run = _record(session, run_id, pull=done, pulled=report)
    run.status, run.finished_at = RunState.FINISHED, datetime.now(UTC)
    return report


def problem_of(exc: AppError) -> PullProblem:
    return PullProblem(status=exc.status, title=exc.title, type_slug=exc.type_slug,
                       detail=exc.detail, errors=exc.errors, extra=exc.extra)


def relayed(problem: PullProblem) -> Relayed:
    return Relayed(problem.status, problem.title, problem.type_slug, problem.detail,
                   errors=problem.errors, **problem.extra)


class _Reporter:
    """A pull's progress, heard from the download's threads: a `progress` event at most
    every PROGRESS_EVERY_S (a report that comes sooner goes out when the interval is over,
    with the state by then, so the last one is never lost), and the run's record written
    one write at a time, so an older snapshot never lands after a newer one."""

    def __init__(self, store: PullStore, events: EventHub, run_id: int) -> None:
        self.store, self.events, self.run_id = store, events, run_id
        self.loop = asyncio.get_running_loop()
        self.state = PullProgress(stage=PullStage.RESOLVING)
        self.sent_stage, self.sent_at = self.state.stage, 0.0
        self.held: asyncio.TimerHandle | None = None
        self.unwritten: PullProgress | None = None
        self.writing: asyncio.Task[None] | None = None

    def from_thread(self, stage: PullStage, files: int | None, size: int | None,
                    done: int | None) -> None:
        """The `progress` callback of app.items.hub_pull.fetch."""
        self.loop.call_soon_threadsafe(self._heard, stage, files, size, done)

    def _heard(self, stage: PullStage, files: int | None, size: int | None,
               done: int | None) -> None:
        state = self.state
        state.stage = stage
        state.files = state.files if files is None else files
        state.bytes = state.bytes if size is None else size
        state.bytes_done = max(state.bytes_done, done or 0)
        wait = self.sent_at + PROGRESS_EVERY_S - time.monotonic()
        if state.stage == self.sent_stage and wait > 0:
            if self.held is None:
                self.held = self.loop.call_later(wait, self.send)
            return
        self.send()

    def send(self) -> None:
        self.stop()
        self.sent_stage, self.sent_at = self.state.stage, time.monotonic()
        self.events.publish(self.run_id, "progress", **self.state.model_dump(mode="json"))
        if self.state.stage is not PullStage.DONE:  # the end is written with the report
            self.unwritten = self.state.model_copy()
            if self.writing is None or self.writing.done():
                self.writing = asyncio.create_task(self._write())

    async def _write(self) -> None:
        while self.unwritten is not None:
            progress, self.unwritten = self.unwritten, None
            await asyncio.to_thread(self.store.progress, self.run_id, progress)

    async def flush(self) -> None:
        if self.writing is not None:
            await self.writing

    def stop(self) -> None:
        """No report held back any more (sent now, or nothing after the end)."""
        if self.held is not None:
            self.held.cancel()
            self.held = None


async def carry_out_pull(transactions: Transactions, events: EventHub, run_id: int) -> None:
    """Download (in a thread; the Hub client's own threads report the bytes), verify,
    import. A cancel stops the download; once the import has begun it finishes, since it
    is one transaction, and the run records it."""
    store = PullStore(transactions.factory)
    plan, spec = await asyncio.to_thread(store.start, run_id)
    reporter = _Reporter(store, events, run_id)
    state = reporter.state
    try:
        # the download threads' reports are queued on the loop before its result
        fetched = await asyncio.to_thread(fetch, spec, plan.revision, reporter.from_thread)
        state.stage = PullStage.IMPORTING
        state.bytes_done = max(state.bytes_done, state.bytes or 0)
        reporter.send()
        await reporter.flush()
        work = asyncio.ensure_future(transactions.batch(import_and_finish, run_id, plan,
                                                        fetched, state.model_copy()))
        try:
            report = await asyncio.shield(work)
        except asyncio.CancelledError:
            report = await work  # too late to cancel: the import commits or fails whole
            if (task := asyncio.current_task()) is not None:
                task.uncancel()
    except AppError as exc:
        problem = problem_of(exc)
        await reporter.flush()
        await asyncio.to_thread(store.fail, run_id, state.model_copy(), problem)
        events.publish(run_id, "failed", error=problem.detail, status=problem.status)
        return
    finally:  # nothing is reported after the end
        reporter.stop()
    state.stage = PullStage.DONE
    reporter.send()
    items = report.items
    events.publish(run_id, "finished", commit=report.pull.commit, received=items.received,
                   inserted=items.inserted, replaced=items.replaced,
                   unchanged=items.unchanged)
