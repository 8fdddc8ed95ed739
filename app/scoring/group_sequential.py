"""Group-sequential boundaries for looking at a paired comparison as it goes. Pure.

A run that checks "non-inferior yet?" after every batch of items and stops at the first yes
would claim far more often than its stated α. The Lan–DeMets spending function of
O'Brien–Fleming type spends the one-sided α over the information fractions t (items done /
items planned) as α(t) = 2 (1 − Φ(z_{1−α/2} / √t)): almost nothing early, nearly all at the
end, and looks may fall at any fractions (each look's boundary follows from the fractions
of the looks before it). Boundary k is the z with P(Z_j < c_j for j < k, Z_k ≥ c_k) =
α(t_k) − α(t_{k−1}) under H0, where Z_k √t_k is a Brownian motion at t_k; the probabilities
come from the joint density of the Z_j carried on a grid (Jennison & Turnbull, Group
Sequential Methods, 2000, ch. 19). The other direction's boundary is the same rule
mirrored, and neither binds the other, so each claim keeps its α.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from statistics import NormalDist

import numpy as np

_N = NormalDist()
GRID = 2001  # points of the density's grid
LOW = -10.0  # the grid's lower end, in z: below it nothing is left to carry


def spent(t: float, alpha: float) -> float:
    """α(t) of the O'Brien–Fleming-type spending function."""
    if t <= 0:
        return 0.0
    return 2 * (1 - _N.cdf(_N.inv_cdf(1 - alpha / 2) / math.sqrt(min(t, 1.0))))


def _tail(values: np.ndarray, weights: np.ndarray, c: float, r: float) -> float:
    """P(Z_k >= c) from the sub-density of Z_{k-1} (values, weights) and the fraction ratio r
    = t_{k-1} / t_k: Z_k = √r Z_{k-1} + √(1 − r) N(0, 1)."""
    z = (c - math.sqrt(r) * values) / math.sqrt(1 - r)
    upper = 0.5 * np.vectorize(math.erfc)(z / math.sqrt(2))
    return float(np.sum(weights * upper))


def boundaries(fractions: Sequence[float], alpha: float) -> list[float]:
    """The upper critical z at each look, for one-sided level α; fractions increase in
    (0, 1]."""
    if any(b <= a for a, b in zip(fractions, fractions[1:], strict=False)) or \
            not 0 < fractions[0] or fractions[-1] > 1:
        raise ValueError("information fractions must increase within (0, 1]")
    out: list[float] = []
    values = weights = np.empty(0)
    for k, t in enumerate(fractions):
        target = spent(t, alpha) - (spent(fractions[k - 1], alpha) if k else 0.0)
        if k == 0:
            c = _N.inv_cdf(1 - target) if target > 0 else math.inf
            values = np.linspace(LOW, c, GRID)
            density = np.exp(-values ** 2 / 2) / math.sqrt(2 * math.pi)
        else:
            r = fractions[k - 1] / t
            lo, hi = -1.0, 20.0  # bisection on c: the tail falls as c rises
            for _ in range(60):
                mid = (lo + hi) / 2
                lo, hi = (mid, hi) if _tail(values, weights, mid, r) > target else (lo, mid)
            c = (lo + hi) / 2
            new = np.linspace(LOW, c, GRID)
            s = math.sqrt(1 - r)
            kernel = np.exp(-((new[:, None] - math.sqrt(r) * values[None, :]) / s) ** 2 / 2) \
                / (s * math.sqrt(2 * math.pi))
            density = kernel @ weights
            values = new
        weights = density * np.gradient(values)  # the sub-density as point masses
        out.append(c)
    return out
