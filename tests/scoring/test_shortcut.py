"""The no-shortcut audit's arithmetic against scipy's binomial, and the subset rules'
discrimination against scipy's point-biserial correlation."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
from scipy.stats import binom, pointbiserialr

from app.scoring import shortcut_stats, subset_rules
from app.scoring.shortcut_stats import ShortcutVariant
from app.scoring.subset_rules import Predicate, Rule


@pytest.mark.parametrize(("tries", "k", "threshold"),
                         [(5, 4, 0.6), (5, 10, 0.6), (3, 2, 0.5), (10, 4, 0.0), (7, 3, 0.9)])
def test_the_chance_flag_rate_is_the_binomial_tail(tries: int, k: int,
                                                   threshold: float) -> None:
    needed = math.floor(threshold * tries)  # flagged when right in more than this
    assert shortcut_stats.chance_flag_probability(tries, k, threshold) == pytest.approx(
        float(binom.sf(needed, tries, 1 / k)), abs=1e-12)


def test_more_than_the_threshold_is_flagged() -> None:
    assert shortcut_stats.flagged([True, True, True, True, False], 0.6)
    assert not shortcut_stats.flagged([True, True, True, False, False], 0.6)  # 60% is not more


def test_variants_remove_what_they_say() -> None:
    payload = {"question": "Q?", "choices": ["a", "b"], "answers": ["B"],
               "images": [{"media_type": "image/png", "data": "x"}]}
    assert shortcut_stats.variant_payload(ShortcutVariant.OPTIONS_ONLY, payload)["question"] == ""
    assert shortcut_stats.variant_payload(ShortcutVariant.STEM_ONLY, payload)["choices"] == ["", ""]
    assert "images" not in shortcut_stats.variant_payload(ShortcutVariant.TEXT_ONLY, payload)
    assert payload["question"] == "Q?" and "images" in payload  # the stored item is untouched
    assert shortcut_stats.treatments([ShortcutVariant.STEM_ONLY], 2) == ["stem-only/1",
                                                                         "stem-only/2"]
    assert shortcut_stats.parse_treatment("stem-only/2") == (ShortcutVariant.STEM_ONLY, 2)


def test_flag_rates_per_subject_equal_a_direct_count() -> None:
    rng = random.Random(1)
    items = list(range(40))
    tries = {i: [rng.random() < (0.9 if i % 5 == 0 else 0.3) for _ in range(5)] for i in items}
    subjects = {i: "ab"[i % 2] for i in items}
    [result] = shortcut_stats.audit({ShortcutVariant.OPTIONS_ONLY: tries},
                                    dict.fromkeys(items, 4), subjects, 5, 0.6)
    expected = [i for i in items if sum(tries[i]) >= 4]
    assert result.flagged == expected
    assert result.overall.rate == len(expected) / 40
    for subject in "ab":
        mine = [i for i in expected if subjects[i] == subject]
        assert result.subjects[subject].n_flagged == len(mine)
    assert result.accuracy == sum(sum(t) for t in tries.values()) / 200


def test_low_discrimination_matches_scipy() -> None:
    rng = random.Random(3)
    models = [f"m{i}" for i in range(6)]
    skill = dict(zip(models, (0.2, 0.4, 0.5, 0.6, 0.7, 0.9), strict=True))
    scores = {m: {i: float(rng.random() < skill[m]) for i in range(30)} for m in models}
    [outcome] = subset_rules.apply([Rule(Predicate.LOW_DISCRIMINATION, tuple(models), 0.1)],
                                   scores, {})
    matrix = np.array([[scores[m][i] for i in range(30)] for m in models])
    totals = matrix.sum(axis=1)
    expected = []
    for i in range(30):
        if matrix[:, i].std() == 0:
            continue
        r = pointbiserialr(matrix[:, i], (totals - matrix[:, i]) / 29).statistic
        if r < 0.1:
            expected.append(i)
    assert outcome.dropped == expected and outcome.judged == 30
