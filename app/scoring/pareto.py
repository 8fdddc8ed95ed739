"""The builds no other build beats on every count at once. Pure.

A build (accuracy, memory, decode speed) is dominated when another is at least as accurate,
needs at most as much memory and decodes at least as fast, and is strictly better on one of
the three; the front is the builds nobody dominates. A build lacking any of the three is not
judged.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import NamedTuple, TypeVar

K = TypeVar("K", bound=Hashable)


class Build(NamedTuple):
    accuracy: float
    memory: float
    speed: float


def dominates(a: Build, b: Build) -> bool:
    at_least = a.accuracy >= b.accuracy and a.memory <= b.memory and a.speed >= b.speed
    return at_least and a != b


def front(builds: Mapping[K, Build]) -> set[K]:
    return {k for k, b in builds.items()
            if not any(dominates(other, b) for o, other in builds.items() if o != k)}
