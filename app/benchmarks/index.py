"""The Mobile Intelligence Index over the registered benchmarks: its components (data:
app.benchmarks.suites), how each benchmark's run reads as one, and the formula stated with
it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.benchmarks.registry import benchmarks, index_members
from app.benchmarks.suites import suites
from app.scoring import Component, IndexResult, index


def component_names() -> list[str]:
    return [c.name for c in suites().index.components]


def formula() -> str:
    return index.formula(component_names())


def stderr_rules() -> dict[str, str]:
    return {c.name: b.metrics.stderr_rule
            for c, b in zip(suites().index.components, index_members(), strict=True)}


def component_name(benchmark: str) -> str | None:
    """The component a run of this benchmark gives, if any."""
    return suites().index.component_of(benchmark)


def component_of(benchmark: str, metrics: Mapping[str, Any]) -> Component | None:
    """The component a run of this (registered) benchmark gives, from its stored metrics."""
    found, name = benchmarks().get(benchmark), component_name(benchmark)
    return None if found is None or name is None else found.metrics.component(name, metrics)


def components_of(benchmark_names: list[str]) -> dict[str, str]:
    """Benchmark name -> the component it gives, for those that give one."""
    registered = benchmarks()
    return {n: name for n in benchmark_names
            if n in registered and (name := component_name(n)) is not None}


def mobile_index(components: Mapping[str, Component]) -> IndexResult:
    return index.mobile_index(components, component_names())
