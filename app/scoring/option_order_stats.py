"""Option-order audit: the same items with their options rearranged. Pure.

Arrangements, one per repeat of an audit run, in this order:
- `original`: the options as stored;
- `key-at-A`, `key-at-B`, ...: the key moved to that letter, the distractors in a seeded
  random order;
- `permutation-1` ... `permutation-K`: seeded full random permutations;
- `rotation-1` ... (CircularEval, optional): the options rotated by 1, 2, ... places.

An arrangement is `order`: order[p] = the stored index of the option shown at position p.
Seeds come from (audit seed, item, arrangement), so every run of an audit shows the same.

Report: accuracy per arrangement (Wilson interval); the spread between the best and the worst
arrangement with its paired interval; the model's pick rate per letter against the key's
letter distribution; the letter-preference test: Pearson's chi-square of the model's picks
per letter, pooled over every arrangement, against the letters its keys were shown at
(df = letters - 1; unanswered samples left out), with the items needed for 80% power
against a given preference (a share `preference` of the picks moved to the model's most
picked letter); the verdict `order-sensitive` when either test rejects at 0.05 after Holm's
correction over the two: McNemar's exact test between the best and the worst arrangement,
itself Bonferroni-corrected for the number of arrangement pairs (p * A(A-1)/2), and the
letter-preference test; the order-robust accuracy: CircularEval (an item counts only if
right under every rotation) where rotations were run, else the mean over permutations.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from app.scoring import chi_square
from app.scoring.choices import LETTERS
from app.scoring.paired import PairedDifference, holm, mcnemar_exact, paired_difference
from app.scoring.seeded import seeded_shuffle
from app.scoring.stats import mean, wilson_interval

ALPHA = 0.05
POWER = 0.8
DEFAULT_PREFERENCE = 0.1


def arrangements(k: int, permutations: int, circular: bool) -> list[str]:
    names = ["original", *(f"key-at-{LETTERS[i]}" for i in range(k)),
             *(f"permutation-{j + 1}" for j in range(permutations))]
    return names + ([f"rotation-{r}" for r in range(1, k)] if circular else [])


def _shuffled(values: list[int], seed: int, external_id: str, name: str) -> list[int]:
    return seeded_shuffle(values, f"order-audit:{seed}:{external_id}:{name}")


def seeded_order(k: int, external_id: str, seed: int, label: str) -> list[int]:
    """A random order of k options, the same for every (seed, item, label)."""
    return _shuffled(list(range(k)), seed, external_id, label)


def order_for(name: str, k: int, key: int, external_id: str, seed: int) -> list[int]:
    """order[p] = stored index shown at position p under arrangement `name`."""
    if name == "original":
        return list(range(k))
    if name.startswith("key-at-"):
        target = LETTERS.index(name.removeprefix("key-at-"))
        others = _shuffled([i for i in range(k) if i != key], seed, external_id, name)
        return others[:target] + [key] + others[target:]
    if name.startswith("permutation-"):
        return seeded_order(k, external_id, seed, name)
    if name.startswith("rotation-"):
        shift = int(name.removeprefix("rotation-"))
        return [(p + shift) % k for p in range(k)]
    raise ValueError(f"unknown arrangement {name!r}")


@dataclass(frozen=True)
class ArrangementResult:
    name: str
    n: int
    accuracy: float
    ci95: tuple[float, float]
    pick_rate: dict[str, float]  # letter -> share of answers naming it
    key_rate: dict[str, float]  # letter -> share of items whose key is shown there


@dataclass(frozen=True)
class LetterPreference:
    """The model's picks per letter against its keys' letters, pooled over arrangements."""

    picks: dict[str, int]
    keys: dict[str, int]
    statistic: float
    df: int
    p_value: float
    p_adjusted: float  # Holm over this test and the arrangement spread's
    favourite: str
    preference: float  # the alternative the items needed are for
    effect_size: float  # Cohen's w of that alternative
    items_needed: int | None  # at 80% power, at this run's number of arrangements
    power_now: float  # against that alternative, with the samples this run has


@dataclass(frozen=True)
class OrderAudit:
    arrangements: list[ArrangementResult]
    best: str
    worst: str
    spread: PairedDifference  # worst - best, paired over items
    p_value: float
    p_adjusted: float
    letter_preference: LetterPreference | None
    order_sensitive: bool
    robust_accuracy: float | None
    robust_method: str


def letter_preference(picked: Sequence[str], keys: Sequence[str], letters: Sequence[str],
                      arrangements: int, preference: float) -> LetterPreference | None:
    """Picks against key letters (one entry per answered sample); None without answers or
    with a single letter."""
    if not picked or len(letters) < 2:
        return None
    pick_counts = {x: sum(1 for p in picked if p == x) for x in letters}
    key_counts = {x: sum(1 for k in keys if k == x) for x in letters}
    fit = chi_square.goodness_of_fit([pick_counts[x] for x in letters],
                                     [float(key_counts[x]) for x in letters])
    n = len(picked)
    null = [key_counts[x] / n for x in letters]
    favourite = max(letters, key=lambda x: (pick_counts[x], -letters.index(x)))
    alternative = [(1 - preference) * p0 + (preference if x == favourite else 0.0)
                   for x, p0 in zip(letters, null, strict=True)]
    w = chi_square.effect_size(null, alternative)
    df = max(1, sum(1 for p0 in null if p0 > 0) - 1)
    needed = chi_square.observations_needed(w, df, ALPHA, POWER)
    return LetterPreference(
        pick_counts, key_counts, fit.statistic, fit.df, fit.p_value, fit.p_value, favourite,
        preference, w, None if needed is None else math.ceil(needed / arrangements),
        chi_square.power(w, n, df, ALPHA) if w > 0 else 0.0)


def audit(names: Sequence[str], correct: Mapping[str, Mapping[int, bool]],
          picks: Mapping[str, Mapping[int, str | None]],
          key_letters: Mapping[str, Mapping[int, str]],
          preference: float = DEFAULT_PREFERENCE) -> OrderAudit:
    """correct[arrangement][item], picks[arrangement][item] (letter shown, or None),
    key_letters[arrangement][item]: the letter the key was shown at."""
    common = sorted(set.intersection(*(set(correct[n]) for n in names)))
    if not common:
        raise ValueError("no item was scored under every arrangement")
    letters = sorted({k for name in names for k in key_letters[name].values()}
                     | {p for name in names for p in picks[name].values() if p is not None})
    results = []
    for name in names:
        accuracy = mean([float(correct[name][i]) for i in common])
        chosen = [picks[name].get(i) for i in common]
        results.append(ArrangementResult(
            name, len(common), accuracy, wilson_interval(accuracy, len(common)),
            {x: sum(1 for c in chosen if c == x) / len(common) for x in letters},
            {x: sum(1 for i in common if key_letters[name][i] == x) / len(common)
             for x in letters}))
    best = max(results, key=lambda r: r.accuracy)
    worst = min(results, key=lambda r: r.accuracy)
    a = [float(correct[best.name][i]) for i in common]
    b = [float(correct[worst.name][i]) for i in common]
    spread = paired_difference(a, b, single_repeat=True)
    table = spread.table
    p = mcnemar_exact(table.only_a, table.only_b) if table is not None else 1.0
    pairs = len(names) * (len(names) - 1) // 2
    adjusted = min(1.0, p * max(pairs, 1))
    answered = [(picks[n][i], key_letters[n][i]) for n in names for i in common
                if picks[n].get(i) is not None]
    prefer = letter_preference([str(p) for p, _k in answered], [k for _p, k in answered],
                               letters, len(names), preference)
    if prefer is not None:
        both = holm({"spread": adjusted, "letters": prefer.p_value})
        adjusted_spread = both["spread"]
        prefer = replace(prefer, p_adjusted=both["letters"])
    else:
        adjusted_spread = adjusted
    rotations = [n for n in names if n.startswith("rotation-")]
    robust: float | None
    if rotations:
        circle = ["original", *rotations]
        robust = mean([float(all(correct[n][i] for n in circle)) for i in common])
        method = "circular (right under the original order and every rotation)"
    else:
        perms = [r.accuracy for r in results if r.name.startswith("permutation-")]
        robust = mean(perms) if perms else None
        method = "mean over the random permutations"
    sensitive = adjusted_spread < ALPHA or (prefer is not None and prefer.p_adjusted < ALPHA)
    return OrderAudit(results, best.name, worst.name, spread, p, adjusted_spread, prefer,
                      sensitive, robust, method)
