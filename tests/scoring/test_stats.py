"""Statistics checked against hand-derived values and direct formulas."""

from __future__ import annotations

import math
import random

import pytest

from app.scoring.stats import binomial_upper, normalized_gain, stderr_of_mean, wilson_interval


def test_tutorial_example_normalized_gain() -> None:
    # 62.5% on four options is halfway from chance (25%) to perfect.
    assert normalized_gain(0.625, 0.25) == pytest.approx(0.5, abs=1e-12)
    assert normalized_gain(0.25, 0.25) == 0.0
    assert normalized_gain(1.0, 0.1) == pytest.approx(1.0)


def test_stderr_equals_binomial_formula_for_one_repeat() -> None:
    rng = random.Random(7)
    scores = [float(rng.random() < 0.37) for _ in range(513)]
    p = sum(scores) / len(scores)
    expected = math.sqrt(p * (1 - p) / (len(scores) - 1))
    assert stderr_of_mean(scores) == pytest.approx(expected, rel=1e-12)
    assert stderr_of_mean([1.0]) is None


def test_wilson_interval_known_values() -> None:
    # Reference values: Wilson score interval, z = 1.959964 (e.g. statsmodels proportion_confint).
    low, high = wilson_interval(0.5, 10)
    assert (low, high) == (pytest.approx(0.236593, abs=1e-6), pytest.approx(0.763407, abs=1e-6))
    low, high = wilson_interval(0.0, 20)
    z2 = 1.959963984540054**2
    assert low == 0.0 and high == pytest.approx(z2 / (20 + z2), rel=1e-12)  # closed form at p=0
    low, high = wilson_interval(1.0, 1)
    assert high == 1.0 and low == pytest.approx(0.206549, abs=1e-6)
    with pytest.raises(ValueError):
        wilson_interval(0.5, 0)


@pytest.mark.parametrize(("k", "n"), [(0, 8), (1, 8), (4, 40), (0, 100), (3, 285), (7, 7)])
def test_binomial_upper_is_clopper_pearson(k: int, n: int) -> None:
    from statsmodels.stats.proportion import proportion_confint

    assert binomial_upper(k, n) == pytest.approx(proportion_confint(k, n, method="beta")[1],
                                                 abs=1e-9)
    assert binomial_upper(0, 8) == pytest.approx(0.3694, abs=1e-4)  # the figure
