"""The Mobile Intelligence Index formula and its standard errors."""

from __future__ import annotations

import math

import pytest

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
    expected = math.sqrt(0.25 / 200 + 0.1875 / 200 + 0.1875 / 240) / 3
    assert comp.value == 0.5 and comp.stderr == pytest.approx(expected)
