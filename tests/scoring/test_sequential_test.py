"""The sequential non-inferiority rule's z, boundaries and verdicts against an independent
computation with scipy, numpy and statsmodels (tests/support/sequential_reference.py):
Farrington-Manning's score statistic for paired 0/1 items, an item-clustered z for repeats,
and Lan-DeMets O'Brien-Fleming boundaries from the joint normal of the looks."""

from __future__ import annotations

import math

import numpy as np
import pytest
from statsmodels.regression.linear_model import OLS

from app.scoring.group_sequential import boundaries
from app.scoring.sequential_test import SequentialNonInferiority, z_statistic
from tests.support import sequential_reference as ref

MARGINS = [0.02, 0.05, 0.1, 0.3]
BOUNDARY_TOL = 2e-3  # the app carries the looks' joint density on a grid


def _paired(n: int, p_ref: float, p_build: float, repeats: int, seed: int
            ) -> tuple[list[list[float]], list[float]]:
    """Seeded 0/1 scores of a build (repeats per item) and of its single-repeat reference,
    correlated through a shared per-item difficulty."""
    rng = np.random.default_rng(seed)
    easy = rng.uniform(-1.5, 1.5, n)
    reference = (rng.uniform(size=n) < p_ref + 0.2 * easy / 1.5).astype(float)
    build = (rng.uniform(size=(n, repeats)) < (p_build + 0.2 * easy / 1.5)[:, None])
    return build.astype(float).tolist(), reference.tolist()


@pytest.mark.parametrize(("lost", "gained", "n"), [
    (30, 15, 300), (0, 0, 80), (5, 9, 120), (40, 0, 100), (0, 40, 100), (3, 1, 20),
    (10, 10, 20), (0, 5, 10), (7, 0, 7), (1, 0, 1), (60, 2, 400)])
@pytest.mark.parametrize("margin", MARGINS)
def test_the_closed_form_restricted_estimate_is_scipy_s_constrained_maximum(
        lost: int, gained: int, n: int, margin: float) -> None:
    p_lost, p_gained, p_agreed = ref.restricted_cells_numerically(lost, gained, n, margin)
    assert p_gained - p_lost == pytest.approx(-margin, abs=1e-9)
    assert ref.restricted_lost_rate(lost, gained, n, margin) == pytest.approx(p_lost, abs=1e-6)


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("margin", MARGINS)
def test_single_repeat_z_is_farrington_manning_s(seed: int, margin: float) -> None:
    n = [40, 90, 160, 300, 25][seed - 1]
    build, reference = _paired(n, 0.7, [0.7, 0.62, 0.75, 0.68, 0.5][seed - 1], 1, seed)
    diffs = [b[0] - r for b, r in zip(build, reference, strict=True)]
    assert -1.0 in diffs  # items lost: the restricted estimate lies off the margin
    expected = ref.z_statistic(build, reference, margin)
    assert z_statistic(diffs, margin) == pytest.approx(expected, rel=1e-9)


@pytest.mark.parametrize("margin", MARGINS)
def test_z_when_every_pair_agrees(margin: float) -> None:
    """No pair differs: the restricted estimate puts p_lost at the margin and p_gained at
    0, so Var0 = margin - margin^2."""
    for n in (2, 17, 200):
        expected = margin / math.sqrt((margin - margin ** 2) / n)
        assert ref.z_statistic([[1.0]] * n, [1.0] * n, margin) == pytest.approx(expected)
        assert z_statistic([0.0] * n, margin) == pytest.approx(expected, rel=1e-9)


