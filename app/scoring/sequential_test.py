"""Non-inferiority decided as a paired run goes: looks at planned fractions of the items,
each against a group-sequential boundary (app.scoring.group_sequential), so that stopping
at the first decisive look keeps the stated one-sided α for either claim. Pure.

At a look over n paired items with differences d (build − reference): z = (mean(d) +
margin) / se. For single-repeat 0/1 scores se is the score test's (Tango 1998): the variance
of d under H0 (gained − lost = −margin), at the restricted maximum-likelihood lost rate,
(2 p_lost − margin − margin²) / n. The Wald se from sd(d) would be small exactly when few
items are lost and claim too often (3.2% at a stated 2.5% in the seeded simulation), and
zero while every pair agrees. With repeats (means over repeats) se = sd(d) / √n, floored at
1/n. Non-inferior when z
reaches the boundary c_k; inferior when −z does (the upper end of the interval at that level
falls below −margin); otherwise the run goes on. The last look, at every item, decides with
the last boundary, or stays inconclusive.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from app.scoring.group_sequential import boundaries
from app.scoring.noninferiority import Decision
from app.scoring.stats import mean

BOUNDARY = "Lan-DeMets spending, O'Brien-Fleming type"


@dataclass(frozen=True)
class Look:
    items: int
    fraction: float
    z: float
    critical: float


@lru_cache(maxsize=256)
def _boundaries(fractions: tuple[float, ...], alpha: float) -> tuple[float, ...]:
    return tuple(boundaries(fractions, alpha))


def restricted_lost_rate(lost: int, gained: int, n: int, margin: float) -> float:
    """The maximum-likelihood P(lost) under gained - lost = -margin: the root of the
    likelihood's derivative in (margin, (1 + margin) / 2), where it falls (concave)."""
    agree = n - lost - gained

    def slope(a: float) -> float:
        return (lost / a if lost else 0.0) + (gained / (a - margin) if gained else 0.0) \
            - 2 * agree / (1 - 2 * a + margin)

    lo, hi = margin + 1e-12, (1 + margin) / 2 - 1e-12
    if slope(lo) <= 0:
        return lo
    for _ in range(200):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if slope(mid) > 0 else (lo, mid)
    return (lo + hi) / 2


def z_statistic(diffs: Sequence[float], margin: float) -> float:
    n = len(diffs)
    m = mean(diffs)
    if all(d in (-1.0, 0.0, 1.0) for d in diffs):
        a = restricted_lost_rate(diffs.count(-1.0), diffs.count(1.0), n, margin)
        return (m + margin) / math.sqrt(max(2 * a - margin - margin ** 2, 1e-12) / n)
    sd = math.sqrt(math.fsum((d - m) ** 2 for d in diffs) / (n - 1)) if n > 1 else 0.0
    return (m + margin) / max(sd / math.sqrt(n), 1 / n)


@dataclass
class SequentialNonInferiority:
    margin: float
    looks: int
    alpha: float
    planned: int
    history: list[Look] = field(default_factory=list)

    def due(self, n: int) -> bool:
        """Whether n paired items reach the next planned look (k/looks of the items)."""
        k = len(self.history) + 1
        return k <= self.looks and n >= math.ceil(self.planned * k / self.looks)

    def look(self, diffs: Sequence[float]) -> Decision | None:
        """A look over the paired differences so far; None while undecided."""
        n = len(diffs)
        t = min(n / self.planned, 1.0)
        if n < 2 or (self.history and t <= self.history[-1].fraction):
            return None
        fractions = (*(h.fraction for h in self.history), t)
        critical = _boundaries(fractions, self.alpha)[-1]
        z = z_statistic(diffs, self.margin)
        self.history.append(Look(n, t, z, critical))
        if z >= critical:
            return Decision.NON_INFERIOR
        if -z >= critical:
            return Decision.INFERIOR
        return Decision.INCONCLUSIVE if t >= 1.0 else None
