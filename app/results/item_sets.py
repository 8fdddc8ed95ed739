"""Which runs are over a benchmark's current item set: only those are ranked side by side
(the leaderboard, a model's Index); the others are set aside with the reason."""

from __future__ import annotations

from pydantic import BaseModel, Field


class SetAsideRead(BaseModel):
    """Runs of a benchmark left out because they ran over another version of its items."""

    runs: list[int] = Field(description="Their ids, newest first")
    reason: str


def set_aside(reasons: dict[str, list[tuple[int, str]]]) -> dict[str, SetAsideRead]:
    """Per benchmark: the runs left out, under the newest one's reason."""
    return {bench: SetAsideRead(runs=[r for r, _ in runs], reason=runs[0][1])
            for bench, runs in reasons.items() if runs}
