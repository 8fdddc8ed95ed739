"""Pearson's chi-square goodness of fit, its p-value, and its power against a given
alternative (the noncentral chi-square). Pure, in the standard library.

p-values come from the regularized upper incomplete gamma function Q(df/2, x/2) (series
below a + 1, Lentz's continued fraction above it); the noncentral distribution is the
Poisson mixture of central ones, summed until the remaining Poisson mass is below 1e-12.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

EPS = 1e-15
MAX_TERMS = 10_000


def _lower_series(a: float, x: float) -> float:
    """P(a, x) by its power series (converges fast for x < a + 1)."""
    term = total = 1.0 / a
    n = a
    for _ in range(MAX_TERMS):
        n += 1
        term *= x / n
        total += term
        if abs(term) < abs(total) * EPS:
            break
    return total * math.exp(-x + a * math.log(x) - math.lgamma(a))


def _upper_fraction(a: float, x: float) -> float:
    """Q(a, x) by its continued fraction (modified Lentz; x >= a + 1)."""
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, MAX_TERMS):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < EPS:
            break
    return h * math.exp(-x + a * math.log(x) - math.lgamma(a))


def chi2_sf(x: float, df: float) -> float:
    """P[X >= x] for X ~ chi-square with df degrees of freedom."""
    if x <= 0:
        return 1.0
    a, half = df / 2, x / 2
    if half < a + 1:
        return max(0.0, 1.0 - _lower_series(a, half))
    return _upper_fraction(a, half)


def chi2_isf(p: float, df: float) -> float:
    """The x with P[X >= x] = p (bisection: the survival function is monotone)."""
    low, high = 0.0, max(1.0, df)
    while chi2_sf(high, df) > p:
        high *= 2
    for _ in range(200):
        mid = (low + high) / 2
        if chi2_sf(mid, df) > p:
            low = mid
        else:
            high = mid
    return (low + high) / 2


def ncx2_sf(x: float, df: float, nc: float) -> float:
    """P[X >= x] for X ~ noncentral chi-square(df, noncentrality nc): the Poisson(nc/2)
    mixture of central chi-squares with df + 2j degrees of freedom, summed over the
    Poisson weights within 12 standard deviations of their mean (all but < 1e-12)."""
    if nc <= 0:
        return chi2_sf(x, df)
    mu = nc / 2
    spread = 12 * math.sqrt(mu) + 20
    total = 0.0
    for j in range(max(0, int(mu - spread)), int(mu + spread) + 1):
        weight = math.exp(-mu + j * math.log(mu) - math.lgamma(j + 1))
        total += weight * chi2_sf(x, df + 2 * j)
    return min(1.0, total)


@dataclass(frozen=True)
class GoodnessOfFit:
    statistic: float
    df: int
    p_value: float


def goodness_of_fit(observed: Sequence[int], expected_share: Sequence[float]
                    ) -> GoodnessOfFit:
    """Pearson's X^2 of counts against shares (categories with a zero share are dropped;
    a count observed where the share is zero makes the fit impossible: p = 0)."""
    n = sum(observed)
    if n == 0:
        raise ValueError("no observations")
    total_share = math.fsum(expected_share)
    cells = [(o, n * s / total_share) for o, s in zip(observed, expected_share, strict=True)]
    if any(o > 0 and e == 0 for o, e in cells):
        return GoodnessOfFit(math.inf, sum(1 for _o, e in cells if e > 0), 0.0)
    kept = [(o, e) for o, e in cells if e > 0]
    df = len(kept) - 1
    if df < 1:
        return GoodnessOfFit(0.0, 0, 1.0)
    statistic = math.fsum((o - e) ** 2 / e for o, e in kept)
    return GoodnessOfFit(statistic, df, chi2_sf(statistic, df))


def effect_size(null: Sequence[float], alternative: Sequence[float]) -> float:
    """Cohen's w = sqrt(sum (p1 - p0)^2 / p0) over the categories the null allows."""
    return math.sqrt(math.fsum((p1 - p0) ** 2 / p0
                               for p0, p1 in zip(null, alternative, strict=True) if p0 > 0))


def power(w: float, n: int, df: int, alpha: float) -> float:
    """The chance that the test at level alpha rejects, with n observations, effect w."""
    return ncx2_sf(chi2_isf(alpha, df), df, n * w * w)


def observations_needed(w: float, df: int, alpha: float, target: float,
                        limit: int = 1_000_000) -> int | None:
    """The fewest observations with power >= target (None: more than `limit`)."""
    if w <= 0 or df < 1:
        return None
    critical = chi2_isf(alpha, df)
    if ncx2_sf(critical, df, limit * w * w) < target:
        return None
    low, high = 1, limit
    while low < high:
        mid = (low + high) // 2
        if ncx2_sf(critical, df, mid * w * w) >= target:
            high = mid
        else:
            low = mid + 1
    return low
