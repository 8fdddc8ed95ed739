"""Which interval accuracy gets: Wilson for one repeat, item-clustered with repeats, checked
against statsmodels."""

from __future__ import annotations

import random

import pytest
from statsmodels.stats.proportion import proportion_confint
from statsmodels.stats.weightstats import DescrStatsW

from app.scoring.metrics import aggregate
from app.scoring.verdicts import KeyedItem, Status, Verdict


def _items(n: int) -> list[KeyedItem]:
    return [KeyedItem(i, "s", 4, frozenset({"A"})) for i in range(n)]


@pytest.mark.parametrize("n", [198, 40])
def test_one_repeat_is_wilson(n: int) -> None:
    rng = random.Random(n)
    verdicts = [Verdict(i, 0, Status.CORRECT if rng.random() < 0.4 else Status.WRONG, "A")
                for i in range(n)]
    m = aggregate(_items(n), verdicts, [0])
    correct = sum(v.status == Status.CORRECT for v in verdicts)
    assert m.ci95 == pytest.approx(proportion_confint(correct, n, method="wilson"), abs=1e-12)
    assert m.ci95_method == "wilson"


def test_repeats_are_item_clustered() -> None:
    rng = random.Random(5)
    difficulty = [rng.random() for _ in range(198)]  # items differ: repeats are correlated
    verdicts = [Verdict(i, r, Status.CORRECT if rng.random() < difficulty[i] else Status.WRONG,
                        "A") for i in range(198) for r in range(5)]
    m = aggregate(_items(198), verdicts, list(range(5)))
    means = [sum(v.status == Status.CORRECT for v in verdicts if v.item_id == i) / 5
             for i in range(198)]
    assert m.ci95 == pytest.approx(DescrStatsW(means).zconfint_mean(), abs=1e-12)
    assert m.ci95_method == "item-clustered normal"
    naive = proportion_confint(sum(means) * 5, 198 * 5, method="wilson")
    assert m.ci95[1] - m.ci95[0] > naive[1] - naive[0]  # honest: wider than treating repeats
    # as independent draws
