"""Statistics of 0/1 scores: accuracy, standard error, Wilson interval, normalized gain."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054


def mean(values: Sequence[float]) -> float:
    return math.fsum(values) / len(values)


def sample_std(values: Sequence[float]) -> float | None:
    """Standard deviation with N-1 in the denominator; None below two values."""
    if len(values) < 2:
        return None
    m = mean(values)
    return math.sqrt(math.fsum((v - m) ** 2 for v in values) / (len(values) - 1))


def stderr_of_mean(item_scores: Sequence[float]) -> float | None:
    """std(ddof=1)/sqrt(N) of per-item mean scores. For 0/1 scores with one repeat this equals
    sqrt(p(1-p)/(N-1)); with repeats it is the item-clustered standard error."""
    std = sample_std(item_scores)
    return None if std is None else std / math.sqrt(len(item_scores))


def wilson_interval(p: float, n: float, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion p observed over n trials."""
    if n <= 0:
        raise ValueError("n must be positive")
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def effective_n(p: float, stderr: float | None, n_items: int, n_answers: int) -> float:
    """What a clustered estimate is worth in independent 0/1 answers: p(1-p)/se^2, at most
    the answers there are; the items when there is no spread to measure (p at 0 or 1, or
    no se), so an interval over a few items never shrinks to a point; the answers when the
    items agree exactly (se 0 with 0 < p < 1)."""
    if stderr is None or not 0 < p < 1:
        return float(n_items)
    if stderr <= 0:
        return float(n_answers)
    return min(p * (1 - p) / (stderr * stderr), float(n_answers))


def clustered_wilson(p: float, stderr: float | None, n_items: int, repeats: int
                     ) -> tuple[float, float]:
    """Wilson's interval at the effective sample size: within [0, 1] and never a point,
    whatever the repeats."""
    return wilson_interval(p, effective_n(p, stderr, n_items, n_items * max(repeats, 1)))


@dataclass(frozen=True)
class Ci95:
    low: float
    high: float
    method: str  # "wilson" or "item-clustered wilson"


def accuracy_interval(item_scores: Sequence[float], repeats: int) -> Ci95 | None:
    """Accuracy's 95% interval from per-item mean scores, the one rule every view of a run
    shows: Wilson over the N items for one repeat; with repeats, Wilson at the
    item-clustered effective sample size (repeats of one item are not independent)."""
    if not item_scores:
        return None
    p = mean(item_scores)
    if repeats <= 1:
        return Ci95(*wilson_interval(p, len(item_scores)), "wilson")
    low, high = clustered_wilson(p, stderr_of_mean(item_scores), len(item_scores), repeats)
    return Ci95(low, high, "item-clustered wilson")


def binomial_upper(k: int, n: int, level: float = 0.95) -> float:
    """Clopper-Pearson's upper bound for a rate of k in n (two-sided `level`): the largest p
    with P(X <= k) >= (1 - level) / 2, X ~ Binomial(n, p). 0 of 8 allows up to 36.9%."""
    if n <= 0 or not 0 <= k <= n:
        raise ValueError("need 0 <= k <= n, n > 0")
    if k == n:
        return 1.0
    tail = (1 - level) / 2

    def cdf(p: float) -> float:
        return math.fsum(math.comb(n, i) * p ** i * (1 - p) ** (n - i) for i in range(k + 1))

    low, high = k / n, 1.0
    for _ in range(100):  # bisection: cdf falls as p grows
        mid = (low + high) / 2
        low, high = (mid, high) if cdf(mid) > tail else (low, mid)
    return high


def normalized_gain(accuracy: float, baseline: float) -> float | None:
    """(acc - baseline) / (1 - baseline): 0 at chance, 1 at perfect."""
    if baseline >= 1:
        return None
    return (accuracy - baseline) / (1 - baseline)
