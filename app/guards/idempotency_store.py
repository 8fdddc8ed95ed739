"""The database side of idempotent writes: claiming a key, keeping the answer, letting it go.
Each function is one transaction, so two serving processes racing for a key meet at the
table's primary key: one inserts, the other finds the row."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from app.tables import IdempotencyKey


class Found(StrEnum):
    NEW = "new"  # no live row: the caller inserts one and serves the request
    BUSY = "busy"  # the first request is still being served
    ANSWERED = "answered"  # the first request's answer is kept
    TAKEN_OVER = "taken_over"  # its server stopped before answering: this request serves it


@dataclass(frozen=True)
class Answer:
    """What the first request was and what it got."""

    method: str
    path: str
    request_sha256: str
    status: int
    headers: list[tuple[str, str]]
    body: bytes


@dataclass(frozen=True)
class Claim:
    scope: str
    key: str
    method: str
    path: str
    owner: str


def insert(session: Session, claim: Claim, now: datetime, lease_s: float,
           ttl_s: float) -> None:
    """The first request's row; raises IntegrityError when another holds the key. Rows past
    their expiry go first, this key's and any other's (the index on expires_at finds them)."""
    session.execute(delete(IdempotencyKey).where(IdempotencyKey.expires_at <= now))
    session.add(IdempotencyKey(
        scope=claim.scope, key=claim.key, method=claim.method, path=claim.path,
        owner=claim.owner, locked_until=now + timedelta(seconds=lease_s), created_at=now,
        expires_at=now + timedelta(seconds=ttl_s)))
    session.flush()


def look_up(session: Session, claim: Claim, now: datetime, lease_s: float
            ) -> tuple[Found, Answer | None]:
    """What a request finds under its key when the insert met an existing row."""
    row = session.scalar(select(IdempotencyKey).where(
        IdempotencyKey.scope == claim.scope, IdempotencyKey.key == claim.key))
    if row is None or row.expires_at <= now:
        return Found.NEW, None
    if row.status is not None and row.request_sha256 is not None and row.body is not None:
        headers = [(str(name), str(value)) for name, value in row.headers or []]
        return Found.ANSWERED, Answer(row.method, row.path, row.request_sha256, row.status,
                                      headers, row.body)
    if row.locked_until > now:
        return Found.BUSY, None
    # the first request's server died before answering: whoever moves the lock first serves it
    moved = session.execute(
        update(IdempotencyKey)
        .where(IdempotencyKey.scope == claim.scope, IdempotencyKey.key == claim.key,
               IdempotencyKey.owner == row.owner, IdempotencyKey.status.is_(None))
        .values(owner=claim.owner, method=claim.method, path=claim.path,
                locked_until=now + timedelta(seconds=lease_s)))
    return (Found.TAKEN_OVER if moved.rowcount == 1 else Found.BUSY), None  # type: ignore[attr-defined]


def extend(session: Session, claim: Claim, now: datetime, lease_s: float) -> None:
    """The first request is still being served: its lease runs from now."""
    session.execute(
        update(IdempotencyKey)
        .where(IdempotencyKey.scope == claim.scope, IdempotencyKey.key == claim.key,
               IdempotencyKey.owner == claim.owner, IdempotencyKey.status.is_(None))
        .values(locked_until=now + timedelta(seconds=lease_s)))


def keep(session: Session, claim: Claim, answer: Answer) -> None:
    """The first request's answer, for its retries (only while this request still owns it)."""
    session.execute(
        update(IdempotencyKey)
        .where(IdempotencyKey.scope == claim.scope, IdempotencyKey.key == claim.key,
               IdempotencyKey.owner == claim.owner)
        .values(request_sha256=answer.request_sha256, status=answer.status,
                headers=[list(pair) for pair in answer.headers], body=answer.body))


def release(session: Session, claim: Claim) -> None:
    """Forget the key: the request changed nothing (refused, or failed), so a retry is a
    new request."""
    session.execute(delete(IdempotencyKey).where(
        IdempotencyKey.scope == claim.scope, IdempotencyKey.key == claim.key,
        IdempotencyKey.owner == claim.owner))
