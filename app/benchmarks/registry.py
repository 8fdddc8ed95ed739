"""The registry: every catalog benchmark once, by name. Catalog folders register with
@register (explicit imports in app.benchmarks.catalog, no folder globbing)."""

from __future__ import annotations

from typing import TypeVar

from app.benchmarks.answer_fields import AnswerFields
from app.benchmarks.protocol import Benchmark
from app.benchmarks.spec import BenchmarkSpec
from app.benchmarks.suites import DEVICE_SET, suites

_REGISTRY: dict[str, Benchmark] = {}
B = TypeVar("B", bound=Benchmark)


def register(benchmark: B) -> B:
    """Register a catalog entry; names are unique."""
    if benchmark.spec.name in _REGISTRY:
        raise ValueError(f"benchmark {benchmark.spec.name!r} registered twice")
    _REGISTRY[benchmark.spec.name] = benchmark
    return benchmark


def unregister(name: str) -> None:
    """Take an entry out again (a benchmark defined for a while, as tests define one)."""
    _REGISTRY.pop(name, None)


def benchmarks() -> dict[str, Benchmark]:
    import app.benchmarks.catalog  # noqa: F401  (explicit imports register every entry)

    return dict(_REGISTRY)


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
