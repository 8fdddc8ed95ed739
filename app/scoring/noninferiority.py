"""Is a build no worse than its reference by more than a margin? Pure.

Over the items both scored (an item's score its mean over repeats), d_i = build_i - ref_i:
- the verdict compares the 95% interval of mean(d) (Newcombe's for single-repeat 0/1
  scores, else normal; app.scoring.paired) with -margin: non-inferior when its lower bound
  is above -margin (a one-sided test at 2.5%), inferior when its upper bound is below
  -margin, inconclusive otherwise; the bound that decides is the lower for a
  non-inferior verdict and the upper for an inferior one (an inconclusive one has neither:
  its lower bound is not above -margin and its upper not below it);
- the one-sided p-value of H0: mean(d) <= -margin is 1 - Phi((mean(d) + margin) / SE);
- items needed: the paired items that would show non-inferiority with 80% power at the
  observed mean and spread of d, (z_0.975 + z_0.8)^2 var(d) / (mean(d) + margin)^2; none
  when the observed difference is itself at or below -margin;
- retention = mean(build) / mean(ref), with a delta-method interval that keeps the
  pairing: var = (var(b) + r^2 var(a) - 2 r cov(a, b)) / (n mean(a)^2);
- flips: the items the reference got right and the build wrong (lost), and the reverse
  (gained), for single-repeat 0/1 scores.

The Index (an equal-weight mean of components that are not all item means: one weighs its
categories, another subtracts wrong answers) is compared from the two Index values and
their standard errors, unpaired: se = sqrt(se_ref^2 + se_build^2), a wider interval than
pairing would give, so a non-inferior verdict holds a fortiori. Retention's delta-method
variance is then (se_build^2 + r^2 se_ref^2) / ref^2.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from statistics import NormalDist

from app.scoring.paired import Z80, PairedDifference
from app.scoring.stats import Z95, mean


class Decision(StrEnum):
    NON_INFERIOR = "non-inferior"
    INFERIOR = "inferior"
    INCONCLUSIVE = "inconclusive"


class Bound(StrEnum):
    LOWER = "lower"
    UPPER = "upper"


@dataclass(frozen=True)
class NonInferiority:
    margin: float
    verdict: Decision
    lower: float | None  # above -margin: non-inferior
    upper: float | None  # below -margin: inferior
    p_value: float | None
    items_needed: int | None

    @property
    def deciding(self) -> Bound | None:
        """The bound the verdict rests on; none where it is inconclusive."""
        return {Decision.NON_INFERIOR: Bound.LOWER,
                Decision.INFERIOR: Bound.UPPER}.get(self.verdict)


@dataclass(frozen=True)
class Retention:
    value: float | None
    ci95: tuple[float, float] | None


def _covariance(x: Sequence[float], y: Sequence[float]) -> float:
    mx, my = mean(x), mean(y)
    return math.fsum((u - mx) * (v - my) for u, v in zip(x, y, strict=True)) / (len(x) - 1)


def non_inferiority(paired: PairedDifference, ref: Sequence[float], build: Sequence[float],
                    margin: float) -> NonInferiority:
    """`paired` is paired_difference(ref, build) over the same items."""
    if paired.ci95 is None or paired.paired_se is None:
        return NonInferiority(margin, Decision.INCONCLUSIVE, None, None, None, None)
    lower, upper = paired.ci95
    verdict = (Decision.NON_INFERIOR if lower > -margin else
               Decision.INFERIOR if upper < -margin else Decision.INCONCLUSIVE)
    shift = paired.difference + margin
    se = paired.paired_se
    if se > 0:
        p = 1 - NormalDist().cdf(shift / se)
    else:
        p = 0.0 if shift > 0 else 1.0
    d = [b - a for a, b in zip(ref, build, strict=True)]
    var_d = _covariance(d, d)
    needed = None if shift <= 0 else max(2, math.ceil((Z95 + Z80) ** 2 * var_d / shift ** 2))
    return NonInferiority(margin, verdict, lower, upper, p, needed)


def retention(ref: Sequence[float], build: Sequence[float]) -> Retention:
    n = len(ref)
    mean_ref, mean_build = mean(ref), mean(build)
    if n < 2 or mean_ref == 0:
        return Retention(None if mean_ref == 0 else mean_build / mean_ref, None)
    r = mean_build / mean_ref
    var = (_covariance(build, build) + r * r * _covariance(ref, ref)
           - 2 * r * _covariance(ref, build)) / (n * mean_ref ** 2)
    half = Z95 * math.sqrt(max(var, 0.0))
    return Retention(r, (max(0.0, r - half), r + half))


def flips(ids: Sequence[int], ref: Sequence[float], build: Sequence[float]
          ) -> tuple[list[int], list[int]]:
    """(lost, gained): items right for the reference and wrong for the build, and back."""
    lost = [i for i, a, b in zip(ids, ref, build, strict=True) if a == 1.0 and b == 0.0]
    gained = [i for i, a, b in zip(ids, ref, build, strict=True) if a == 0.0 and b == 1.0]
    return lost, gained


def from_estimates(ref: float, ref_se: float, build: float, build_se: float,
                   margin: float) -> tuple[NonInferiority, Retention]:
    """Non-inferiority and retention from two independent estimates and their SEs."""
    diff, se = build - ref, math.hypot(ref_se, build_se)
    lower, upper = diff - Z95 * se, diff + Z95 * se
    verdict = (Decision.NON_INFERIOR if lower > -margin else
               Decision.INFERIOR if upper < -margin else Decision.INCONCLUSIVE)
    shift = diff + margin
    p = 1 - NormalDist().cdf(shift / se) if se > 0 else (0.0 if shift > 0 else 1.0)
    ni = NonInferiority(margin, verdict, lower, upper, p, None)
    if ref == 0:
        return ni, Retention(None, None)
    r = build / ref
    half = Z95 * math.sqrt(build_se ** 2 + r * r * ref_se ** 2) / ref
    return ni, Retention(r, (max(0.0, r - half), r + half))
