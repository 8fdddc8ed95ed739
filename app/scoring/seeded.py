"""Randomness fixed by a name: the same generator for the same key on every host and run, so
a shuffled prompt, an audit's arrangement or a rendered image can be made again from what
the run stored."""

from __future__ import annotations

import hashlib
import random
from typing import TypeVar

T = TypeVar("T")


def seeded_rng(key: str) -> random.Random:
    """random.Random seeded with the first 64 bits of sha256(key), read big-endian."""
    return random.Random(int(hashlib.sha256(key.encode()).hexdigest()[:16], 16))


def seeded_shuffle(values: list[T], key: str) -> list[T]:
    """A copy of `values` shuffled by seeded_rng(key)."""
    out = list(values)
    seeded_rng(key).shuffle(out)
    return out
