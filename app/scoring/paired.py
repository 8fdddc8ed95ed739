"""Paired comparison of two models on the same items. Pure.

Each item contributes its mean score over repeats (items are the clusters), so with one
repeat of 0/1 scores this is the usual paired comparison of proportions and with repeats the
item-clustered one. d_i = b_i - a_i over the n items both scored:

- difference = mean(d); paired SE = sd(d, ddof=1) / sqrt(n), which equals
  sqrt((Var(a) + Var(b) - 2 Cov(a, b)) / n) with ddof=1 (co)variances; 95% interval:
  Newcombe's (1998, method 10) for single-repeat 0/1 scores, from the two Wilson intervals
  and the correlation of the pairs, which stays within [-1, 1]; with repeats difference
  +- 1.96 SE (normal), clipped to [-1, 1];
- unpaired SE = sqrt(Var(a)/n + Var(b)/n): what the same numbers would give without pairing;
- p-value: McNemar's exact two-sided test on the discordant pairs for single-repeat 0/1
  scores (2 * P[Binomial(b + c, 1/2) <= min(b, c)], capped at 1), else the paired z-test
  2 * (1 - Phi(|difference| / SE));
- minimum detectable difference at 80% power (two-sided 5%): (z_0.975 + z_0.8) * SE;
- paired bootstrap: items resampled with replacement (seeded), percentile interval of the
  mean difference;
- Holm's step-down adjustment across the benchmarks compared.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from statistics import NormalDist

import numpy as np

from app.scoring.stats import Z95, mean, wilson_interval

Z80 = NormalDist().inv_cdf(0.8)
BOOTSTRAP_CHUNK = 200  # resamples drawn at once: bounds memory at 200 x n indices


@dataclass(frozen=True)
class Table2x2:
    """Single-repeat 0/1 scores: how the two models' verdicts pair up."""

    both_right: int
    only_a: int
    only_b: int
    both_wrong: int


@dataclass(frozen=True)
class PairedDifference:
    n: int
    accuracy_a: float
    accuracy_b: float
    difference: float  # b - a
    paired_se: float | None
    ci95: tuple[float, float] | None
    unpaired_se: float | None
    p_value: float | None
    p_method: str
    mdd_80: float | None
    table: Table2x2 | None
    ci_method: str | None = None


def _variance(values: Sequence[float], centre: float) -> float:
    return math.fsum((v - centre) ** 2 for v in values) / (len(values) - 1)


def mcnemar_exact(only_a: int, only_b: int) -> float:
    """Exact two-sided McNemar p-value, computed with integers (no rounding until the end)."""
    n = only_a + only_b
    if n == 0:
        return 1.0
    term = tail = 1  # C(n, 0); each next binomial coefficient from the last (exact)
    for k in range(min(only_a, only_b)):
        term = term * (n - k) // (k + 1)
        tail += term
    return float(min(Fraction(1), Fraction(2 * tail, 2 ** n)))


def _table(a: Sequence[float], b: Sequence[float]) -> Table2x2 | None:
    if any(v not in (0.0, 1.0) for v in (*a, *b)):
        return None
    pairs = list(zip(a, b, strict=True))
    return Table2x2(both_right=sum(1 for x, y in pairs if x and y),
                    only_a=sum(1 for x, y in pairs if x and not y),
                    only_b=sum(1 for x, y in pairs if y and not x),
                    both_wrong=sum(1 for x, y in pairs if not x and not y))


def newcombe_interval(table: Table2x2) -> tuple[float, float]:
    """Newcombe's interval (Statistics in Medicine 17:2635, 1998, method 10, no continuity
    correction) for p_b - p_a from paired 0/1 verdicts."""
    n = table.both_right + table.only_a + table.only_b + table.both_wrong
    right_a, right_b = table.both_right + table.only_a, table.both_right + table.only_b
    p_a, p_b = right_a / n, right_b / n
    low_a, high_a = wilson_interval(p_a, n)
    low_b, high_b = wilson_interval(p_b, n)
    spread = math.sqrt(right_a * (n - right_a) * right_b * (n - right_b))
    phi = 0.0 if spread == 0 else (table.both_right * table.both_wrong
                                   - table.only_a * table.only_b) / spread
    diff = p_b - p_a
    down = math.sqrt(max(0.0, (p_b - low_b) ** 2 - 2 * phi * (p_b - low_b) * (high_a - p_a)
                         + (high_a - p_a) ** 2))
    up = math.sqrt(max(0.0, (high_b - p_b) ** 2 - 2 * phi * (high_b - p_b) * (p_a - low_a)
                       + (p_a - low_a) ** 2))
    return max(-1.0, diff - down), min(1.0, diff + up)


def paired_difference(a: Sequence[float], b: Sequence[float], *,
                      single_repeat: bool) -> PairedDifference:
    """a[i], b[i]: the two models' mean scores on item i (same order)."""
    n = len(a)
    if n != len(b) or n == 0:
        raise ValueError("paired scores need the same, non-zero number of items")
    mean_a, mean_b = mean(a), mean(b)
    d = [y - x for x, y in zip(a, b, strict=True)]
    diff = mean(d)
    table = _table(a, b) if single_repeat else None
    if n < 2:
        return PairedDifference(n, mean_a, mean_b, diff, None, None, None, None, "none",
                                None, table)
    se = math.sqrt(_variance(d, diff) / n)
    unpaired = math.sqrt(_variance(a, mean_a) / n + _variance(b, mean_b) / n)
    if table is not None:
        p, method = mcnemar_exact(table.only_a, table.only_b), "mcnemar-exact"
    elif se > 0:
        p, method = 2 * (1 - NormalDist().cdf(abs(diff) / se)), "paired-z"
    else:
        p, method = (1.0 if diff == 0 else 0.0), "paired-z"
    ci = newcombe_interval(table) if table is not None else \
        (max(-1.0, diff - Z95 * se), min(1.0, diff + Z95 * se))
    return PairedDifference(n, mean_a, mean_b, diff, se, ci, unpaired, p, method,
                            (Z95 + Z80) * se, table,
                            "newcombe" if table is not None else
                            "item-clustered normal" if not single_repeat else "normal")


def bootstrap_interval(a: Sequence[float], b: Sequence[float], *, resamples: int, seed: int,
                       level: float = 0.95) -> tuple[float, float]:
    """Percentile interval of mean(b - a) over items resampled with replacement."""
    d = np.asarray(b, dtype=np.float64) - np.asarray(a, dtype=np.float64)
    rng = np.random.default_rng(seed)
    means = np.empty(resamples)
    for start in range(0, resamples, BOOTSTRAP_CHUNK):
        size = min(BOOTSTRAP_CHUNK, resamples - start)
        picks = rng.integers(0, len(d), size=(size, len(d)))
        means[start:start + size] = d[picks].mean(axis=1)
    tail = (1 - level) / 2
    low, high = np.quantile(means, [tail, 1 - tail])
    return float(low), float(high)


def holm(p_values: Mapping[str, float]) -> dict[str, float]:
    """Holm's step-down adjusted p-values (family-wise error across the comparisons)."""
    ordered = sorted(p_values.items(), key=lambda kv: kv[1])
    m = len(ordered)
    adjusted: dict[str, float] = {}
    running = 0.0
    for rank, (name, p) in enumerate(ordered):
        running = max(running, min(1.0, (m - rank) * p))
        adjusted[name] = running
    return adjusted
