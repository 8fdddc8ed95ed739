"""Non-inferiority of a build against its reference, checked against statsmodels, numpy and
seeded simulations."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
from statsmodels.stats.weightstats import DescrStatsW, ztest

from app.scoring.noninferiority import Decision, flips, non_inferiority, retention
from app.scoring.paired import paired_difference
from tests.scoring.test_paired import _newcombe


def _pairs(n: int, cells: list[float], seed: int) -> tuple[list[float], list[float]]:
    """n paired 0/1 verdicts drawn from (both right, only ref, only build, neither)."""
    counts = np.random.default_rng(seed).multinomial(n, cells)
    ref = [1.0] * counts[0] + [1.0] * counts[1] + [0.0] * counts[2] + [0.0] * counts[3]
    build = [1.0] * counts[0] + [0.0] * counts[1] + [1.0] * counts[2] + [0.0] * counts[3]
    return ref, build


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_single_repeat_bound_and_p_value(seed: int) -> None:
    ref, build = _pairs(400, [0.55, 0.08, 0.05, 0.32], seed)
    got = non_inferiority(paired_difference(ref, build, single_repeat=True), ref, build, 0.05)
    assert got.lower == pytest.approx(_newcombe(ref, build)[0], abs=1e-12)
    d = np.asarray(build) - np.asarray(ref)
    assert got.p_value == pytest.approx(ztest(d, value=-0.05, alternative="larger")[1],
                                        abs=1e-12)
    low, high = _newcombe(ref, build)
    assert got.verdict is (Decision.NON_INFERIOR if low > -0.05 else
                           Decision.INFERIOR if high < -0.05 else Decision.INCONCLUSIVE)


def test_repeats_use_the_normal_interval_and_the_verdicts_cover_all_three() -> None:
    rng = random.Random(4)
    ref = [sum(rng.random() < 0.6 for _ in range(3)) / 3 for _ in range(300)]
    close = [min(1.0, max(0.0, a + rng.choice([-1 / 3, 0, 0, 1 / 3]))) for a in ref]
    got = non_inferiority(paired_difference(ref, close, single_repeat=False), ref, close, 0.1)
    d = np.asarray(close) - np.asarray(ref)
    assert got.lower == pytest.approx(DescrStatsW(d).zconfint_mean()[0], abs=1e-12)
    assert got.verdict is Decision.NON_INFERIOR
    worse = [max(0.0, a - 0.3) for a in ref]
    bad = non_inferiority(paired_difference(ref, worse, single_repeat=False), ref, worse, 0.02)
    assert bad.verdict is Decision.INFERIOR and bad.items_needed is None
    few_ref, few_build = ref[:12], close[:12]
    unsure = non_inferiority(paired_difference(few_ref, few_build, single_repeat=False),
                             few_ref, few_build, 0.02)
    assert unsure.verdict is Decision.INCONCLUSIVE


def test_items_needed_gives_about_80_percent_power_in_simulation() -> None:
    """At the cell probabilities observed, runs of `items_needed` pairs show
    non-inferiority about 80% of the time (2,000 seeded simulated runs)."""
    cells = [0.60, 0.07, 0.06, 0.27]  # build 1 point worse; margin 5 points
    ref, build = _pairs(300, cells, 9)
    observed = [c / 300 for c in (
        sum(a and b for a, b in zip(ref, build, strict=True)),
        sum(a and not b for a, b in zip(ref, build, strict=True)),
        sum(b and not a for a, b in zip(ref, build, strict=True)),
        sum(not a and not b for a, b in zip(ref, build, strict=True)))]
    needed = non_inferiority(paired_difference(ref, build, single_repeat=True), ref, build,
                             0.05).items_needed
    assert needed is not None and 100 < needed < 5000
    shown = 0
    for seed in range(2000):
        r, b = _pairs(needed, observed, 1000 + seed)
        got = non_inferiority(paired_difference(r, b, single_repeat=True), r, b, 0.05)
        shown += got.verdict is Decision.NON_INFERIOR
    assert 0.74 <= shown / 2000 <= 0.86


def test_retention_is_the_ratio_with_a_paired_delta_interval() -> None:
    ref, build = _pairs(500, [0.5, 0.1, 0.04, 0.36], 12)
    got = retention(ref, build)
    a, b = np.asarray(ref), np.asarray(build)
    r = b.mean() / a.mean()
    cov = np.cov(a, b, ddof=1)
    se = np.sqrt((cov[1, 1] + r * r * cov[0, 0] - 2 * r * cov[0, 1]) / (len(a) * a.mean() ** 2))
    assert got.value == pytest.approx(r, abs=1e-12)
    assert got.ci95 == pytest.approx((r - 1.959963984540054 * se, r + 1.959963984540054 * se),
                                     abs=1e-9)
    # against a seeded paired bootstrap of the ratio: the same width within 10%
    rng = np.random.default_rng(3)
    picks = rng.integers(0, len(a), size=(4000, len(a)))
    ratios = b[picks].mean(axis=1) / a[picks].mean(axis=1)
    low, high = np.percentile(ratios, [2.5, 97.5])
    assert got.ci95 is not None
    assert (got.ci95[1] - got.ci95[0]) == pytest.approx(high - low, rel=0.1)
    assert retention([0.0, 0.0], [1.0, 0.0]).value is None  # nothing to retain


def test_flips_both_ways() -> None:
    lost, gained = flips([10, 11, 12, 13], [1.0, 1.0, 0.0, 0.0], [0.0, 1.0, 1.0, 0.0])
    assert (lost, gained) == ([10], [12])


@pytest.mark.parametrize(("cells", "margin", "verdict", "bound"), [
    ([0.55, 0.06, 0.05, 0.34], 0.08, Decision.NON_INFERIOR, "lower"),
    ([0.40, 0.25, 0.02, 0.33], 0.05, Decision.INFERIOR, "upper"),
    ([0.55, 0.08, 0.05, 0.32], 0.05, Decision.INCONCLUSIVE, None)])
def test_the_bound_that_decides_is_named_with_the_upper_one(
        cells: list[float], margin: float, verdict: Decision, bound: str | None) -> None:
    """Inferior rests on the upper bound (below -margin), non-inferior on the lower (above
    it); both ends equal Newcombe's interval computed from statsmodels' Wilson intervals."""
    ref, build = _pairs(400, cells, 5)
    got = non_inferiority(paired_difference(ref, build, single_repeat=True), ref, build, margin)
    low, high = _newcombe(ref, build)
    assert (got.lower, got.upper) == pytest.approx((low, high), abs=1e-12)
    assert got.verdict is verdict and got.deciding == bound
    assert {"lower": low > -margin, "upper": high < -margin,
            None: low <= -margin <= high}[bound]


def test_the_index_bounds_are_the_normal_interval_of_the_unpaired_difference() -> None:
    from scipy.stats import norm

    from app.scoring.noninferiority import from_estimates

    ni, _ = from_estimates(0.62, 0.004, 0.60, 0.003, 0.005)
    se = math.hypot(0.004, 0.003)
    low, high = norm.interval(0.95, loc=-0.02, scale=se)
    assert (ni.lower, ni.upper) == pytest.approx((low, high), abs=1e-9)
    assert ni.verdict is Decision.INFERIOR and ni.deciding == "upper" and high < -0.005
    assert ni.p_value == pytest.approx(norm.sf((-0.02 + 0.005) / se), abs=1e-12)
