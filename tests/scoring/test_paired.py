"""Paired comparison statistics against scipy and statsmodels on generated data."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
from scipy import stats
from statsmodels.stats.contingency_tables import mcnemar
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.proportion import proportion_confint
from statsmodels.stats.weightstats import DescrStatsW

from app.scoring.paired import bootstrap_interval, holm, mcnemar_exact, paired_difference


def _correlated(n: int, p_a: float, p_b: float, seed: int) -> tuple[list[float], list[float]]:
    """0/1 scores where b mostly agrees with a (as two models on one benchmark do)."""
    rng = random.Random(seed)
    a = [1.0 if rng.random() < p_a else 0.0 for _ in range(n)]
    b = [x if rng.random() < 0.8 else (1.0 if rng.random() < p_b else 0.0) for x in a]
    return a, b


def _newcombe(a: list[float], b: list[float]) -> tuple[float, float]:
    """Newcombe (1998) method 10 from statsmodels' Wilson intervals of the two marginal
    proportions and the phi coefficient as numpy's Pearson correlation of the 0/1 pairs."""
    n = len(a)
    p_a, p_b = sum(a) / n, sum(b) / n
    l_a, u_a = proportion_confint(sum(a), n, method="wilson")
    l_b, u_b = proportion_confint(sum(b), n, method="wilson")
    phi = float(np.corrcoef(a, b)[0, 1]) if 0 < p_a < 1 and 0 < p_b < 1 else 0.0
    delta = math.sqrt((p_b - l_b) ** 2 - 2 * phi * (p_b - l_b) * (u_a - p_a) + (u_a - p_a) ** 2)
    eps = math.sqrt((u_b - p_b) ** 2 - 2 * phi * (u_b - p_b) * (p_a - l_a) + (p_a - l_a) ** 2)
    return p_b - p_a - delta, p_b - p_a + eps


@pytest.mark.parametrize(("n", "seed"), [(198, 1), (500, 2), (14_042, 3), (30, 4)])
def test_single_repeat_matches_statsmodels_and_scipy(n: int, seed: int) -> None:
    a, b = _correlated(n, 0.55, 0.62, seed)
    got = paired_difference(a, b, single_repeat=True)
    assert got.table is not None
    table = [[got.table.both_right, got.table.only_a], [got.table.only_b, got.table.both_wrong]]
    assert got.p_value == pytest.approx(mcnemar(table, exact=True).pvalue, abs=1e-9)
    d = np.asarray(b) - np.asarray(a)
    assert got.difference == pytest.approx(float(d.mean()), abs=1e-12)
    assert got.paired_se == pytest.approx(DescrStatsW(d).std_mean, abs=1e-12)
    t = stats.ttest_rel(b, a)
    if t.statistic != 0:
        assert got.paired_se == pytest.approx(got.difference / t.statistic, abs=1e-12)
    assert got.ci95 == pytest.approx(_newcombe(a, b), abs=1e-12)
    assert got.ci_method == "newcombe"
    cov = np.cov(a, b, ddof=1)
    assert got.paired_se == pytest.approx(
        math.sqrt((cov[0, 0] + cov[1, 1] - 2 * cov[0, 1]) / n), abs=1e-12)
    assert got.unpaired_se == pytest.approx(
        math.sqrt(np.var(a, ddof=1) / n + np.var(b, ddof=1) / n), abs=1e-12)
    z = stats.norm.ppf(0.975) + stats.norm.ppf(0.8)
    assert got.mdd_80 == pytest.approx(z * got.paired_se, abs=1e-12)


def test_mcnemar_exact_edge_cases() -> None:
    assert mcnemar_exact(0, 0) == 1.0
    assert mcnemar_exact(5, 5) == 1.0
    for only_a, only_b in [(0, 9), (3, 17), (120, 160), (4000, 4100)]:
        want = mcnemar([[10, only_a], [only_b, 10]], exact=True).pvalue
        assert mcnemar_exact(only_a, only_b) == pytest.approx(want, abs=1e-9)


