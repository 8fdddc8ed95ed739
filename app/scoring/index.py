"""The Mobile Intelligence Index: the equal-weight mean of its component scores. Pure.

Each component is one benchmark's headline on a 0-1 scale, read from its run's metrics by
that benchmark's metrics role (app.benchmarks.roles, `Metrics.component`). The index is
defined only when every component is present; missing components are named, with the reason
where a run was there but gave no value. Uncertainty: each component's standard error as its
benchmark states it, never 0 where a Wilson interval says otherwise (a component at 0 or 1 is
not certain: there the se is the wider side of its 95% Wilson interval / 1.96), the index's
= sqrt(sum se_i^2) / k, its 95% interval = index +- 1.96 se, clipped to [0, 1]. An accuracy
component takes its run's own standard error and interval, as every view of the run shows
them.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from app.scoring.stats import Z95, wilson_interval


@dataclass(frozen=True)
class Component:
    name: str
    value: float | None
    stderr: float | None
    metric: str
    interval: tuple[float, float] | None = None  # its own 95% interval, where it has one
    reason: str | None = None  # why there is no value
    method: str = "wilson"  # how its own interval was made

    @property
    def ci95(self) -> tuple[float, float] | None:
        if self.value is not None and self.interval is not None:
            return self.interval
        return normal_interval(self.value, self.stderr)

    @property
    def ci_method(self) -> str:
        """How ci95 was made: the component's own interval's method, or "normal" (value +-
        1.96 se)."""
        return self.method if self.value is not None and self.interval is not None \
            else "normal"


def normal_interval(value: float | None, stderr: float | None) -> tuple[float, float] | None:
    if value is None or stderr is None:
        return None
    return max(0.0, value - Z95 * stderr), min(1.0, value + Z95 * stderr)


def proportion_se(p: float, n: float) -> float:
    """A proportion's standard error that stays honest at 0 and 1: the wider side of its
    95% Wilson interval over n, / 1.96 (p(1-p)/n is 0 there, and 0 of 2 is not certain).
    0 where there is nothing to count (n = 0)."""
    if n <= 0:
        return 0.0
    return wider_half(p, wilson_interval(p, n)) / Z95


def wider_half(value: float, interval: tuple[float, float]) -> float:
    return max(value - interval[0], interval[1] - value)


def run_stderr(value: float, stderr: float | None, interval: tuple[float, float]) -> float:
    """A run's accuracy standard error as a component's: its own (sqrt(p(1-p)/(N-1)),
    item-clustered with repeats); where that measures no spread (0 at accuracy 0 or 1, or
    none over one item), its interval's wider side / 1.96."""
    return stderr if stderr else wider_half(value, interval) / Z95


def formula(names: Sequence[str]) -> str:
    k = len(names)
    return (f"index = ({' + '.join(names)}) / {k}, each on 0-1; se(index) = "
            f"sqrt(sum se_i^2) / {k}, each se_i its component's rule (Wilson-type: never 0 "
            "at 0 or 1); ci95 = index +- 1.96 se, clipped to [0, 1]")


@dataclass(frozen=True)
class IndexResult:
    value: float | None
    stderr: float | None
    missing: list[str]

    @property
    def ci95(self) -> tuple[float, float] | None:
        return normal_interval(self.value, self.stderr)


def mobile_index(components: Mapping[str, Component], names: Sequence[str]) -> IndexResult:
    missing = [c for c in names if components.get(c) is None or components[c].value is None]
    if missing or not names:
        return IndexResult(None, None, missing)
    values = [components[c].value for c in names]
    errors = [components[c].stderr for c in names]
    value = math.fsum(v for v in values if v is not None) / len(names)
    stderr = None if any(e is None for e in errors) else \
        math.sqrt(math.fsum(e * e for e in errors if e is not None)) / len(names)
    return IndexResult(value, stderr, [])
