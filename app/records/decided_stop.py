"""`stop_when.decided`: a run against a reference run stops once non-inferiority is decided
either way (app.scoring.sequential_test)."""

from __future__ import annotations

from pydantic import Field

from app.http import RequestModel


class Decided(RequestModel):
    """Look at `looks` evenly spaced fractions of the reference's items; stop at the first
    look whose paired z crosses the group-sequential boundary (Lan-DeMets, O'Brien-Fleming
    type) for non-inferiority or inferiority at one-sided level `alpha`."""

    margin: float = Field(gt=0, le=0.5, description="How much worse than the reference "
                          "(accuracy, 0-1) the build may be")
    looks: int = Field(default=5, ge=1, le=20)
    alpha: float = Field(default=0.025, gt=0, lt=0.5)
