"""The Mobile Intelligence Index: the equal-weight mean of its component scores. Pure.

Each component is one benchmark's headline on a 0-1 scale, read from its run's metrics by
that benchmark's metrics role (app.benchmarks.roles, `Metrics.component`). The index is
defined only when every component is present; missing components are named. Uncertainty:
each component's standard error as its benchmark states it, the index's =
sqrt(sum se_i^2) / k, 95% intervals = value +- 1.96 se, clipped to [0, 1].
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from app.scoring.stats import Z95


@dataclass(frozen=True)
class Component:
    name: str
    value: float | None
    stderr: float | None
    metric: str

    @property
    def ci95(self) -> tuple[float, float] | None:
        return normal_interval(self.value, self.stderr)


def normal_interval(value: float | None, stderr: float | None) -> tuple[float, float] | None:
    if value is None or stderr is None:
        return None
    return max(0.0, value - Z95 * stderr), min(1.0, value + Z95 * stderr)


def binomial_se(p: float, n: float) -> float:
    return math.sqrt(p * (1 - p) / n) if n > 0 else 0.0


def formula(names: Sequence[str]) -> str:
    k = len(names)
    return (f"index = ({' + '.join(names)}) / {k}, each on 0-1; se(index) = "
            f"sqrt(sum se_i^2) / {k}; ci95 = index +- 1.96 se")


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
