"""Which interval accuracy gets: Wilson for one repeat, Wilson at the item-clustered
effective sample size with repeats, checked against statsmodels; never a point."""

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
    # Wilson's interval at the effective sample size p(1-p)/se^2, se the clustered one
    p, se = sum(means) / 198, DescrStatsW(means).std_mean
    n_eff = p * (1 - p) / se**2
    assert m.ci95 == pytest.approx(proportion_confint(p * n_eff, n_eff, method="wilson"),
                                   abs=1e-12)
    assert m.ci95_method == "item-clustered wilson"
    normal = DescrStatsW(means).zconfint_mean()
    assert m.ci95[1] - m.ci95[0] == pytest.approx(normal[1] - normal[0], rel=0.05)
    naive = proportion_confint(sum(means) * 5, 198 * 5, method="wilson")
    assert m.ci95[1] - m.ci95[0] > naive[1] - naive[0]  # honest: wider than treating repeats
    # as independent draws


def test_no_spread_still_gives_an_interval_over_the_items() -> None:
    """All wrong over 5 items x 3 repeats: the normal interval would be [0, 0]."""
    verdicts = [Verdict(i, r, Status.WRONG, "B") for i in range(5) for r in range(3)]
    m = aggregate(_items(5), verdicts, [0, 1, 2])
    assert m.stderr == 0
    assert m.ci95 == pytest.approx(proportion_confint(0, 5, method="wilson"), abs=1e-12)
    assert m.ci95[1] > 0.4


def test_items_that_agree_almost_exactly_do_not_make_a_point() -> None:
    """197 items right on 3 of 5 repeats, one on 2 of 5: the clustered standard error is
    tiny, and the effective sample size is held to the 990 answers there are (a Wilson
    interval over them), not the 235,000 p(1-p)/se^2 would claim."""
    verdicts = [Verdict(i, r, Status.CORRECT if r < (3 if i else 2) else Status.WRONG, "A")
                for i in range(198) for r in range(5)]
    m = aggregate(_items(198), verdicts, list(range(5)))
    assert m.accuracy is not None and m.stderr is not None and 0 < m.stderr < 0.002
    right = sum(v.status == Status.CORRECT for v in verdicts)
    assert m.ci95 == pytest.approx(proportion_confint(right, 990, method="wilson"), abs=1e-12)
    subjects = {s.subject: s for s in m.subjects}
    assert subjects["s"].ci95 == pytest.approx(m.ci95, abs=1e-12)  # one subject: the same
