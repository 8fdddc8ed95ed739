"""The outbox of run callbacks in the database: a run's callback is written with the run,
its report fixed in the transaction that ends the run, and each delivery taken by one
serving process at a time (a lease), tried, and recorded. Rows outlive the process, so a
delivery cut off by a restart is tried again by whichever process runs next."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timedelta
from urllib.parse import urlsplit, urlunsplit

from sqlalchemy import or_, select, update
from sqlalchemy.orm import Session

from app.callbacks.schemas import AttemptRead, NotificationsRead, NotifyIn
from app.records import CallbackState, PostedPlan, RunPlan, RunState
from app.tables import Benchmark, CallbackAttempt, Model, Result, Run, RunCallback

HEADLINE = ("accuracy", "ci95", "n_items")  # of each benchmark's metrics, in the report


@dataclass(frozen=True)
class Due:
    """A delivery this process has taken: what to send, and the try it is."""

    run_id: int
    url: str
    secret: str | None
    payload: bytes
    attempt: int


@dataclass(frozen=True)
class Retries:
    base_s: float  # the wait after a first failed try; doubled after each
    most_s: float  # the longest wait between tries
    for_s: float  # how long after the run's end tries go on


def subscribe(session: Session, run_id: int, notify: NotifyIn) -> None:
    secret = notify.secret.get_secret_value() if notify.secret is not None else None
    session.add(RunCallback(run_id=run_id, url=notify.url, secret=secret,
                            state=CallbackState.WAITING, attempts=0))


def run_ended(session: Session, run: Run, now: datetime) -> None:
    """In the transaction that ends `run`: its report is fixed and queued for delivery."""
    callback = session.get(RunCallback, run.id)
    if callback is None or callback.state is not CallbackState.WAITING:
        return
    callback.payload = report(session, run)
    callback.state, callback.ended_at, callback.next_attempt_at = \
        CallbackState.PENDING, now, now


def run_retracted(session: Session, run: Run, now: datetime) -> None:
    """A retraction is reported like an end: the receiver's copy of the numbers is withdrawn.
    The row's report is replaced (a report not yet delivered no longer holds) and tried anew."""
    callback = session.get(RunCallback, run.id)
    if callback is None:
        return
    callback.payload = report(session, run)
    callback.state, callback.ended_at, callback.next_attempt_at, callback.lease_until = \
        CallbackState.PENDING, now, now, None
    callback.attempts += 1  # a try of the earlier report still in flight no longer counts


def report(session: Session, run: Run) -> bytes:
    """The JSON summary sent: the run, each benchmark's headline figures when it finished
    (a failed or cancelled run reports no score), and where to read the rest."""
    model = session.scalar(select(Model.name).where(Model.id == run.model_id)) \
        if run.model_id is not None else None
    plan = run.config
    benchmarks = [b.name for b in plan.benchmarks] if isinstance(plan, RunPlan) \
        else [plan.benchmark] if isinstance(plan, PostedPlan) else []
    results = []
    if run.status is RunState.FINISHED:
        session.flush()
        for name, metrics in session.execute(
                select(Benchmark.name, Result.metrics).join(Benchmark,
                                                             Benchmark.id == Result.benchmark_id)
                .where(Result.run_id == run.id).order_by(Benchmark.name)):
            results.append({"benchmark": name, **{k: metrics.get(k) for k in HEADLINE}})
    body: dict[str, object] = {
        "type": "run.retracted" if run.retracted_at else f"run.{run.status.value}",
        "run": {"id": run.id, "status": run.status.value, "kind": run.kind.value,
                "model": model, "benchmarks": benchmarks, "error": run.error,
                "created_at": run.created_at.isoformat(),
                "finished_at": run.finished_at.isoformat() if run.finished_at else None},
        "results": results,
        "links": {name: path.format(run.id) for name, path in (
            ("run", "/runs/{}"), ("results", "/runs/{}/results"),
            ("samples", "/runs/{}/samples"), ("page", "/ui/runs/{}"))},
    }
    if run.retracted_at is not None:
        body["retraction"] = {"at": run.retracted_at.isoformat(), "by": run.retracted_by,
                              "reason": run.retraction_reason}
    return json.dumps(body, sort_keys=True).encode()


def take_due(session: Session, now: datetime, lease_s: float) -> Due | None:
    """The delivery that has waited longest, leased to this process; None when none is due.
    Two processes taking the same row meet at the conditional update: one moves it."""
    row = session.scalar(
        select(RunCallback).where(RunCallback.state == CallbackState.PENDING,
                                  RunCallback.next_attempt_at <= now,
                                  or_(RunCallback.lease_until.is_(None),
                                      RunCallback.lease_until < now))
        .order_by(RunCallback.next_attempt_at).limit(1))
    if row is None or row.payload is None:
        return None
    taken = session.execute(
        update(RunCallback).where(RunCallback.run_id == row.run_id,
                                  RunCallback.attempts == row.attempts,
                                  RunCallback.state == CallbackState.PENDING,
                                  or_(RunCallback.lease_until.is_(None),
                                      RunCallback.lease_until < now))
        .values(lease_until=now + timedelta(seconds=lease_s)))
    if taken.rowcount != 1:  # type: ignore[attr-defined]
        return None
    return Due(row.run_id, row.url, row.secret, row.payload, row.attempts + 1)


def record(session: Session, due: Due, attempt: AttemptRead, retries: Retries) -> CallbackState:
    """A try's outcome; the callback is delivered, due again later, or given up."""
    session.add(CallbackAttempt(run_id=due.run_id, **attempt.model_dump()))
    row = session.get_one(RunCallback, due.run_id)
    if row.state is not CallbackState.PENDING or row.attempts != due.attempt - 1:
        return row.state  # another process's try was recorded first: this one only as a try
    now = attempt.attempted_at
    row.attempts, row.lease_until = due.attempt, None
    ok = attempt.status_code is not None and 200 <= attempt.status_code < 300
    wait = min(retries.base_s * 2 ** (due.attempt - 1), retries.most_s)
    ended = row.ended_at or now
    if ok:
        row.state, row.delivered_at, row.next_attempt_at = CallbackState.DELIVERED, now, None
    elif now + timedelta(seconds=wait) > ended + timedelta(seconds=retries.for_s):
        row.state, row.next_attempt_at = CallbackState.GAVE_UP, None
    else:
        row.next_attempt_at = now + timedelta(seconds=wait)
    return row.state


def read(session: Session, run_id: int) -> NotificationsRead:
    row = session.get(RunCallback, run_id)
    attempts = [AttemptRead.model_validate(a, from_attributes=True)
                for a in session.scalars(select(CallbackAttempt)
                                         .where(CallbackAttempt.run_id == run_id)
                                         .order_by(CallbackAttempt.id))]
    if row is None:
        return NotificationsRead(run_id=run_id, url=None, state=None, signed=False,
                                 next_attempt_at=None, delivered_at=None, attempts=attempts)
    return NotificationsRead(run_id=run_id, url=_shown(row.url), state=row.state,
                             signed=row.secret is not None, next_attempt_at=row.next_attempt_at,
                             delivered_at=row.delivered_at, attempts=attempts)


def _shown(url: str) -> str:
    """The URL without its query, fragment or credentials: receivers' tokens often ride
    there, and reads may be open."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    return urlunsplit((parts.scheme, host + (f":{parts.port}" if parts.port else ""),
                       parts.path, "", ""))
