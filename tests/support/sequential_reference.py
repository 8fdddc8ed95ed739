"""Non-inferiority of a build against a reference run, computed from the definitions with
scipy and numpy, for checking app.scoring.sequential_test and app.scoring.group_sequential.

- Paired 0/1 items (every difference build - reference is -1, 0 or +1): Farrington and
  Manning's score statistic. The pairs fall in three cells, lost (build wrong, reference
  right), gained and agreed; under H0 the difference is exactly -margin, p_gained = p_lost -
  margin, and the cell probabilities are those maximising the multinomial likelihood under
  that constraint. z = (mean(d) + margin) / sqrt(Var0(d) / n), Var0(d) = p_lost + p_gained
  - (p_gained - p_lost)^2 at the restricted estimate.
- Repeats (differences of per-item means): the mean difference over a cluster-robust
  standard error with the items as clusters (the sandwich over the per-sample differences,
  with the G / (G - 1) small-sample factor), floored at 1 / n as the app documents (a run
  whose items all moved alike has no spread to divide by).
- Boundaries: Lan-DeMets spending of O'Brien-Fleming type, alpha(t) = 2 (1 - Phi(z_{1 -
  alpha/2} / sqrt(t))), with boundary k the c for which P(Z_j < c_j for j < k, Z_k >= c)
  under H0 is alpha(t_k) - alpha(t_{k-1}); the Z_j are jointly normal with
  corr(Z_i, Z_j) = sqrt(t_i / t_j) for t_i <= t_j, and the probability is scipy's
  multivariate normal distribution function.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

import numpy as np
from scipy.optimize import brentq, minimize
from scipy.special import xlogy
from scipy.stats import multivariate_normal, norm

NON_INFERIOR, INFERIOR, INCONCLUSIVE = "non-inferior", "inferior", "inconclusive"


def restricted_lost_rate(lost: int, gained: int, n: int, margin: float) -> float:
    """p_lost maximising lost log a + gained log(a - m) + agreed log(1 - 2a + m): setting the
    derivative to zero and clearing denominators leaves 2n a^2 - B a + lost m (1 + m) = 0,
    B = lost (1 + 3m) + gained (1 + m) + 2 agreed m, whose larger root is the one in
    [m, (1 + m) / 2]."""
    agreed = n - lost - gained
    b = lost * (1 + 3 * margin) + gained * (1 + margin) + 2 * agreed * margin
    disc = b * b - 8 * n * lost * margin * (1 + margin)
    return (b + math.sqrt(max(disc, 0.0))) / (4 * n)


def restricted_cells_numerically(lost: int, gained: int, n: int,
                                 margin: float) -> tuple[float, float, float]:
    """(p_lost, p_gained, p_agreed) from scipy's constrained minimiser (SLSQP) of the
    multinomial negative log-likelihood, with p_gained - p_lost = -margin and the three
    summing to 1: a check on the closed form above."""
    agreed = n - lost - gained
    counts = np.array([lost, gained, agreed], dtype=float)

    def nll(p: np.ndarray) -> float:
        return -float(np.sum(xlogy(counts, np.clip(p, 1e-300, None)))) / n

    start = np.array([0.25 + margin / 2, 0.25 - margin / 2, 0.5])
    found = minimize(nll, start, method="SLSQP", bounds=[(1e-12, 1.0)] * 3,
                     constraints=[{"type": "eq", "fun": lambda p: p[1] - p[0] + margin},
                                  {"type": "eq", "fun": lambda p: np.sum(p) - 1.0}],
                     options={"ftol": 1e-15, "maxiter": 1000})
    assert found.success, found.message
    p_lost, p_gained, p_agreed = (float(v) for v in found.x)
    return p_lost, p_gained, p_agreed


def score_z(diffs: Sequence[float], margin: float) -> float:
    """Farrington-Manning's z for paired 0/1 items, differences in {-1, 0, 1}."""
    d = np.asarray(diffs, dtype=float)
    n = d.size
    lost, gained = int(np.sum(d == -1)), int(np.sum(d == 1))
    p_lost = restricted_lost_rate(lost, gained, n, margin)
    p_gained = p_lost - margin
    var0 = p_lost + p_gained - (p_gained - p_lost) ** 2
    return float((d.mean() + margin) / math.sqrt(var0 / n))


def clustered_z(build: Sequence[Sequence[float]], reference: Sequence[float],
                margin: float) -> float:
    """build[i]: item i's scores over the repeats (as many for every item); reference[i]:
    the reference's mean on it. The item-clustered sandwich variance of the mean of the
    per-sample differences, floored at (1 / n)^2."""
    scores = np.asarray(build, dtype=float)
    n, repeats = scores.shape
    per_sample = scores - np.asarray(reference, dtype=float)[:, None]
    m = per_sample.mean()
    cluster_sums = (per_sample - m).sum(axis=1)
    var = n / (n - 1) * np.sum(cluster_sums ** 2) / (n * repeats) ** 2 if n > 1 else 0.0
    return float((m + margin) / max(math.sqrt(var), 1 / n))


def z_statistic(build: Sequence[Sequence[float]], reference: Sequence[float],
                margin: float) -> float:
    """The paired z of items build[i] (scores over the repeats) against reference[i]."""
    diffs = [float(np.mean(b)) - r for b, r in zip(build, reference, strict=True)]
    if all(d in (-1.0, 0.0, 1.0) for d in diffs):
        return score_z(diffs, margin)
    return clustered_z(build, reference, margin)


def spent(t: float, alpha: float) -> float:
    return float(2 * norm.sf(norm.isf(alpha / 2) / math.sqrt(t)))


def _next_boundary(fractions: Sequence[float], below: Sequence[float], target: float) -> float:
    """The c with P(Z_j < below[j] for the looks before the last, Z_last >= c) = target."""
    f = np.asarray(fractions, dtype=float)
    corr = np.sqrt(np.minimum.outer(f, f) / np.maximum.outer(f, f))
    corr[-1, :] *= -1  # the last look's upper tail, as the lower tail of -Z_last
    corr[:, -1] *= -1
    joint = multivariate_normal(np.zeros(f.size), corr, abseps=1e-6, releps=1e-6,
                                maxpts=10**7, seed=1)

    def excess(c: float) -> float:
        return float(joint.cdf(np.array([*below, -c]))) - target

    return float(brentq(excess, 0.0, 12.0, xtol=1e-9))


@lru_cache(maxsize=64)
def _boundaries(fractions: tuple[float, ...], alpha: float) -> tuple[float, ...]:
    out: list[float] = []
    for k, t in enumerate(fractions):
        target = spent(t, alpha) - (spent(fractions[k - 1], alpha) if k else 0.0)
        out.append(float(norm.isf(target)) if k == 0
                   else _next_boundary(fractions[:k + 1], out, target))
    return tuple(out)


def boundaries(fractions: Sequence[float], alpha: float) -> list[float]:
    """The upper critical z at each look, for one-sided level alpha."""
    return list(_boundaries(tuple(float(t) for t in fractions), alpha))


def decision(z: float, critical: float, last: bool) -> str | None:
    """The look's verdict: None while the run goes on."""
    if z >= critical:
        return NON_INFERIOR
    if -z >= critical:
        return INFERIOR
    return INCONCLUSIVE if last else None
