"""Arrangements of an option-order audit: what each one shows, deterministically."""

from __future__ import annotations

import pytest

from app.scoring.choices import LETTERS
from app.scoring.option_order import arrangements, order_for


@pytest.mark.parametrize("k", [4, 10])
def test_arrangements_show_what_they_say(k: int) -> None:
    names = arrangements(k, permutations=3, circular=True)
    assert len(names) == 1 + k + 3 + (k - 1)
    for key in range(k):
        for name in names:
            order = order_for(name, k, key, "item-7", seed=5)
            assert sorted(order) == list(range(k))  # a permutation of the options
            assert order == order_for(name, k, key, "item-7", seed=5)  # seeded
            if name.startswith("key-at-"):
                assert order[LETTERS.index(name[-1])] == key
        assert order_for("original", k, key, "x", 0) == list(range(k))
    rotations = [order_for(f"rotation-{r}", k, 0, "x", 0) for r in range(1, k)]
    assert sorted(o.index(0) for o in rotations) == list(range(1, k))  # the key visits all
    assert order_for("permutation-1", k, 0, "a", 1) != order_for("permutation-1", k, 0, "a", 2) \
        or k < 3
