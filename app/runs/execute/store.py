"""The executor's database work (synchronous; called in threads): what is left of a run,
its samples in batches, its runtime record and its end."""

from __future__ import annotations

import logging
import random
from collections import defaultdict
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import func, insert, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from app import telemetry
from app.benchmarks import Benchmark as BenchmarkObject
from app.benchmarks import Outcome, PromptItem, benchmark_of
from app.callbacks import outbox
from app.db import retried_when_disconnected
from app.gguf import measured_memory
from app.items import fewshot_rows, keyed
from app.records import (
    ACTIVE,
    CARRIED_OUT,
    EXECUTED,
    BenchmarkPlan,
    Json,
    RunKind,
    RunPlan,
    RunRuntime,
    RunState,
    SampleStyle,
    UnitOrder,
    evaluation_plan,
)
from app.runs.execute.treatments import VisionTreatment, treated, vision_of
from app.runs.reproducibility import gguf_sha256
from app.runs.results import compute_results
from app.scoring import KeyedItem, Status, Verdict, scoring_failure
from app.tables import Benchmark, Item, Model, Run, Sample

log = logging.getLogger("pocketeval.runs")


@dataclass
class Unit:
    """One (item, repeat) still to evaluate."""

    benchmark: BenchmarkObject
    prompt: PromptItem
    item: KeyedItem
    repeat: int
    shots: list[PromptItem] = field(default_factory=list)
    arranged: Json | None = None  # audits: the treatment, the order shown, the key letter
    benchmark_id: int = 0
    vision: VisionTreatment | None = None  # vision-only audits: sent as a rendered image


@dataclass
class LoadedRun:
    plan: RunPlan
    runtime: RunRuntime
    units: list[Unit]  # still to do, in the order they go
    already: int  # samples stored before
    # per benchmark id: its planned items' keys, and the verdicts stored so far per item
    # (the running estimate starts from them)
    keyed: dict[int, list[KeyedItem]] = field(default_factory=dict)
    verdicts: defaultdict[int, dict[int, list[Verdict]]] = field(
        default_factory=lambda: defaultdict(dict))
    benchmarks: dict[int, BenchmarkObject] = field(default_factory=dict)
    started_at: datetime | None = None
    reference: dict[int, float] = field(default_factory=dict)  # item -> reference run's mean


def _prompt_item(row: Item) -> PromptItem:
    return PromptItem(row.external_id, row.subject, row.payload, row.meta)


def _row(run_id: int, unit: Unit, outcome: Outcome) -> Json:
    v = outcome.verdict
    return {"run_id": run_id, "item_id": unit.item.item_id, "repeat": unit.repeat,
            "prompt": outcome.prompt, "response": outcome.response,
            "answer": None if v.answer is None else v.answer[:200], "verdict": v.status,
            "score": v.score, "detail": {**outcome.detail, **(unit.arranged or {})},
            **asdict(outcome.stats)}


