"""Aggregating verdicts into the reported metrics. Pure."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from app.scoring.stats import (
    accuracy_interval,
    mean,
    normalized_gain,
    sample_std,
    stderr_of_mean,
)
from app.scoring.verdicts import KeyedItem, Status, Verdict

DEFINITIONS = {
    "accuracy": "micro accuracy = correct / N over keyed items; with R repeats, the mean over "
    "items of each item's fraction of correct repeats (equal to pass@1)",
    "macro_accuracy": "mean over subjects of per-subject accuracy",
    "subjects.ci95": "the subject's accuracy interval, by the rule of ci95 over the "
    "subject's items",
    "random_baseline": "mean over items of 1/K, K = that item's number of options",
    "normalized_gain": "(accuracy - random_baseline) / (1 - random_baseline)",
    "stderr": "std (N-1) of per-item mean scores / sqrt(N); = sqrt(p(1-p)/(N-1)) for R = 1",
    "ci95": "one repeat: the 95% Wilson score interval for accuracy with n = N items; "
    "several repeats: the Wilson interval at the effective sample size p(1-p)/stderr^2 "
    "(stderr item-clustered, since repeats of one item are not independent; N items where "
    "there is no spread), so it stays within [0, 1] and is never a point (ci95.method says "
    "which)",
    "pass_at_1": "mean over repeats of per-repeat accuracy; per-repeat values and their std",
    "missing": "(item, repeat) pairs with no prediction; scored as wrong (with missing: "
    "exclude, left out of every denominator)",
    "unparsed": "responses from which no answer could be read; scored as wrong",
    "unscored": "predictions for items without an answer key; not in any denominator",
    "error": "samples whose scorer, check or grader raised: no verdict on the model, so not "
    "in any denominator (accuracy is over the samples judged; an item whose every repeat "
    "errored is left out); `first_error` holds the first one's message",
    "n_judged": "keyed items with at least one judged (not error) sample: the denominator "
    "of accuracy",
    "partial": "a set that failed (its scoring raised on more than 1% of its samples) or "
    "judged nothing has no headline: accuracy, its interval, pass@1 and the subjects' "
    "figures are null, and `partial` says what was scored",
}


@dataclass
class SubjectMetrics:
    subject: str
    n_items: int
    correct: int | None
    accuracy: float | None
    random_baseline: float | None
    ci95: tuple[float, float] | None = None  # Wilson over the subject's items


@dataclass
class Metrics:
    n_items: int
    n_keyed: int
    repeats: list[int]
    counts: dict[str, int]
    accuracy: float | None
    macro_accuracy: float | None
    stderr: float | None
    ci95: tuple[float, float] | None
    random_baseline: float | None
    normalized_gain: float | None
    pass_at_1: float | None
    per_repeat: list[float]
    per_repeat_std: float | None
    subjects: list[SubjectMetrics] = field(default_factory=list)
    definitions: dict[str, str] = field(default_factory=lambda: dict(DEFINITIONS))
    extra: dict[str, Any] = field(default_factory=dict)  # the scorer's own metrics
    ci95_method: str = "wilson"
    n_judged: int = 0
    first_error: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    def without_headline(self) -> Metrics:
        """The counts without the figures: what a failed set reports."""
        return replace(
            self, accuracy=None, macro_accuracy=None, stderr=None, ci95=None,
            normalized_gain=None, pass_at_1=None, per_repeat=[], per_repeat_std=None,
            subjects=[replace(s, correct=None, accuracy=None, ci95=None)
                      for s in self.subjects])


def aggregate(items: Sequence[KeyedItem], verdicts: Sequence[Verdict],
              repeats: Sequence[int], *, exclude_missing: bool = False) -> Metrics:
    """Metrics over the evaluation set `items` for the given repeat indices.

    `verdicts` must refer to items of the set; (item, repeat) pairs without one are missing:
    wrong, or with `exclude_missing` in no denominator.
    """
    repeat_list = sorted(set(repeats)) or [0]
    r = len(repeat_list)
    status_counts = Counter(v.status for v in verdicts)
    correct_per_item: Counter[int] = Counter()
    correct_per_repeat: Counter[int] = Counter()
    judged_per_item: Counter[int] = Counter()  # samples judged (not error)
    judged_per_repeat: Counter[int] = Counter()  # of keyed items
    errors_per_item: Counter[int] = Counter()
    errors_per_repeat: Counter[int] = Counter()  # of keyed items
    first_error = None
    keyed = [it for it in items if it.keyed]
    keyed_ids = {it.item_id for it in keyed}
    for v in verdicts:
        if v.status == "error":
            errors_per_item[v.item_id] += 1
            errors_per_repeat[v.repeat] += v.item_id in keyed_ids
            first_error = first_error or str((v.detail or {}).get("error", "error"))
            continue
        judged_per_item[v.item_id] += 1
        judged_per_repeat[v.repeat] += v.item_id in keyed_ids
        if v.status == "correct":
            correct_per_item[v.item_id] += 1
            correct_per_repeat[v.repeat] += 1
    counts = {
        Status.CORRECT: status_counts[Status.CORRECT],
        Status.WRONG: status_counts[Status.WRONG],
        Status.UNPARSED: status_counts[Status.UNPARSED],
        Status.UNSCORED: status_counts[Status.UNSCORED],
        Status.ERROR: status_counts[Status.ERROR],
        "missing": len(items) * r - len(verdicts),
        "predictions": len(verdicts),
    }
    empty = Metrics(n_items=len(items), n_keyed=len(keyed), repeats=repeat_list,
                    counts=counts, accuracy=None, macro_accuracy=None, stderr=None, ci95=None,
                    random_baseline=None, normalized_gain=None, pass_at_1=None, per_repeat=[],
                    per_repeat_std=None, first_error=first_error)
    # each item over its repeats in scope less those whose scoring raised
    if exclude_missing:
        judged = {it.item_id: judged_per_item[it.item_id] for it in keyed}
        per_repeat_n = {rep: judged_per_repeat[rep] for rep in repeat_list}
    else:
        judged = {it.item_id: r - errors_per_item[it.item_id] for it in keyed}
        per_repeat_n = {rep: len(keyed) - errors_per_repeat[rep] for rep in repeat_list}
    n_keyed = len(keyed)
    keyed = [it for it in keyed if judged[it.item_id] > 0]
    if not keyed:
        return empty

    item_scores = [correct_per_item[it.item_id] / judged[it.item_id] for it in keyed]
    accuracy = mean(item_scores)
    stderr = stderr_of_mean(item_scores)
    interval = accuracy_interval(item_scores, r)
    assert interval is not None  # there are items
    per_repeat = [correct_per_repeat[rep] / per_repeat_n[rep] if per_repeat_n[rep] else 0.0
                  for rep in repeat_list]
    is_mcq = all(it.n_choices for it in keyed)
    baseline = mean([1 / it.n_choices for it in keyed if it.n_choices]) if is_mcq else None

    by_subject: dict[str, list[KeyedItem]] = defaultdict(list)
    for it in keyed:
        by_subject[it.subject].append(it)
    subjects = []
    for name in sorted(by_subject):
        group = by_subject[name]
        scores = [correct_per_item[it.item_id] / judged[it.item_id] for it in group]
        ci = accuracy_interval(scores, r)
        subjects.append(SubjectMetrics(
            subject=name, n_items=len(group),
            correct=sum(correct_per_item[it.item_id] for it in group), accuracy=mean(scores),
            random_baseline=mean([1 / it.n_choices for it in group if it.n_choices])
            if is_mcq else None,
            ci95=None if ci is None else (ci.low, ci.high),
        ))
    return Metrics(
        n_items=len(items),
        n_keyed=n_keyed,
        n_judged=len(keyed),
        repeats=repeat_list,
        counts=counts,
        accuracy=accuracy,
        macro_accuracy=mean([s.accuracy for s in subjects if s.accuracy is not None]),
        stderr=stderr,
        ci95=(interval.low, interval.high),
        ci95_method=interval.method,
        random_baseline=baseline,
        normalized_gain=normalized_gain(accuracy, baseline) if baseline is not None else None,
        pass_at_1=mean(per_repeat),
        per_repeat=per_repeat,
        per_repeat_std=sample_std(per_repeat),
        subjects=subjects,
        first_error=first_error,
    )
