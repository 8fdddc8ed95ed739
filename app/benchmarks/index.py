"""The Mobile Intelligence Index over the registered benchmarks: which components it has
(one per benchmark that names one), how each is read, and the formula stated with it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.benchmarks.registry import benchmarks, index_members
from app.scoring import index
from app.scoring.index import Component, IndexResult


def component_names() -> list[str]:
    return [b.index_name for b in index_members() if b.index_name is not None]


def formula() -> str:
    return index.formula(component_names())


def stderr_rules() -> dict[str, str]:
    return {str(b.index_name): b.index_stderr_rule() for b in index_members()}


def component_of(benchmark: str, metrics: Mapping[str, Any]) -> Component | None:
    """The component a run of this (registered) benchmark gives, from its stored metrics."""
    found = benchmarks().get(benchmark)
    return None if found is None else found.index_component(metrics)


def components_of(benchmark_names: list[str]) -> dict[str, str]:
    """Benchmark name -> the component it gives, for those that give one."""
    registered = benchmarks()
    return {n: str(registered[n].index_name) for n in benchmark_names
            if n in registered and registered[n].index_name is not None}


def mobile_index(components: Mapping[str, Component]) -> IndexResult:
    return index.mobile_index(components, component_names())
