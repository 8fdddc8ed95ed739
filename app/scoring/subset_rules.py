"""Rules that derive a benchmark subset from how several models answered it, the way some
published "pro" sets were built. Pure.

Each rule names a group of models and drops the items it holds for; an item is kept unless a
rule drops it. Rules judge only the items every model of their group scored (others are kept,
and counted as unjudged). An item's score is its mean over a model's repeats.
- `all-correct`: every model of the group right on every repeat (too easy for the group);
- `all-wrong`: every model of the group wrong on every repeat (too hard, or a bad key);
- `disagreement`: the group's agreement — the share of its models giving its most common
  answer (repeat 0) — is below `below` (default 1: any disagreement);
- `low-discrimination`: the corrected item-total correlation over the group is below
  `below` (default 0), i.e. stronger models are not more often right on it; items where it
  is undefined (every model scored the same) are not judged by this rule.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from app.scoring.item_analysis_stats import analyze


class Predicate(StrEnum):
    ALL_CORRECT = "all-correct"
    ALL_WRONG = "all-wrong"
    DISAGREEMENT = "disagreement"
    LOW_DISCRIMINATION = "low-discrimination"


DEFAULT_BELOW = {Predicate.DISAGREEMENT: 1.0, Predicate.LOW_DISCRIMINATION: 0.0}


@dataclass(frozen=True)
class Rule:
    predicate: Predicate
    group: tuple[str, ...]
    below: float | None = None

    @property
    def limit(self) -> float:
        return self.below if self.below is not None else DEFAULT_BELOW.get(self.predicate, 0)

    def describe(self) -> str:
        who = ", ".join(self.group)
        if self.predicate is Predicate.ALL_CORRECT:
            return f"drop items every model of [{who}] answers correctly"
        if self.predicate is Predicate.ALL_WRONG:
            return f"drop items every model of [{who}] answers wrongly"
        if self.predicate is Predicate.DISAGREEMENT:
            return f"drop items on which the agreement of [{who}] is below {self.limit:g}"
        return f"drop items whose discrimination over [{who}] is below {self.limit:g}"


@dataclass(frozen=True)
class RuleOutcome:
    rule: Rule
    judged: int
    dropped: list[int]  # item ids


def _judged(rule: Rule, scores: Mapping[str, Mapping[int, float]]) -> list[int]:
    return sorted(set.intersection(*(set(scores[m]) for m in rule.group)))


def _drops(rule: Rule, items: Sequence[int], scores: Mapping[str, Mapping[int, float]],
           answers: Mapping[str, Mapping[int, str | None]]) -> list[int]:
    group = rule.group
    if rule.predicate is Predicate.ALL_CORRECT:
        return [i for i in items if all(scores[m][i] == 1.0 for m in group)]
    if rule.predicate is Predicate.ALL_WRONG:
        return [i for i in items if all(scores[m][i] == 0.0 for m in group)]
    if rule.predicate is Predicate.DISAGREEMENT:
        out = []
        for i in items:
            votes = Counter(answers.get(m, {}).get(i) for m in group)
            if votes.most_common(1)[0][1] / len(group) < rule.limit:
                out.append(i)
        return out
    stats = analyze({m: {i: scores[m][i] for i in items} for m in group}, answers)
    return [s.item_id for s in stats
            if s.discrimination is not None and s.discrimination < rule.limit]


def apply(rules: Sequence[Rule], scores: Mapping[str, Mapping[int, float]],
          answers: Mapping[str, Mapping[int, str | None]]) -> list[RuleOutcome]:
    """scores[model][item], answers[model][item]; what each rule judged and dropped."""
    out = []
    for rule in rules:
        if not rule.group:
            raise ValueError(f"{rule.predicate}: name the group's models")
        if rule.predicate is Predicate.LOW_DISCRIMINATION and len(rule.group) < 3:
            raise ValueError("low-discrimination needs a group of at least three models")
        items = _judged(rule, scores)
        out.append(RuleOutcome(rule, len(items), _drops(rule, items, scores, answers)))
    return out
