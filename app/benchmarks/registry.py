"""The registry: every catalog benchmark once, by name, read from the catalog's list
(app.benchmarks.catalog.CATALOG), in its order; and benchmarks defined for a while (as tests
define one)."""

from __future__ import annotations

import functools
from typing import TypeVar

from app.benchmarks.answer_fields import AnswerFields
from app.benchmarks.preparation import Preparation
from app.benchmarks.protocol import Benchmark
from app.benchmarks.spec import BenchmarkSpec
from app.benchmarks.suites import DEVICE_SET, suites

_DEFINED: dict[str, Benchmark] = {}
B = TypeVar("B", bound=Benchmark)


@functools.cache
def _catalog() -> dict[str, Benchmark]:
    from app.benchmarks.catalog import CATALOG

    by_name = {b.spec.name: b for b in CATALOG}
    if len(by_name) != len(CATALOG):
        raise ValueError("two catalog benchmarks share a name")
    return by_name


def register(benchmark: B) -> B:
    """Define a benchmark for a while, in the catalog entry's place when it has the name of
    one (a catalog entry with other parts), else after the catalog."""
    if benchmark.spec.name in _DEFINED:
        raise ValueError(f"benchmark {benchmark.spec.name!r} registered twice")
    _DEFINED[benchmark.spec.name] = benchmark
    return benchmark


def unregister(name: str) -> None:
    """Take a benchmark defined for a while out again."""
    _DEFINED.pop(name, None)


def benchmarks() -> dict[str, Benchmark]:
    return {**_catalog(), **_DEFINED}


def by_key(key: str) -> Benchmark:
    """The registered behaviour a stored benchmark (or a derived version of it) uses."""
    found = next((b for b in benchmarks().values() if b.key == key), None)
    if found is None:
        raise KeyError(f"no registered benchmark has the key {key!r}")
    return found


def catalog() -> dict[str, BenchmarkSpec]:
    return {name: b.spec for name, b in benchmarks().items()}


def answer_models() -> list[type[AnswerFields]]:
    """Each declared answer model once, in registration order."""
    found = (b.about.answer_fields for b in benchmarks().values())
    return list(dict.fromkeys(m for m in found if m is not None))


def mobile_device_set() -> list[str]:
    """The mobile device set's members, in their published order."""
    return list(suites().suite(DEVICE_SET).benchmarks)


def ranked() -> list[Benchmark]:
    """Every benchmark, the device set's members first in their order."""
    data = suites()

    def place(b: Benchmark) -> tuple[bool, int]:
        at = data.position(b.spec.name)
        return at is None, at or 0

    return sorted(benchmarks().values(), key=place)


def index_members() -> list[Benchmark]:
    """The benchmark a model runs for each index component (the first registered of those
    that give it), in the components' order."""
    registered = benchmarks()
    members = []
    for component in suites().index.components:
        found = next((registered[n] for n in component.benchmarks if n in registered), None)
        if found is None:
            raise LookupError(f"no registered benchmark gives the index component "
                              f"{component.name!r}")
        members.append(found)
    return members


def preparations() -> list[Preparation]:
    """The registered benchmarks' preparations, each once, in registration order."""
    found: list[Preparation] = []
    for benchmark in benchmarks().values():
        preparation = benchmark.source.preparation
        if preparation is not None and all(preparation is not p for p in found):
            found.append(preparation)
    return found
