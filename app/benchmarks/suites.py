"""Named sets of benchmarks and the Mobile Intelligence Index's components, read from data
(app/benchmarks/catalog/suites.toml) rather than spread over the benchmarks' folders. A
benchmark says how its metrics read as an index component; which component it gives, if any,
and which sets it belongs to, are said there."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, replace
from importlib import resources

DEVICE_SET = "mobile-device-set"


@dataclass(frozen=True)
class Suite:
    name: str
    description: str
    benchmarks: tuple[str, ...]  # in the suite's published order


@dataclass(frozen=True)
class IndexComponentDef:
    name: str
    # the benchmarks that give it; the first is the one a model is asked to run
    benchmarks: tuple[str, ...]


@dataclass(frozen=True)
class IndexDef:
    name: str
    components: tuple[IndexComponentDef, ...]

    def with_component(self, component: IndexComponentDef) -> IndexDef:
        return replace(self, components=(*self.components, component))

    def component_of(self, benchmark: str) -> str | None:
        """The component a run of this benchmark gives, if any."""
        return next((c.name for c in self.components if benchmark in c.benchmarks), None)


@dataclass(frozen=True)
class Suites:
    suites: dict[str, Suite]
    index: IndexDef

    def suite(self, name: str) -> Suite:
        return self.suites[name]

    def position(self, benchmark: str, suite: str = DEVICE_SET) -> int | None:
        """1-based place of a benchmark in a suite's order; None = not a member."""
        members = self.suites[suite].benchmarks
        return members.index(benchmark) + 1 if benchmark in members else None

    def names(self) -> set[str]:
        """Every benchmark the data names."""
        return {b for s in self.suites.values() for b in s.benchmarks} | {
            b for c in self.index.components for b in c.benchmarks}


def parse(text: str) -> Suites:
    data = tomllib.loads(text)
    suites = {s["name"]: Suite(s["name"], s["description"], tuple(s["benchmarks"]))
              for s in data["suite"]}
    index = data["index"]
    components = tuple(IndexComponentDef(c["name"], tuple(c["benchmarks"]))
                       for c in index["component"])
    if len({c.name for c in components}) != len(components):
        raise ValueError("an index component is named twice")
    if any(not c.benchmarks for c in components) or any(not s.benchmarks
                                                        for s in suites.values()):
        raise ValueError("a suite or an index component names no benchmark")
    return Suites(suites, IndexDef(index["name"], components))


_loaded: Suites | None = None


def suites() -> Suites:
    """The catalog's suites (read once)."""
    global _loaded
    if _loaded is None:
        text = resources.files("app.benchmarks.catalog").joinpath("suites.toml").read_text(
            "utf-8")
        _loaded = parse(text)
    return _loaded


def use(data: Suites) -> Suites:
    """Put other suites in place (a benchmark defined for a while, as tests define one, with
    its index component); returns those it replaced."""
    global _loaded
    previous = suites()
    _loaded = data
    return previous
