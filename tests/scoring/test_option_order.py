"""Arrangements of an option-order audit: what each one shows, deterministically."""

from __future__ import annotations

import pytest

from app.scoring.choices import LETTERS
from app.scoring.option_order_stats import arrangements, audit, order_for


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


def _b_lover(k: int = 4, n_items: int = 8) -> tuple[list[str], dict[str, dict[int, bool]],
                                                  dict[str, dict[int, str | None]],
                                                  dict[str, dict[int, str]]]:
    """The issue's model: it answers B on 7 of 8 items whatever the order (so 0.875 right
    when the key is at B, 0 elsewhere); the eighth it answers A."""
    names = arrangements(k, permutations=3, circular=False)
    correct: dict[str, dict[int, bool]] = {n: {} for n in names}
    picks: dict[str, dict[int, str | None]] = {n: {} for n in names}
    keys: dict[str, dict[int, str]] = {n: {} for n in names}
    for name in names:
        for item in range(n_items):
            order = order_for(name, k, item % k, f"q{item}", seed=0)
            key = LETTERS[order.index(item % k)]
            pick = "B" if item < 7 else "A"
            keys[name][item], picks[name][item] = key, pick
            correct[name][item] = pick == key
    return names, correct, picks, keys


def test_a_letter_preference_on_eight_items_is_order_sensitive() -> None:
    from scipy import stats

    names, correct, picks, keys = _b_lover()
    got = audit(names, correct, picks, keys)
    prefer = got.letter_preference
    assert prefer is not None and prefer.favourite == "B"
    letters = sorted(prefer.picks)
    want = stats.chisquare([prefer.picks[x] for x in letters],
                           [prefer.keys[x] * sum(prefer.picks.values())
                            / sum(prefer.keys.values()) for x in letters])
    assert prefer.p_value == pytest.approx(want.pvalue, rel=1e-9)
    assert prefer.p_adjusted < 0.05 and got.order_sensitive
    assert prefer.picks["B"] == 7 * len(names)


def test_a_model_without_preference_is_not_flagged_and_items_needed_shrink() -> None:
    names, correct, picks, keys = _b_lover()
    for name in names:  # always right: picks follow the keys exactly
        picks[name] = {i: keys[name][i] for i in keys[name]}
        correct[name] = {i: True for i in keys[name]}
    got = audit(names, correct, picks, keys)
    assert got.letter_preference is not None and got.letter_preference.p_value == 1.0
    assert not got.order_sensitive
    small = audit(names, correct, picks, keys, preference=0.05).letter_preference
    large = audit(names, correct, picks, keys, preference=0.3).letter_preference
    assert small is not None and large is not None
    assert small.items_needed is not None and large.items_needed is not None
    assert large.items_needed < small.items_needed
    assert large.power_now > small.power_now