class RunStore:
    def __init__(self, factory: sessionmaker[Session]) -> None:
        self.factory = factory

    def active_ids(self) -> list[int]:
        with self.factory() as session:
            return list(session.scalars(select(Run.id).where(Run.kind.in_(CARRIED_OUT),
                                                             Run.status.in_(ACTIVE))
                                        .order_by(Run.id)))

    def load(self, run_id: int) -> LoadedRun:
        """What is left of the run, in the plan's order; marks the run running."""
        with self.factory.begin() as session:
            run = session.get_one(Run, run_id)
            run.status = RunState.RUNNING
            run.started_at = run.started_at or datetime.now(UTC)
            plan = evaluation_plan(run.config)
            methodology = plan.methodology.resolve()
            stored = session.execute(
                select(Sample.item_id, Sample.repeat, Sample.verdict, Sample.answer,
                       Sample.detail).where(Sample.run_id == run_id)).all()
            done = {(s.item_id, s.repeat) for s in stored}
            loaded = LoadedRun(plan, run.runtime, [],
                               len(done), started_at=run.started_at)
            pending: list[tuple[BenchmarkPlan, BenchmarkObject, Item, list[PromptItem]]] = []
            for bench_plan in plan.benchmarks:
                bench = session.get_one(Benchmark, bench_plan.benchmark_id)
                found = loaded.benchmarks[bench.id] = benchmark_of(bench).variant(
                    methodology=methodology)
                rows = {r.id: r for r in session.scalars(
                    select(Item).where(Item.id.in_(bench_plan.item_ids)))}
                keys = loaded.keyed[bench.id] = []
                shots: dict[str, list[PromptItem]] = {}
                for item_id in bench_plan.item_ids:
                    row = rows.get(item_id)
                    if row is None:
                        continue
                    keys.append(keyed(row))
                    if bench_plan.style is SampleStyle.LOGLIKELIHOOD and row.subject not in shots:
                        shots[row.subject] = [_prompt_item(s) for s in
                                              fewshot_rows(session, found.spec, bench.id, row)]
                    pending.append((bench_plan, found, row, shots.get(row.subject, [])))
            if plan.order is UnitOrder.RANDOM:  # an item's repeats stay together
                random.Random(plan.seed).shuffle(pending)
            bench_of = {}
            for bench_plan, found, row, item_shots in pending:
                bench_of[row.id] = bench_plan.benchmark_id
                for r in range(bench_plan.repeats):
                    if (row.id, r) in done:
                        continue
                    unit = Unit(found, _prompt_item(row), keyed(row), r, item_shots,
                                benchmark_id=bench_plan.benchmark_id)
                    if plan.audit is not None and bench_plan.arrangements:
                        treatment = bench_plan.arrangements[r]
                        unit.prompt, unit.item, unit.arranged = treated(
                            row, plan.audit, treatment, bench_plan.n_options)
                        unit.vision = vision_of(plan.audit, treatment)
                    loaded.units.append(unit)
            if plan.reference_run is not None:
                scores: dict[int, list[float]] = {}
                for item_id, value in session.execute(select(Sample.item_id, Sample.score).where(
                        Sample.run_id == plan.reference_run, Sample.item_id.in_(bench_of))):
                    scores.setdefault(item_id, []).append(value)
                loaded.reference = {i: sum(v) / len(v) for i, v in scores.items()}
            for s in stored:
                if s.item_id in bench_of:
                    loaded.verdicts[bench_of[s.item_id]].setdefault(s.item_id, []).append(
                        Verdict(s.item_id, s.repeat, Status(s.verdict), s.answer, s.detail))
            return loaded

    @retried_when_disconnected
    def write(self, run_id: int, entries: list[tuple[Unit, Outcome]]) -> None:
        """One transaction per batch: a Core executemany costs a fraction of per-row ORM
        commits, which otherwise hold the GIL against the event loop."""
        now = datetime.now(UTC)
        rows = [{**_row(run_id, unit, outcome), "created_at": now} for unit, outcome in entries]
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
        telemetry.samples_stored([str(outcome.verdict.status) for _unit, outcome in entries],
                                 sum(outcome.stats.latency_ms for _u, outcome in entries) / 1000)

    @retried_when_disconnected
    def update_runtime(self, run_id: int, **values: object) -> None:
        with self.factory.begin() as session:
            run = session.get_one(Run, run_id)
            run.runtime = run.runtime.model_copy(update=values)

    def record_measured(self, run_id: int, path: Path, stats: Json) -> None:
        """Peak RSS and llama.cpp's buffer sizes beside the estimate, on the run and model."""
        measured = measured_memory(path, stats)
        telemetry.gguf_pool_measured(stats)
        self.update_runtime(run_id, measured=measured)
        with self.factory.begin() as session:
            run = session.get_one(Run, run_id)
            if run.model_id is not None:
                model = session.get_one(Model, run.model_id)
                model.eligibility = {**(model.eligibility or {}), "measured": measured}

    def record_file_hash(self, run_id: int, path: Path) -> None:
        """The GGUF's sha256 in the run's reproducibility record (hashed once per file)."""
        digest = gguf_sha256(path)
        with self.factory.begin() as session:
            run = session.get_one(Run, run_id)
            record = run.reproducibility
            assert record is not None, "planning records every evaluation run's"
            run.reproducibility = record.model_copy(update={"gguf_sha256": digest})

    def kind(self, run_id: int) -> RunKind:
        with self.factory() as session:
            return RunKind(session.scalars(select(Run.kind).where(Run.id == run_id)).one())

    @retried_when_disconnected
    def progress(self, run_id: int) -> tuple[str, int, int]:
        """(status, samples stored, samples planned) of any run, as its database says."""
        with self.factory() as session:
            run = session.get_one(Run, run_id)
            done = session.scalar(select(func.count()).select_from(Sample)
                                  .where(Sample.run_id == run_id)) or 0
            total = run.config.total if isinstance(run.config, RunPlan) else done
            return run.status, done, total

    @retried_when_disconnected
    def finish(self, run_id: int, status: RunState, error: str | None) -> None:
        with self.factory.begin() as session:
            run = session.get_one(Run, run_id)
            if run.kind in EXECUTED:  # a pull run has no results
                unscorable = scoring_failure(*_scoring_errors(session, run_id))
                if unscorable is not None:
                    status = RunState.FAILED
                    error = unscorable if error is None else f"{error}; {unscorable}"
            run.status, run.error = status, error
            run.finished_at = datetime.now(UTC)
            if run.kind in EXECUTED:  # a failed or cancelled run's results are partial
                compute_results(session, run)
            outbox.run_ended(session, run, run.finished_at)
        telemetry.run_ended(status)

    def fail(self, run_id: int, error: str) -> None:
        with self.factory.begin() as session:
            run = session.get_one(Run, run_id)
            run.status, run.error, run.finished_at = RunState.FAILED, error, datetime.now(UTC)
            outbox.run_ended(session, run, run.finished_at)
        telemetry.run_ended(RunState.FAILED)


def _scoring_errors(session: Session, run_id: int) -> tuple[int, int, str | None]:
    """(samples whose scoring raised, samples stored, the first one's message) of a run."""
    errors, total = session.execute(
        select(func.count().filter(Sample.verdict == Status.ERROR), func.count())
        .where(Sample.run_id == run_id)).one()
    first = session.scalar(select(Sample.detail).where(
        Sample.run_id == run_id, Sample.verdict == Status.ERROR).order_by(Sample.id).limit(1))
    return int(errors), int(total), None if first is None else str(first.get("error"))