def test_repeats_use_the_paired_z_test_on_item_means() -> None:
    rng = random.Random(7)
    a = [sum(rng.random() < 0.5 for _ in range(5)) / 5 for _ in range(300)]
    b = [min(1.0, x + rng.choice([0.0, 0.0, 0.2])) for x in a]
    got = paired_difference(a, b, single_repeat=False)
    assert got.table is None and got.p_method == "paired-z"
    d = np.asarray(b) - np.asarray(a)
    zstat, p = DescrStatsW(d).ztest_mean(0)
    assert got.p_value == pytest.approx(p, abs=1e-9)
    assert got.difference / got.paired_se == pytest.approx(zstat, abs=1e-9)


def test_bootstrap_agrees_with_scipy_within_monte_carlo_error() -> None:
    a, b = _correlated(800, 0.5, 0.6, 11)
    low, high = bootstrap_interval(a, b, resamples=4000, seed=3)
    ref = stats.bootstrap((np.asarray(b) - np.asarray(a),), np.mean, n_resamples=4000,
                          method="percentile", random_state=np.random.default_rng(5))
    se = ref.standard_error
    # two independent 4,000-resample estimates of a quantile differ by well under one SE
    assert abs(low - ref.confidence_interval.low) < 0.5 * se
    assert abs(high - ref.confidence_interval.high) < 0.5 * se
    assert bootstrap_interval(a, b, resamples=500, seed=3) == \
        bootstrap_interval(a, b, resamples=500, seed=3)  # seeded


def test_holm_matches_statsmodels(monkeypatch: pytest.MonkeyPatch) -> None:
    # statsmodels' Holm branch runs a full gc.collect() on every call: a quarter of a second
    # each with a test session's heap, and nothing to do with the numbers
    monkeypatch.setattr("gc.collect", lambda generation=2: 0)
    rng = random.Random(2)
    for _ in range(20):
        ps = {f"b{i}": rng.random() ** 3 for i in range(rng.randint(1, 8))}
        want = multipletests(list(ps.values()), method="holm")[1]
        got = holm(ps)
        assert [got[k] for k in ps] == pytest.approx(list(want), abs=1e-12)


def test_identical_models_differ_by_nothing() -> None:
    a, _ = _correlated(100, 0.5, 0.5, 1)
    got = paired_difference(a, a, single_repeat=True)
    assert got.difference == 0 and got.paired_se == 0 and got.p_value == 1.0


def test_newcombe_stays_within_the_range_a_difference_can_take() -> None:
    """Two items, one model right on both and the other on none: the normal interval ran
    past +-1; Newcombe's stays within it, and is wide."""
    got = paired_difference([0.0, 0.0], [1.0, 1.0], single_repeat=True)
    assert got.ci95 is not None and -1 <= got.ci95[0] < got.ci95[1] <= 1
    assert got.ci95 == pytest.approx(_newcombe([0.0, 0.0], [1.0, 1.0]), abs=1e-12)
    assert got.ci95[1] - got.ci95[0] > 0.5
    mixed = paired_difference([1.0, 0.0], [0.0, 1.0], single_repeat=True)
    assert mixed.ci95 is not None and -1 <= mixed.ci95[0] and mixed.ci95[1] <= 1


def test_newcombe_covers_the_true_difference_about_95_percent_of_the_time() -> None:
    """3,000 simulated comparisons of 60 paired items (p_a 0.6, p_b 0.7, correlated)."""
    rng = np.random.default_rng(11)
    # joint probabilities of (a right, b right): both 0.55, only a 0.05, only b 0.15
    cells = rng.multinomial(60, [0.55, 0.05, 0.15, 0.25], size=3000)
    covered = 0
    for both, only_a, only_b, neither in cells:
        a = [1.0] * both + [1.0] * only_a + [0.0] * only_b + [0.0] * neither
        b = [1.0] * both + [0.0] * only_a + [1.0] * only_b + [0.0] * neither
        low, high = paired_difference(a, b, single_repeat=True).ci95 or (0.0, 0.0)
        covered += low <= 0.1 <= high
    assert 0.93 <= covered / 3000 <= 0.97
