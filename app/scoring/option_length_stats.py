"""Option-length audit: does the key give itself away by its length? Pure.

Lengths are of the stripped option text, in characters, in whitespace-separated words and,
with a tokenizer, in its tokens. For a benchmark, per unit: how often the key is the
(strictly) longest or shortest option, mean lengths of key and distractors, and the length
rule (every distractor at least as long as the key) item by item. For a model's choices, in
one unit: how often it picks the longest option against how often the key is the longest,
and its accuracy on the items whose key is the longest against the rest (Wilson intervals).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from app.scoring.stats import mean, wilson_interval


class LengthUnit(StrEnum):
    CHARS = "chars"
    WORDS = "words"
    TOKENS = "tokens"


@dataclass(frozen=True)
class OptionItem:
    subject: str
    options: Sequence[str]
    key: int  # index of the correct option


Measure = Callable[[str], int]


def measures(token_counts: Mapping[str, int] | None) -> dict[LengthUnit, Measure]:
    """The units lengths are taken in; tokens when a tokenizer's counts of the stripped
    texts are given."""
    out: dict[LengthUnit, Measure] = {LengthUnit.CHARS: lambda t: len(t.strip()),
                                      LengthUnit.WORDS: lambda t: len(t.split())}
    if token_counts is not None:
        out[LengthUnit.TOKENS] = lambda t: token_counts[t.strip()]
    return out


@dataclass(frozen=True)
class UnitSummary:
    unit: LengthUnit
    key_longest_rate: float
    key_shortest_rate: float
    key_mean: float
    distractor_mean: float
    rule_satisfied_rate: float  # every distractor >= key length in this unit
    satisfies_rule: bool


def _unique_extreme(lengths: Sequence[int], extreme: Callable[[Sequence[int]], int]
                    ) -> int | None:
    """Index of the strictly longest (extreme=max) or shortest (min) option; None on a tie."""
    value = extreme(lengths)
    return list(lengths).index(value) if list(lengths).count(value) == 1 else None


def longest(lengths: Sequence[int]) -> int | None:
    return _unique_extreme(lengths, max)


def summarize_unit(items: Sequence[OptionItem], unit: LengthUnit, measure: Measure
                   ) -> UnitSummary:
    if not items:
        raise ValueError("no multiple-choice items")
    lengths = [[measure(o) for o in it.options] for it in items]
    keys = [ls[it.key] for ls, it in zip(lengths, items, strict=True)]
    distractors = [n for ls, it in zip(lengths, items, strict=True)
                   for i, n in enumerate(ls) if i != it.key]
    rule = [all(n >= ls[it.key] for i, n in enumerate(ls) if i != it.key)
            for ls, it in zip(lengths, items, strict=True)]
    return UnitSummary(
        unit=unit,
        key_longest_rate=mean([float(longest(ls) == it.key)
                               for ls, it in zip(lengths, items, strict=True)]),
        key_shortest_rate=mean([float(_unique_extreme(ls, min) == it.key)
                                for ls, it in zip(lengths, items, strict=True)]),
        key_mean=mean([float(k) for k in keys]),
        distractor_mean=mean([float(d) for d in distractors]) if distractors else 0.0,
        rule_satisfied_rate=mean([float(r) for r in rule]), satisfies_rule=all(rule))


def summarize(items: Sequence[OptionItem], units: Mapping[LengthUnit, Measure]
              ) -> list[UnitSummary]:
    return [summarize_unit(items, unit, measure) for unit, measure in units.items()]


@dataclass(frozen=True)
class ChoiceSummary:
    unit: LengthUnit
    n_samples: int
    longest_pick_rate: float  # the model chose the strictly longest option
    key_longest_rate: float  # the key is the strictly longest option
    accuracy_key_longest: float | None
    ci95_key_longest: tuple[float, float] | None
    n_key_longest: int
    accuracy_rest: float | None
    ci95_rest: tuple[float, float] | None
    n_rest: int


def choices(items: Sequence[OptionItem], picks: Sequence[int | None],
            unit: LengthUnit = LengthUnit.CHARS, measure: Measure | None = None
            ) -> ChoiceSummary:
    """picks[i]: the option index the model chose on items[i] (None: no answer read)."""
    if len(items) != len(picks) or not items:
        raise ValueError("one pick per sample")
    measure = measure or measures(None)[unit]
    longest_at = [longest([measure(o) for o in it.options]) for it in items]
    key_longest = [lo == it.key for lo, it in zip(longest_at, items, strict=True)]
    right = [p == it.key for p, it in zip(picks, items, strict=True)]

    def part(flag: bool) -> tuple[float | None, tuple[float, float] | None, int]:
        group = [r for r, k in zip(right, key_longest, strict=True) if k == flag]
        if not group:
            return None, None, 0
        acc = mean([float(r) for r in group])
        return acc, wilson_interval(acc, len(group)), len(group)

    acc_long, ci_long, n_long = part(True)
    acc_rest, ci_rest, n_rest = part(False)
    return ChoiceSummary(
        unit=unit, n_samples=len(items),
        longest_pick_rate=mean([float(p is not None and p == lo)
                                for p, lo in zip(picks, longest_at, strict=True)]),
        key_longest_rate=mean([float(k) for k in key_longest]),
        accuracy_key_longest=acc_long, ci95_key_longest=ci_long, n_key_longest=n_long,
        accuracy_rest=acc_rest, ci95_rest=ci_rest, n_rest=n_rest)
