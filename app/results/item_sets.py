"""Which runs are over a benchmark's current item set: only those are ranked side by side
(the leaderboard, a model's Index); the others are set aside with the reason."""

from __future__ import annotations

from pydantic import BaseModel, Field
from sqlalchemy import select
from sqlalchemy.orm import Session

from app.items.item_set import item_set_version
from app.run_records.reproducibility import ItemSetVersion
from app.tables import Benchmark, Run


class SetAsideRead(BaseModel):
    """Runs of a benchmark left out because they ran over another version of its items."""

    runs: list[int] = Field(description="Their ids, newest first")
    reason: str


class CurrentItemSets:
    """The benchmarks' current item-set versions, each read once (a version is cached until
    its benchmark's items change)."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self._current: dict[tuple[str, str | None], ItemSetVersion | None] = {}

    def current(self, benchmark: str, split: str | None) -> ItemSetVersion | None:
        key = (benchmark, split)
        if key not in self._current:
            bench = self.session.scalar(select(Benchmark).where(Benchmark.name == benchmark))
            self._current[key] = None if bench is None else \
                item_set_version(self.session, bench, split)
        return self._current[key]

    def stale(self, run: Run, benchmark: str) -> str | None:
        """Why `run` is not over `benchmark`'s current item set; None when it is (or when the
        run recorded no version, as runs stored before versions were kept)."""
        record = run.reproducibility
        ran = None if record is None else next(
            (b.item_set for b in record.benchmarks if b.name == benchmark), None)
        if ran is None:
            return None
        now = self.current(benchmark, ran.split)
        if now is None or now.sha256 == ran.sha256:
            return None
        return (f"ran over another version of {benchmark}'s {ran.split or 'all'} items "
                f"({ran.n_items} items, sha256 {ran.sha256[:12]}); it now holds "
                f"{now.n_items} items (sha256 {now.sha256[:12]})")


def set_aside(reasons: dict[str, list[tuple[int, str]]]) -> dict[str, SetAsideRead]:
    """Per benchmark: the runs left out, under the newest one's reason."""
    return {bench: SetAsideRead(runs=[r for r, _ in runs], reason=runs[0][1])
            for bench, runs in reasons.items() if runs}
