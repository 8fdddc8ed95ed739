"""Option expansion: a K-option item made K'-option (e.g. 4 -> 10) from extra
distractors, validated and shuffled. Pure. An extra is discarded when it is empty, when it
equals the key, or when it duplicates an option already there, as app.scoring.option_text
compares options: numbers (with signs, decimals, fractions) as exact values first, then the
words and units around them. The first K' - K extras that remain are added; an item without
enough is left out. An added option shorter than the key breaks the length rule
(distractors at least as long as the key): it is kept and flagged. The K' options are then
shown in a seeded random order, recorded per item; the key moves with its option, and the
random baseline becomes 1/K'."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from app.scoring.choices import LETTERS
from app.scoring.option_order_stats import seeded_order
from app.scoring.option_text import empty, same


class Discard(StrEnum):
    EMPTY = "empty"
    EQUALS_KEY = "equals the key"
    DUPLICATE = "duplicates an option"


@dataclass
class Expansion:
    choices: list[str] = field(default_factory=list)  # the K' options in the order shown
    answers: list[str] = field(default_factory=list)  # the key's new letters
    order: list[int] = field(default_factory=list)  # order[p]: index before shuffling
    discarded: list[tuple[str, Discard]] = field(default_factory=list)
    shorter_than_key: list[str] = field(default_factory=list)
    missing: int = 0  # extras still needed: the item is left out when > 0


def expand(choices: Sequence[str], answers: Sequence[str], extras: Sequence[str], target: int,
           external_id: str, seed: int) -> Expansion:
    out = Expansion()
    keys = [choices[LETTERS.index(a)] for a in answers]
    kept: list[str] = []
    for extra in extras:
        if empty(extra):
            out.discarded.append((extra, Discard.EMPTY))
        elif any(same(extra, k) for k in keys):
            out.discarded.append((extra, Discard.EQUALS_KEY))
        elif any(same(extra, other) for other in [*choices, *kept]):
            out.discarded.append((extra, Discard.DUPLICATE))
        else:
            kept.append(extra)
    need = target - len(choices)
    out.missing = max(0, need - len(kept))
    if out.missing:
        return out
    added = kept[:need]
    shortest_key = min(len(k) for k in keys)
    out.shorter_than_key = [a for a in added if len(a) < shortest_key]
    options = [*choices, *added]
    out.order = seeded_order(target, external_id, seed, f"expand-to-{target}")
    out.choices = [options[i] for i in out.order]
    out.answers = sorted(LETTERS[out.order.index(LETTERS.index(a))] for a in answers)
    return out
