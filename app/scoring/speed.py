"""Decode speed, said by what it divides by. Pure.

- per sequence: a sample's completion tokens / its own decode time (the decode steps that
  gave it a token), the median over samples: what one user of a shared context sees;
- aggregate: all sequences' completion tokens / the decode wall, the length of the union of
  the samples' decode windows (first token to end) on the wall clock: what the host
  delivers with its sequences together.
"""

from __future__ import annotations

from collections.abc import Sequence


def union_length(windows: Sequence[tuple[float, float]]) -> float:
    """Seconds covered by at least one (start, end) window."""
    total, reach = 0.0, None
    for start, end in sorted(windows):
        if reach is None or start > reach:
            total += end - start
            reach = end
        elif end > reach:
            total += end - reach
            reach = end
    return total


def aggregate_rate(tokens: Sequence[int], windows: Sequence[tuple[float, float]]
                   ) -> float | None:
    wall = union_length(windows)
    return sum(tokens) / wall if wall > 0 and tokens else None


def sequence_rates(tokens: Sequence[int], decode_ms: Sequence[float]) -> list[float]:
    return [n / (ms / 1000) for n, ms in zip(tokens, decode_ms, strict=True) if n and ms > 0]
