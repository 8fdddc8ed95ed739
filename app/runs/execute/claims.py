"""Which API process carries out a run, when several share one database.

A process claims a run before working on it and renews the claim (a heartbeat) while it
does; another process takes a run over only when that claim is stale: no heartbeat for
STALE_S, or the claiming process is gone from this very host. The claim is a compare-and-set
on (claimed_by), so two processes never both win it. Samples are unique per (run, item,
repeat) besides, so even a lost race would not store one twice.
"""

from __future__ import annotations

import os
import socket
import uuid
from datetime import UTC, datetime, timedelta

from sqlalchemy import select, update
from sqlalchemy.orm import Session, sessionmaker

from app.records import ACTIVE
from app.tables import Run

HEARTBEAT_S = 10.0
STALE_S = 60.0


def owner_id() -> str:
    """host:pid:token, unique per executor."""
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


def _gone(holder: str, me: str) -> bool:
    """A claim by a process of this host that no longer runs (or by an earlier executor of
    this very process, which restarts with a new token)."""
    host, _, rest = holder.partition(":")
    pid = rest.partition(":")[0]
    if host != socket.gethostname() or not pid.isdigit():
        return False
    if int(pid) == os.getpid():
        return holder != me
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except PermissionError:  # alive, someone else's
        return False
    return False


class Claims:
    def __init__(self, factory: sessionmaker[Session], owner: str | None = None) -> None:
        self.factory = factory
        self.owner = owner or owner_id()

    def claim(self, run_id: int, stale_s: float = STALE_S) -> bool:
        """Take the run if it is active and unclaimed, ours, or stale."""
        now = datetime.now(UTC)
        with self.factory.begin() as session:
            row = session.execute(select(Run.claimed_by, Run.heartbeat_at, Run.status)
                                  .where(Run.id == run_id)).first()
            if row is None or row.status not in ACTIVE:
                return False
            holder, beat = row.claimed_by, row.heartbeat_at
            free = (holder is None or holder == self.owner or beat is None
                    or beat < now - timedelta(seconds=stale_s) or _gone(holder, self.owner))
            if not free:
                return False
            done = session.execute(
                update(Run).where(Run.id == run_id, Run.claimed_by.is_(None) if holder is None
                                  else Run.claimed_by == holder)
                .values(claimed_by=self.owner, heartbeat_at=now))
            return bool(getattr(done, "rowcount", 0) == 1)

    def beat(self, run_ids: list[int]) -> list[int]:
        """Renew our claims; the ids among them whose cancellation was asked elsewhere."""
        if not run_ids:
            return []
        with self.factory.begin() as session:
            session.execute(update(Run).where(Run.id.in_(run_ids),
                                              Run.claimed_by == self.owner)
                            .values(heartbeat_at=datetime.now(UTC)))
            return list(session.scalars(select(Run.id).where(Run.id.in_(run_ids),
                                                             Run.cancel_requested)))

    def release(self, run_ids: list[int]) -> None:
        """At shutdown: the runs may be taken over at once."""
        if not run_ids:
            return
        with self.factory.begin() as session:
            session.execute(update(Run).where(Run.id.in_(run_ids),
                                              Run.claimed_by == self.owner)
                            .values(claimed_by=None, heartbeat_at=None))

    def request_cancel(self, run_id: int) -> None:
        """For a run another process carries out: it cancels at its next heartbeat."""
        with self.factory.begin() as session:
            session.execute(update(Run).where(Run.id == run_id, Run.status.in_(ACTIVE))
                            .values(cancel_requested=True))
