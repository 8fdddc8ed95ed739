"""Item analysis across models: which items are hard, which separate strong models from weak
ones, and where a group of models agrees. Pure.

Over the items every model scored (an item's score is its mean over repeats):
- difficulty(i) = mean over models of score(m, i): the share of models right;
- discrimination(i) = Pearson correlation over models between score(m, i) and the model's
  mean score on the *other* items (the corrected item-total correlation; for 0/1 scores it
  is the point-biserial correlation); None when either side does not vary;
- agreement(i) = share of the group's models giving the group's most common answer.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class ItemStat:
    item_id: int
    difficulty: float
    discrimination: float | None
    agreement: float | None
    modal_answer: str | None


def pearson(x: Sequence[float], y: Sequence[float]) -> float | None:
    n = len(x)
    mx, my = math.fsum(x) / n, math.fsum(y) / n
    sxy = math.fsum((a - mx) * (b - my) for a, b in zip(x, y, strict=True))
    sxx = math.fsum((a - mx) ** 2 for a in x)
    syy = math.fsum((b - my) ** 2 for b in y)
    if sxx == 0 or syy == 0:
        return None
    return sxy / math.sqrt(sxx * syy)


def analyze(scores: Mapping[str, Mapping[int, float]],
            answers: Mapping[str, Mapping[int, str | None]],
            group: Sequence[str] = ()) -> list[ItemStat]:
    """scores[model][item]; answers[model][item] (for agreement); group: models whose
    agreement is measured (empty: all)."""
    models = sorted(scores)
    if len(models) < 2:
        raise ValueError("item analysis needs at least two models")
    common = sorted(set.intersection(*(set(scores[m]) for m in models)))
    if len(common) < 2:
        raise ValueError("the models share fewer than two scored items")
    totals = {m: math.fsum(scores[m][i] for i in common) for m in models}
    agreeing = list(group) or models
    out = []
    for item in common:
        column = [scores[m][item] for m in models]
        rest = [(totals[m] - scores[m][item]) / (len(common) - 1) for m in models]
        votes = Counter(a for m in agreeing if (a := answers.get(m, {}).get(item)) is not None)
        modal, count = votes.most_common(1)[0] if votes else (None, 0)
        out.append(ItemStat(item, math.fsum(column) / len(models), pearson(column, rest),
                            count / len(agreeing) if agreeing else None, modal))
    return out
