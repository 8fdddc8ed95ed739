"""The Mobile Intelligence Index formula and its standard errors."""

from __future__ import annotations

import math

import pytest
from statsmodels.stats.proportion import proportion_confint

from app.benchmarks import index
from app.scoring.index import Component


def test_index_mean_and_combined_stderr() -> None:
    parts = {name: Component(name, value, se, "m") for name, value, se in [
        ("bfcl", 0.5, 0.03), ("ifbench", 0.3, 0.02), ("aa_omniscience", 0.6, 0.04),
        ("gpqa_diamond", 0.25, 0.03), ("math_500", 0.7, 0.02)]}
    assert index.component_names() == list(parts)  # the device set's order
    result = index.mobile_index(parts)
    assert result.value == pytest.approx((0.5 + 0.3 + 0.6 + 0.25 + 0.7) / 5)
    assert result.stderr == pytest.approx(math.sqrt(0.03**2 + 0.02**2 + 0.04**2 + 0.03**2
                                                    + 0.02**2) / 5)
    del parts["ifbench"]
    assert index.mobile_index(parts).value is None
    assert index.mobile_index(parts).missing == ["ifbench"]


def test_bfcl_component_uses_category_sizes() -> None:
    metrics = {"repeats": [0], "extra": {"score": 0.5, "categories": {
        "multiple": 0.5, "multi_turn_base": 0.25, "irrelevance": 0.75}},
        "subjects": [{"subject": "multiple", "n_items": 200},
                     {"subject": "multi_turn_base", "n_items": 200},
                     {"subject": "irrelevance", "n_items": 240}]}
    comp = index.component_of("bfcl-v4", metrics)
    assert comp is not None and comp.name == "bfcl"
    expected = math.sqrt(sum(_wilson_se(p, n) ** 2 for p, n in
                             ((0.5, 200), (0.25, 200), (0.75, 240)))) / 3
    assert comp.value == 0.5 and comp.stderr == pytest.approx(expected)
    # at these sizes the Wilson-type se is near the binomial one (within 5%)
    assert comp.stderr == pytest.approx(
        math.sqrt(0.25 / 200 + 0.1875 / 200 + 0.1875 / 240) / 3, rel=0.05)


def _wilson_se(p: float, n: int) -> float:
    """The wider side of statsmodels' 95% Wilson interval, / 1.96."""
    low, high = proportion_confint(round(p * n), n, alpha=0.05, method="wilson")
    return max(p - low, high - p) / 1.959963984540054


def test_a_component_at_0_or_1_is_not_certain() -> None:
    """2 of 2 AA-Omniscience answers wrong (both hallucinated): accuracy 0, hallucination
    rate 1, and an interval of width zero would say the model is known exactly."""
    metrics = {"n_items": 2, "repeats": [0], "extra": {
        "component_score": 0.0, "accuracy": 0.0, "hallucination_rate": 1.0,
        "grades": {"CORRECT": 0, "PARTIAL": 0, "INCORRECT": 2, "NOT_ATTEMPTED": 0}}}
    comp = index.component_of("aa-omniscience", metrics)
    assert comp is not None and comp.value == 0.0
    expected = math.sqrt(_wilson_se(0.0, 2) ** 2 + _wilson_se(1.0, 2) ** 2) / 2
    assert comp.stderr == pytest.approx(expected) and comp.stderr > 0.2
    assert comp.ci95 is not None and comp.ci95[0] == 0.0
    assert comp.ci95[1] == pytest.approx(1.959963984540054 * expected)
    assert comp.ci_method == "normal"  # value +- 1.96 se: the rule for a composite
    # an accuracy component takes its run's (Wilson) interval and an se no narrower
    low, high = proportion_confint(0, 2, alpha=0.05, method="wilson")
    run = {"accuracy": 0.0, "stderr": 0.0, "n_items": 2,
           "ci95": {"low": low, "high": high}}
    math500 = index.component_of("math-500", run)
    assert math500 is not None and math500.ci95 == (low, high)
    assert math500.stderr == pytest.approx(high / 1.959963984540054)
    assert math500.ci_method == "wilson"


def test_a_bfcl_run_without_a_category_says_why_it_has_no_component() -> None:
    metrics = {"repeats": [0], "extra": {"score": None, "missing_categories": [
        "multi_turn_base", "irrelevance"], "categories": {"multiple": 0.0}},
        "subjects": [{"subject": "multiple", "n_items": 2}]}
    comp = index.component_of("bfcl-v4", metrics)
    assert comp is not None and comp.value is None and comp.ci95 is None
    assert comp.reason is not None and "multi_turn_base, irrelevance" in comp.reason