@pytest.mark.parametrize(("seed", "repeats"), [(11, 2), (12, 3), (13, 5), (14, 4)])
@pytest.mark.parametrize("margin", MARGINS)
def test_repeats_z_is_item_clustered(seed: int, repeats: int, margin: float) -> None:
    n = [60, 150, 35, 240][seed - 11]
    build, reference = _paired(n, 0.65, 0.6, repeats, seed)
    diffs = [float(np.mean(b)) - r for b, r in zip(build, reference, strict=True)]
    assert any(d not in (-1.0, 0.0, 1.0) for d in diffs)
    expected = ref.z_statistic(build, reference, margin)
    assert z_statistic(diffs, margin) == pytest.approx(expected, rel=1e-9)
    # the sandwich above is statsmodels' cluster-robust standard error of the mean
    # per-sample difference, the items as clusters (here well above the 1 / n floor)
    per_sample = (np.asarray(build) - np.asarray(reference)[:, None]).ravel()
    fit = OLS(per_sample, np.ones_like(per_sample)).fit(
        cov_type="cluster", cov_kwds={"groups": np.repeat(np.arange(n), repeats)})
    assert fit.bse[0] > 1 / n
    assert expected == pytest.approx((fit.params[0] + margin) / fit.bse[0], rel=1e-9)


def test_repeats_z_is_floored_where_every_item_moved_alike() -> None:
    """Every item's difference 0.5: no spread, the standard error floored at 1 / n."""
    build, reference = [[1.0, 0.0]] * 30, [0.0] * 30
    assert ref.z_statistic(build, reference, 0.05) == pytest.approx(0.55 * 30)
    assert z_statistic([0.5] * 30, 0.05) == pytest.approx(0.55 * 30, rel=1e-9)


@pytest.mark.parametrize("fractions", [
    [0.2, 0.4, 0.6, 0.8, 1.0], [0.5, 1.0], [1.0], [0.13, 0.41, 0.55, 0.9],
    [0.3, 0.35, 0.7, 1.0]])
@pytest.mark.parametrize("alpha", [0.025, 0.05])
def test_boundaries_are_the_joint_normal_s(fractions: list[float], alpha: float) -> None:
    expected = ref.boundaries(fractions, alpha)
    assert boundaries(fractions, alpha) == pytest.approx(expected, abs=BOUNDARY_TOL)


def test_the_joint_normal_boundaries_equal_published_values() -> None:
    # Lan-DeMets O'Brien-Fleming, one-sided 0.025, five equal looks: gsDesign's sfLDOF
    assert ref.boundaries([0.2, 0.4, 0.6, 0.8, 1.0], 0.025) == pytest.approx(
        [4.8769, 3.3569, 2.6803, 2.2898, 2.0310], abs=2e-4)


@pytest.mark.parametrize(("p_build", "repeats", "margin", "seed"), [
    (0.7, 1, 0.05, 21), (0.55, 1, 0.05, 22), (0.62, 1, 0.1, 23), (0.7, 3, 0.05, 24),
    (0.5, 2, 0.1, 25), (0.66, 2, 0.02, 26), (0.7, 1, 0.02, 27), (0.64, 1, 0.05, 28),
    (0.75, 3, 0.1, 31), (0.85, 1, 0.05, 31)])
def test_the_rule_decides_at_the_look_the_definitions_give(
        p_build: float, repeats: int, margin: float, seed: int) -> None:
    """Seeded runs that end non-inferior, inferior and inconclusive, at early and late
    looks, single repeats and repeats."""
    planned, looks = 300, 5
    build, reference = _paired(planned, 0.7, p_build, repeats, seed)
    diffs = [float(np.mean(b)) - r for b, r in zip(build, reference, strict=True)]
    rule = SequentialNonInferiority(margin, looks, 0.025, planned)
    counts = [math.ceil(planned * k / looks) for k in range(1, looks + 1)]
    critical = ref.boundaries([n / planned for n in counts], 0.025)
    expected = None
    for k, (n, c) in enumerate(zip(counts, critical, strict=True)):
        assert rule.due(n) and not rule.due(n - 1 if k == 0 else counts[k - 1])
        got = rule.look(diffs[:n])
        z = ref.z_statistic(build[:n], reference[:n], margin)
        assert abs(abs(z) - c) > BOUNDARY_TOL, (k, z, c)  # no look on the edge
        assert rule.history[-1].z == pytest.approx(z, rel=1e-9)
        assert rule.history[-1].critical == pytest.approx(c, abs=BOUNDARY_TOL)
        expected = ref.decision(z, c, last=k == looks - 1)
        assert (None if got is None else got.value) == expected, (k, z, c)
        if expected is not None:
            break
    assert expected is not None
