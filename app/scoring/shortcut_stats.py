"""No-shortcut audit: can an item be answered without the part that should be needed? Pure.

Variants of an item, each tried N times (one repeat per try) with its options in a seeded
random order per try, recorded on the sample:
- `options-only`: the stem removed, the options shown;
- `stem-only`: the stem shown, every option blank (only its letter), so the key cannot be
  recognised by its text;
- `text-only`: the item's images removed (MMMU-Pro's filter for vision items).

An item is flagged under a variant when it is answered correctly in more than `threshold` of
its tries (MMMU-Pro: more than 60% of 5). A model guessing uniformly among K options is right
with chance 1/K per try, so it would be flagged with probability P(X > threshold * N) for
X ~ Binomial(N, 1/K): the `chance_flag_rate` reported beside the observed rate.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from app.scoring.item_payload import choice_payload
from app.scoring.stats import mean, wilson_interval


class ShortcutVariant(StrEnum):
    OPTIONS_ONLY = "options-only"
    STEM_ONLY = "stem-only"
    TEXT_ONLY = "text-only"


def treatments(variants: Sequence[ShortcutVariant], tries: int) -> list[str]:
    """The treatment of each repeat of an audit run: `variant/try`, tries counted from 1."""
    return [f"{v}/{t}" for v in variants for t in range(1, tries + 1)]


def parse_treatment(name: str) -> tuple[ShortcutVariant, int]:
    variant, _, number = name.partition("/")
    return ShortcutVariant(variant), int(number)


def variant_payload(variant: ShortcutVariant, payload: Mapping[str, Any]) -> dict[str, Any]:
    """The item as the variant shows it (its options still in stored order)."""
    out = dict(payload)
    if variant is ShortcutVariant.OPTIONS_ONLY:
        out["question"] = ""
    elif variant is ShortcutVariant.STEM_ONLY:
        out["choices"] = ["" for _ in choice_payload(payload).choices]
    else:
        out.pop("images", None)
    return out


def flagged(correct: Sequence[bool], threshold: float) -> bool:
    return sum(correct) > threshold * len(correct)


def chance_flag_probability(tries: int, k: int, threshold: float) -> float:
    """P(X > threshold * tries) for X ~ Binomial(tries, 1/k): how often a uniform guesser
    would be flagged."""
    p = 1 / k
    return math.fsum(math.comb(tries, x) * p ** x * (1 - p) ** (tries - x)
                     for x in range(tries + 1) if x > threshold * tries)


@dataclass(frozen=True)
class FlagRate:
    n_items: int
    n_flagged: int
    rate: float
    ci95: tuple[float, float]
    chance_rate: float  # mean over the items of their chance flag probability


@dataclass(frozen=True)
class VariantResult:
    variant: ShortcutVariant
    overall: FlagRate
    subjects: dict[str, FlagRate]
    flagged: list[int]  # item ids
    accuracy: float  # correct tries over all tries


def _rate(items: Sequence[int], flags: Mapping[int, bool], chance: Mapping[int, float]) -> FlagRate:
    n_flagged = sum(flags[i] for i in items)
    rate = n_flagged / len(items)
    return FlagRate(len(items), n_flagged, rate, wilson_interval(rate, len(items)),
                    mean([chance[i] for i in items]))


def audit(tries: Mapping[ShortcutVariant, Mapping[int, Sequence[bool]]],
          n_options: Mapping[int, int], subjects: Mapping[int, str], n_tries: int,
          threshold: float) -> list[VariantResult]:
    """tries[variant][item] = whether each try was correct. Only items with all their tries
    scored count (a failed request leaves its item out rather than counting it wrong)."""
    results = []
    for variant, by_item in tries.items():
        items = sorted(i for i, t in by_item.items() if len(t) == n_tries)
        if not items:
            raise ValueError(f"no item has all {n_tries} tries of {variant} scored")
        flags = {i: flagged(by_item[i], threshold) for i in items}
        chance = {i: chance_flag_probability(n_tries, n_options[i], threshold) for i in items}
        by_subject: dict[str, list[int]] = {}
        for i in items:
            by_subject.setdefault(subjects[i], []).append(i)
        results.append(VariantResult(
            variant, _rate(items, flags, chance),
            {s: _rate(ids, flags, chance) for s, ids in sorted(by_subject.items())},
            [i for i in items if flags[i]],
            mean([float(c) for i in items for c in by_item[i]])))
    return results
