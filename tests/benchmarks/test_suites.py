"""Suites and the index's components are data (app/benchmarks/catalog/suites.toml): what it
says is what planning, the leaderboard and the index use."""

from __future__ import annotations

from dataclasses import replace

import pytest

from app.benchmarks import index
from app.benchmarks.registry import benchmarks, index_members, mobile_device_set, ranked
from app.benchmarks.suites import DEVICE_SET, parse, suites

# the mobile benchmark set as published: BFCL v4, IFBench, AA-Omniscience, GPQA Diamond,
# MATH-500, and the Index's five components
PUBLISHED = ["bfcl-v4", "ifbench", "aa-omniscience", "gpqa-diamond", "math-500"]
COMPONENTS = ["bfcl", "ifbench", "aa_omniscience", "gpqa_diamond", "math_500"]


def test_every_benchmark_the_data_names_is_registered() -> None:
    assert suites().names() <= set(benchmarks())


def test_the_device_set_and_the_index_read_the_data() -> None:
    assert mobile_device_set() == PUBLISHED
    assert [b.spec.name for b in ranked()[:5]] == PUBLISHED
    assert index.component_names() == COMPONENTS
    assert [b.spec.name for b in index_members()] == PUBLISHED
    assert set(index.stderr_rules()) == set(COMPONENTS)
    # the 2026 revision of IFBench gives the same component; a benchmark outside the
    # Index, or a derived set of a member (its own name), gives none
    derived = benchmarks()["math-500"].variant(
        spec=replace(benchmarks()["math-500"].spec, name="math-500-hard"))
    assert index.components_of(["ifbench-300", "mmlu", "math-500", derived.spec.name]) == {
        "ifbench-300": "ifbench", "math-500": "math_500"}
    assert index.component_name(derived.spec.name) is None
    assert suites().position("gpqa-diamond", DEVICE_SET) == 4
    assert suites().position("mmlu", DEVICE_SET) is None


def test_a_component_named_twice_is_refused() -> None:
    text = """
[[suite]]
name = "s"
description = "d"
benchmarks = ["a"]
[index]
name = "i"
[[index.component]]
name = "x"
benchmarks = ["a"]
[[index.component]]
name = "x"
benchmarks = ["b"]
"""
    with pytest.raises(ValueError, match="named twice"):
        parse(text)
    with pytest.raises(ValueError, match="names no benchmark"):
        parse(text.replace('name = "x"\nbenchmarks = ["b"]', 'name = "y"\nbenchmarks = []'))
