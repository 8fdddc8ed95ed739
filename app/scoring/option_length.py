"""Option-length audit: does the key give itself away by its length? Pure.

For a benchmark: how often the key is the (strictly) longest or shortest option, mean
lengths of key and distractors in characters and words, and Mobile-MMLU's rule (every
distractor at least as long as the key) item by item. For a model's choices: how often it
picks the longest option against how often the key is the longest, and its accuracy on the
items whose key is the longest against the rest (Wilson intervals).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from app.scoring.stats import mean, wilson_interval


@dataclass(frozen=True)
class OptionItem:
    subject: str
    options: Sequence[str]
    key: int  # index of the correct option


@dataclass(frozen=True)
class LengthSummary:
    n_items: int
    key_longest_rate: float
    key_shortest_rate: float
    key_mean_chars: float
    distractor_mean_chars: float
    key_mean_words: float
    distractor_mean_words: float
    rule_satisfied_rate: float  # every distractor >= key length (characters)
    satisfies_rule: bool


def _unique_extreme(options: Sequence[str], extreme: Callable[[list[int]], int]) -> int | None:
    """Index of the strictly longest (extreme=max) or shortest (min) option; None on a tie."""
    lengths = [len(o) for o in options]
    value = extreme(lengths)
    return lengths.index(value) if lengths.count(value) == 1 else None


def _longest(options: Sequence[str]) -> int | None:
    return _unique_extreme(options, max)


def _shortest(options: Sequence[str]) -> int | None:
    return _unique_extreme(options, min)


def summarize(items: Sequence[OptionItem]) -> LengthSummary:
    if not items:
        raise ValueError("no multiple-choice items")
    distractors = [o for it in items for i, o in enumerate(it.options) if i != it.key]
    keys = [it.options[it.key] for it in items]
    rule = [all(len(o) >= len(it.options[it.key]) for i, o in enumerate(it.options)
                if i != it.key) for it in items]
    return LengthSummary(
        n_items=len(items),
        key_longest_rate=mean([float(_longest(it.options) == it.key) for it in items]),
        key_shortest_rate=mean([float(_shortest(it.options) == it.key) for it in items]),
        key_mean_chars=mean([float(len(k)) for k in keys]),
        distractor_mean_chars=mean([float(len(d)) for d in distractors]) if distractors
        else 0.0,
        key_mean_words=mean([float(len(k.split())) for k in keys]),
        distractor_mean_words=mean([float(len(d.split())) for d in distractors])
        if distractors else 0.0,
        rule_satisfied_rate=mean([float(r) for r in rule]), satisfies_rule=all(rule))


@dataclass(frozen=True)
class ChoiceSummary:
    n_samples: int
    longest_pick_rate: float  # the model chose the strictly longest option
    key_longest_rate: float  # the key is the strictly longest option
    accuracy_key_longest: float | None
    ci95_key_longest: tuple[float, float] | None
    n_key_longest: int
    accuracy_rest: float | None
    ci95_rest: tuple[float, float] | None
    n_rest: int


def choices(items: Sequence[OptionItem], picks: Sequence[int | None]) -> ChoiceSummary:
    """picks[i]: the option index the model chose on items[i] (None: no answer read)."""
    if len(items) != len(picks) or not items:
        raise ValueError("one pick per sample")
    longest = [_longest(it.options) for it in items]
    key_longest = [lo == it.key for lo, it in zip(longest, items, strict=True)]
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
        n_samples=len(items),
        longest_pick_rate=mean([float(p is not None and p == lo)
                                for p, lo in zip(picks, longest, strict=True)]),
        key_longest_rate=mean([float(k) for k in key_longest]),
        accuracy_key_longest=acc_long, ci95_key_longest=ci_long, n_key_longest=n_long,
        accuracy_rest=acc_rest, ci95_rest=ci_rest, n_rest=n_rest)
