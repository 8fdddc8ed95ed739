"""A comparison's paired figures recomputed from the two runs' verdicts.

Items are paired where both runs judged them (not unscored, not error); an item's score is
its mean over its judged repeats. The figures follow the comparison's stated definitions
(its `definitions`): McNemar's exact test and Newcombe's interval (1998, method 10) for
single-repeat 0/1 scores, the paired z-test and a normal interval otherwise, Holm's
step-down adjustment across benchmarks, and the seeded percentile bootstrap.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from scipy.stats import binom, norm

from pocketeval_verify.figures import Judged, interval, wilson

Z975 = float(norm.ppf(0.975))
Z80 = float(norm.ppf(0.8))
BOOTSTRAP_CHUNK = 200  # the bootstrap's draws: 200 resamples of the items at a time


@dataclass(frozen=True)
class Scores:
    means: dict[int, float]
    counts: dict[int, int]
    subjects: dict[int, str]


def item_scores(judged: list[Judged], subjects: dict[int, str]) -> Scores:
    right: defaultdict[int, int] = defaultdict(int)
    counts: defaultdict[int, int] = defaultdict(int)
    for j in judged:
        if j.verdict in ("unscored", "error"):
            continue
        counts[j.item_id] += 1
        right[j.item_id] += j.verdict == "correct"
    return Scores({i: right[i] / counts[i] for i in counts}, dict(counts),
                  {i: subjects[i] for i in counts})


def _mean(values: Sequence[float]) -> float:
    return math.fsum(values) / len(values)


def _var(values: Sequence[float]) -> float:
    return float(np.var(np.asarray(values, dtype=float), ddof=1))


def mcnemar(only_a: int, only_b: int) -> float:
    n = only_a + only_b
    return 1.0 if n == 0 else min(1.0, 2 * float(binom.cdf(min(only_a, only_b), n, 0.5)))


def newcombe(both: int, only_a: int, only_b: int, neither: int) -> tuple[float, float]:
    n = both + only_a + only_b + neither
    right_a, right_b = both + only_a, both + only_b
    p_a, p_b = right_a / n, right_b / n
    (la, ua), (lb, ub) = wilson(p_a, n), wilson(p_b, n)
    denominator = math.sqrt(right_a * (n - right_a) * right_b * (n - right_b))
    phi = 0.0 if denominator == 0 else (both * neither - only_a * only_b) / denominator
    lower = p_b - p_a - math.sqrt(max(0.0, (p_b - lb) ** 2 - 2 * phi * (p_b - lb) * (ua - p_a)
                                      + (ua - p_a) ** 2))
    upper = p_b - p_a + math.sqrt(max(0.0, (ub - p_b) ** 2 - 2 * phi * (ub - p_b) * (p_a - la)
                                      + (p_a - la) ** 2))
    return max(-1.0, lower), min(1.0, upper)


def difference(xs: list[float], ys: list[float], single: bool) -> dict[str, Any]:
    n = len(xs)
    d = [y - x for x, y in zip(xs, ys, strict=True)]
    out: dict[str, Any] = {"n": n, "accuracy_a": _mean(xs), "accuracy_b": _mean(ys),
                           "difference": _mean(d), "paired_se": None, "ci95": None,
                           "unpaired_se": None, "p_value": None, "mdd_80": None,
                           "table": None}
    zero_one = single and all(v in (0.0, 1.0) for v in (*xs, *ys))
    if zero_one:
        pairs = list(zip(xs, ys, strict=True))
        out["table"] = {"both_right": sum(1 for x, y in pairs if x and y),
                        "only_a": sum(1 for x, y in pairs if x and not y),
                        "only_b": sum(1 for x, y in pairs if y and not x),
                        "both_wrong": sum(1 for x, y in pairs if not x and not y)}
    if n < 2:
        return out
    se = math.sqrt(_var(d) / n)
    out |= {"paired_se": se, "unpaired_se": math.sqrt(_var(xs) / n + _var(ys) / n),
            "mdd_80": (Z975 + Z80) * se}
    diff = out["difference"]
    if out["table"] is not None:
        t = out["table"]
        out["p_value"] = mcnemar(t["only_a"], t["only_b"])
        out["ci95"] = newcombe(t["both_right"], t["only_a"], t["only_b"], t["both_wrong"])
    else:
        out["p_value"] = 2 * float(norm.sf(abs(diff) / se)) if se > 0 else \
            (1.0 if diff == 0 else 0.0)
        out["ci95"] = (max(-1.0, diff - Z975 * se), min(1.0, diff + Z975 * se))
    return out


def bootstrap(xs: list[float], ys: list[float], resamples: int, seed: int
              ) -> tuple[float, float]:
    """The 2.5th and 97.5th percentiles of mean(b - a) over items drawn with replacement by
    numpy's default_rng(seed), BOOTSTRAP_CHUNK resamples at a time."""
    d = np.asarray(ys, dtype=float) - np.asarray(xs, dtype=float)
    rng = np.random.default_rng(seed)
    means = []
    for start in range(0, resamples, BOOTSTRAP_CHUNK):
        draws = rng.integers(0, len(d), size=(min(BOOTSTRAP_CHUNK, resamples - start), len(d)))
        means.extend(d[draws].mean(axis=1))
    low, high = np.quantile(np.asarray(means), [0.025, 0.975])
    return float(low), float(high)


def holm(p_values: dict[str, float]) -> dict[str, float]:
    out, running = {}, 0.0
    ordered = sorted(p_values.items(), key=lambda kv: kv[1])
    for rank, (name, p) in enumerate(ordered):
        running = max(running, min(1.0, (len(ordered) - rank) * p))
        out[name] = running
    return out


def side_interval(scores: list[float], counts: list[int]) -> tuple[float, float]:
    return interval(scores, max(counts, default=1))
