"""The chi-square goodness of fit and its power, against scipy and statsmodels."""

from __future__ import annotations

import pytest
from scipy import stats
from statsmodels.stats.power import GofChisquarePower

from app.scoring import chi_square


@pytest.mark.parametrize("df", [1, 2, 3, 9, 40])
@pytest.mark.parametrize("x", [0.01, 0.5, 1.0, 3.84, 7.8, 20.0, 75.0, 300.0])
def test_survival_function_matches_scipy(x: float, df: int) -> None:
    assert chi_square.chi2_sf(x, df) == pytest.approx(stats.chi2.sf(x, df), rel=1e-9,
                                                      abs=1e-300)


@pytest.mark.parametrize("df", [1, 3, 9])
@pytest.mark.parametrize("p", [0.05, 0.01, 0.5])
def test_quantile_matches_scipy(p: float, df: int) -> None:
    assert chi_square.chi2_isf(p, df) == pytest.approx(stats.chi2.isf(p, df), rel=1e-9)


@pytest.mark.parametrize("df", [1, 3, 9])
@pytest.mark.parametrize("nc", [0.3, 5.0, 40.0, 400.0])
@pytest.mark.parametrize("x", [1.0, 7.81, 30.0])
def test_noncentral_survival_matches_scipy(x: float, df: int, nc: float) -> None:
    assert chi_square.ncx2_sf(x, df, nc) == pytest.approx(stats.ncx2.sf(x, df, nc),
                                                          rel=1e-7, abs=1e-12)


@pytest.mark.parametrize(("observed", "shares"), [
    ([56, 2, 3, 3], [0.25, 0.25, 0.25, 0.25]),
    ([10, 12, 9, 11, 8], [1, 1, 1, 1, 1]),
    ([30, 10, 5], [0.5, 0.3, 0.2]),
])
def test_goodness_of_fit_matches_scipy(observed: list[int], shares: list[float]) -> None:
    n = sum(observed)
    expected = [n * s / sum(shares) for s in shares]
    want = stats.chisquare(observed, expected)
    got = chi_square.goodness_of_fit(observed, shares)
    assert got.statistic == pytest.approx(want.statistic, rel=1e-12)
    assert got.p_value == pytest.approx(want.pvalue, rel=1e-9, abs=1e-300)
    assert got.df == len(observed) - 1


def test_a_count_where_no_key_was_is_no_fit() -> None:
    got = chi_square.goodness_of_fit([3, 1, 0], [1, 0, 1])
    assert got.p_value == 0.0


@pytest.mark.parametrize(("w", "df"), [(0.1, 3), (0.3, 3), (0.5, 1), (0.2, 9)])
def test_observations_needed_match_statsmodels(w: float, df: int) -> None:
    solver = GofChisquarePower()
    want = solver.solve_power(effect_size=w, n_bins=df + 1, alpha=0.05, power=0.8)
    got = chi_square.observations_needed(w, df, 0.05, 0.8)
    assert got is not None and got - 1 < want <= got
    assert chi_square.power(w, got, df, 0.05) == pytest.approx(
        solver.power(effect_size=w, nobs=got, alpha=0.05, n_bins=df + 1), rel=1e-7)
