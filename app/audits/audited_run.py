"""Finding the audit run a report is asked of, and the benchmark of it the report covers."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.orm import Session

from app.http import InvalidInput, NotFound
from app.records import AuditPlan, BenchmarkPlan, RunPlan
from app.tables import Run


@dataclass(frozen=True)
class AuditedRun:
    run: Run
    audit: AuditPlan
    benchmark: BenchmarkPlan


def audited_run(session: Session, run_id: int, benchmark: str | None,
                kind: str) -> AuditedRun:
    run = session.get(Run, run_id)
    if run is None:
        raise NotFound(f"run {run_id} does not exist", field="run_id")
    plan = run.config if isinstance(run.config, RunPlan) else None
    if plan is None or plan.audit is None or plan.audit.kind != kind:
        raise NotFound(f"run {run_id} is not an audit of kind {kind}", field="run_id")
    names = [b.name for b in plan.benchmarks]
    chosen = next((b for b in plan.benchmarks if b.name == (benchmark or names[0])), None)
    if chosen is None and benchmark is not None:
        raise NotFound(f"run {run_id} did not run {benchmark} (it ran {', '.join(names)})",
                       field="benchmark")
    if chosen is None or (benchmark is None and len(names) > 1):
        raise InvalidInput(f"name one of the run's benchmarks: {', '.join(names)}",
                           field="benchmark")
    return AuditedRun(run, plan.audit, chosen)
