"""The group-sequential boundary and the sequential non-inferiority rule, against published
boundary values and seeded simulations of many runs under the null."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.stats import norm

from app.scoring.group_sequential import boundaries
from app.scoring.noninferiority import Decision
from app.scoring.sequential_test import SequentialNonInferiority, restricted_lost_rate

FIVE = [0.2, 0.4, 0.6, 0.8, 1.0]


def test_boundaries_equal_published_values() -> None:
    # Lan-DeMets O'Brien-Fleming spending, one-sided 0.025, five equal looks: the values
    # gsDesign (sfLDOF) and rpact print
    assert boundaries(FIVE, 0.025) == pytest.approx([4.8769, 3.3569, 2.6803, 2.2898, 2.0310],
                                                    abs=2e-3)
    assert boundaries([0.5, 1.0], 0.025) == pytest.approx([2.9626, 1.9686], abs=2e-3)
    assert boundaries([1.0], 0.025) == pytest.approx([norm.ppf(0.975)])
    with pytest.raises(ValueError, match="increase"):
        boundaries([0.5, 0.4], 0.025)


def test_the_boundary_keeps_alpha_for_a_normal_statistic() -> None:
    """Z_k at the five fractions from independent Brownian increments under H0: the share
    of 200,000 seeded runs that ever cross is α within Monte Carlo error."""
    rng = np.random.default_rng(7)
    runs = 200_000
    steps = rng.standard_normal((runs, 5)) * np.sqrt(np.diff([0.0, *FIVE]))
    z = np.cumsum(steps, axis=1) / np.sqrt(FIVE)
    crossed = (z >= np.array(boundaries(FIVE, 0.025))).any(axis=1).mean()
    se = np.sqrt(0.025 * 0.975 / runs)
    assert abs(crossed - 0.025) < 4 * se, crossed
    naive = (z >= norm.ppf(0.975)).any(axis=1).mean()  # 1.96 at every look
    assert naive > 0.05, naive


def _simulate(planned: int, p_lost: float, p_gained: float, margin: float, runs: int,
              seed: int) -> dict[Decision, int]:
    rng = np.random.default_rng(seed)
    outcomes = {d: 0 for d in Decision}
    for _ in range(runs):
        diffs = rng.choice([-1.0, 0.0, 1.0], size=planned,
                           p=[p_lost, 1 - p_lost - p_gained, p_gained]).tolist()
        rule = SequentialNonInferiority(margin, 5, 0.025, planned)
        decision = None
        for n in range(1, planned + 1):
            if rule.due(n):
                decision = rule.look(diffs[:n])
                if decision is not None:
                    break
        outcomes[decision or Decision.INCONCLUSIVE] += 1
    return outcomes


def test_paired_runs_under_the_null_claim_non_inferiority_at_most_alpha() -> None:
    """3,000 seeded paired runs of 300 items whose true difference is exactly -margin
    (10% lost, 5% gained): the share declared non-inferior stays within α plus Monte Carlo
    error; a build truly as good as its reference is mostly declared non-inferior."""
    runs = 3000
    null = _simulate(300, 0.10, 0.05, 0.05, runs, seed=11)
    se = np.sqrt(0.025 * 0.975 / runs)
    assert null[Decision.NON_INFERIOR] / runs <= 0.025 + 3 * se, null
    # mirrored: a build exactly at the margin is declared inferior as rarely
    assert null[Decision.INFERIOR] / runs <= 0.025 + 3 * se, null
    good = _simulate(300, 0.05, 0.05, 0.05, 500, seed=12)
    assert good[Decision.NON_INFERIOR] / 500 > 0.5, good
    assert good[Decision.INFERIOR] == 0, good


@pytest.mark.parametrize(("lost", "gained", "n"), [(30, 15, 300), (0, 0, 80), (5, 9, 120),
                                                   (40, 0, 100)])
def test_the_restricted_lost_rate_maximises_the_constrained_likelihood(
        lost: int, gained: int, n: int) -> None:
    """Against scipy's bounded minimiser of the multinomial log-likelihood with gained =
    lost - margin."""
    from scipy.optimize import minimize_scalar

    margin = 0.05
    agree = n - lost - gained

    def nll(a: float) -> float:
        return -(lost * np.log(a) + gained * np.log(a - margin)
                 + agree * np.log(1 - 2 * a + margin))

    found = minimize_scalar(nll, bounds=(margin + 1e-9, (1 + margin) / 2 - 1e-9),
                            method="bounded", options={"xatol": 1e-12})
    assert restricted_lost_rate(lost, gained, n, margin) == pytest.approx(found.x, abs=1e-6)
