"""Decode speed by what it divides by, against hand computations."""

from __future__ import annotations

import pytest

from app.scoring.speed import aggregate_rate, sequence_rates, union_length


def test_the_decode_wall_counts_overlapping_time_once() -> None:
    # 0-4 and 2-6 overlap (6 s), 8-9 stands alone (1 s), 8.5-8.8 lies inside it
    windows = [(2.0, 6.0), (0.0, 4.0), (8.0, 9.0), (8.5, 8.8)]
    assert union_length(windows) == pytest.approx(7.0)
    assert union_length([]) == 0.0


def test_aggregate_and_per_sequence_rates_by_hand() -> None:
    """Four sequences decoded together: 100 + 80 + 60 + 40 tokens over a 7 s wall are
    40 tok/s delivered; each alone saw its tokens over its own decode time."""
    tokens = [100, 80, 60, 40]
    windows = [(0.0, 4.0), (2.0, 6.0), (8.0, 9.0), (8.5, 8.8)]
    assert aggregate_rate(tokens, windows) == pytest.approx(280 / 7.0)
    assert sequence_rates(tokens, [4000.0, 4000.0, 1000.0, 300.0]) == pytest.approx(
        [25.0, 20.0, 60.0, 40 / 0.3])
    assert aggregate_rate([], []) is None and sequence_rates([0], [10.0]) == []
