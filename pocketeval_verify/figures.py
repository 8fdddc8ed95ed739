"""Every reported figure of a benchmark recomputed from the bundle's verdicts.

Means of scores are taken as their definitions say, in IEEE doubles with a correctly
rounded sum (math.fsum) and compared exactly; figures derived from them (standard errors,
intervals, gains) are compared to 12 significant digits, as two correct programs agree.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from scipy.stats import norm

from pocketeval_verify.report import Report

Z = float(norm.ppf(0.975))
DERIVED_REL = 1e-12


@dataclass(frozen=True)
class Judged:
    item_id: int
    repeat: int
    verdict: str
    latency_ms: float | None
    grade: str | None = None  # a graded benchmark's grade, read again
    truncated: bool = False  # cut by the output cap before it ended


def _mean(values: Sequence[float]) -> float:
    return math.fsum(values) / len(values)


def _std(values: Sequence[float]) -> float | None:
    return float(np.std(np.asarray(values, dtype=float), ddof=1)) if len(values) > 1 else None


def wilson(p: float, n: float) -> tuple[float, float]:
    """Wilson's score interval, as Wilson (1927) wrote it, clipped to [0, 1]."""
    centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z / (1 + Z * Z / n) * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def interval(scores: Sequence[float], repeats: int) -> tuple[float, float]:
    """One repeat: Wilson over the items. Several: Wilson at the effective sample size
    p(1-p)/se^2 of the item-clustered standard error, within [items, answers]."""
    p = _mean(scores)
    n = len(scores)
    if repeats <= 1:
        return wilson(p, n)
    std = _std(scores)
    se = None if std is None else std / math.sqrt(n)
    if se is None or not 0 < p < 1:
        effective = float(n)
    elif se <= 0:
        effective = float(n * repeats)
    else:
        effective = min(p * (1 - p) / (se * se), float(n * repeats))
    return wilson(p, effective)


class Compare:
    """Reported against recomputed, each mismatch kept with its place."""

    def __init__(self, report: Report, where: str, file: str = "results.json") -> None:
        self.report, self.where, self.file = report, where, file
        self.counted = "figures" if file == "results.json" else "paired figures"

    def exact(self, name: str, reported: Any, recomputed: Any) -> None:
        self.report.count(self.counted)
        if reported != recomputed:
            self.report.add(self.file, self.where, name, reported, recomputed)

    def close(self, name: str, reported: Any, recomputed: Any) -> None:
        self.report.count(self.counted)
        if reported is None or recomputed is None:
            if reported is not recomputed:
                self.report.add(self.file, self.where, name, reported, recomputed)
            return
        pairs = zip(reported, recomputed, strict=True) if isinstance(recomputed, tuple) \
            else [(reported, recomputed)]
        if isinstance(recomputed, tuple) and len(reported) != len(recomputed):
            self.report.add(self.file, self.where, name, reported, recomputed)
            return
        if not all(math.isclose(a, b, rel_tol=DERIVED_REL, abs_tol=1e-15) for a, b in pairs):
            self.report.add(self.file, self.where, name, reported, list(recomputed)
                            if isinstance(recomputed, tuple) else recomputed)


    def close_widths(self, name: str, reported: Any, recomputed: tuple[float, float] | None,
                     center: float, roots: bool) -> None:
        """An interval about `center`; where its half-widths are square roots (`roots`:
        Newcombe's) and the radicand is near 0, a rounding of 1e-17 in it moves a bound by
        3e-9, so the squared half-widths are compared, to 1e-14."""
        if reported is None or recomputed is None or not roots:
            self.close(name, reported, recomputed)
            return
        self.report.count(self.counted)
        squares = [((center - low) ** 2, (high - center) ** 2)
                   for low, high in (reported, recomputed)]
        if not all(math.isclose(a, b, rel_tol=DERIVED_REL, abs_tol=1e-14)
                   for a, b in zip(*squares, strict=True)):
            self.report.add(self.file, self.where, name, reported, list(recomputed))


def check_benchmark(report: Report, name: str, reported: dict[str, Any],
                    items: list[dict[str, Any]], judged: list[Judged], repeats: int,
                    exclude_missing: bool, limit_s: float | None) -> None:
    """The headline figures, the subjects' and the time-limited score of one benchmark."""
    cmp = Compare(report, name)
    counts: defaultdict[str, int] = defaultdict(int)
    for j in judged:
        counts[j.verdict] += 1
    got = reported.get("counts", {})
    for verdict in ("correct", "wrong", "unparsed", "unscored", "error"):
        cmp.exact(f"counts.{verdict}", got.get(verdict), counts[verdict])
    cmp.exact("counts.predictions", got.get("predictions"), len(judged))
    cmp.exact("counts.truncated", got.get("truncated", 0), sum(j.truncated for j in judged))
    cmp.exact("counts.missing", got.get("missing"), len(items) * repeats - len(judged))
    cmp.exact("n_items", reported.get("n_items"), len(items))
    figures = _figures(items, judged, repeats, exclude_missing)
    keyed = [it for it in items if it["key"] is None or it["key"]]
    cmp.exact("n_keyed", reported.get("n_keyed"), len(keyed))
    if reported.get("partial") is not None and reported.get("accuracy") is None:
        return  # a failed set has counts, no figures
    cmp.exact("n_judged", reported.get("n_judged"), figures["n_judged"])
    for field in ("accuracy", "macro_accuracy", "random_baseline"):
        cmp.exact(field, reported.get(field), figures[field])
    cmp.close("stderr", reported.get("stderr"), figures["stderr"])
    ci = reported.get("ci95")
    cmp.close("ci95", None if ci is None else (ci["low"], ci["high"]), figures["ci95"])
    cmp.close("normalized_gain", reported.get("normalized_gain"), figures["normalized_gain"])
    p1 = reported.get("pass_at_1") or {}
    cmp.exact("pass_at_1.value", p1.get("value"), figures["pass_at_1"])
    cmp.exact("pass_at_1.per_repeat", p1.get("per_repeat"), figures["per_repeat"])
    cmp.close("pass_at_1.std", p1.get("std"), figures["per_repeat_std"])
    subjects = {s["subject"]: s for s in reported.get("subjects", [])}
    cmp.exact("subjects", sorted(subjects), sorted(figures["subjects"]))
    for subject, mine in figures["subjects"].items():
        theirs = subjects.get(subject, {})
        sub = Compare(report, f"{name}: subject {subject}")
        for field in ("n_items", "correct", "accuracy", "random_baseline"):
            sub.exact(field, theirs.get(field), mine[field])
        ci = theirs.get("ci95")
        sub.close("ci95", None if ci is None else (ci["low"], ci["high"]), mine["ci95"])
    timed = reported.get("time_limited")
    if timed is not None and limit_s is not None:
        slow = {(j.item_id, j.repeat) for j in judged
                if j.latency_ms is not None and j.latency_ms > limit_s * 1000}
        late = [Judged(j.item_id, j.repeat, "wrong", j.latency_ms)
                if (j.item_id, j.repeat) in slow and j.verdict != "error" else j for j in judged]
        limited = _figures(items, late, repeats, exclude_missing)
        cmp.exact("time_limited.over_limit", timed.get("over_limit"), len(slow))
        cmp.exact("time_limited.accuracy", timed.get("accuracy"), limited["accuracy"])
        cmp.exact("time_limited.pass_at_1.value", (timed.get("pass_at_1") or {}).get("value"),
                  limited["pass_at_1"])


def _figures(items: list[dict[str, Any]], judged: list[Judged], repeats: int,
             exclude_missing: bool) -> dict[str, Any]:
    """Accuracy over the keyed items with a judged sample: each item's share of correct
    samples among its repeats in scope (all repeats, less those whose scoring raised; with
    missing excluded, the judged ones)."""
    keyed = [it for it in items if it["key"] is None or it["key"]]
    keyed_ids = {it["item_id"] for it in keyed}
    right: defaultdict[int, int] = defaultdict(int)  # by item, then by repeat
    judged_n: defaultdict[int, int] = defaultdict(int)
    errors: defaultdict[int, int] = defaultdict(int)
    right_rep: defaultdict[int, int] = defaultdict(int)
    judged_rep: defaultdict[int, int] = defaultdict(int)
    errors_rep: defaultdict[int, int] = defaultdict(int)
    for j in judged:
        if j.verdict == "error":
            errors[j.item_id] += 1
            errors_rep[j.repeat] += j.item_id in keyed_ids
            continue
        judged_n[j.item_id] += 1
        judged_rep[j.repeat] += j.item_id in keyed_ids
        if j.verdict == "correct":
            right[j.item_id] += 1
            right_rep[j.repeat] += 1
    if exclude_missing:
        scope = {i: judged_n[i] for i in keyed_ids}
        per_rep = {r: judged_rep[r] for r in range(repeats)}
    else:
        scope = {i: repeats - errors[i] for i in keyed_ids}
        per_rep = {r: len(keyed) - errors_rep[r] for r in range(repeats)}
    scored = [it for it in keyed if scope[it["item_id"]] > 0]
    out: dict[str, Any] = {"n_judged": len(scored)}
    if not scored:
        return {**out, "accuracy": None, "macro_accuracy": None, "random_baseline": None,
                "stderr": None, "ci95": None, "normalized_gain": None, "pass_at_1": None,
                "per_repeat": [], "per_repeat_std": None, "subjects": {}}
    scores = [right[it["item_id"]] / scope[it["item_id"]] for it in scored]
    accuracy = _mean(scores)
    std = _std(scores)
    mcq = all(it["n_choices"] for it in scored)
    baseline = _mean([1 / it["n_choices"] for it in scored]) if mcq else None
    per_repeat = [right_rep[r] / per_rep[r] if per_rep[r] else 0.0 for r in range(repeats)]
    by_subject: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for it in scored:
        by_subject[it["subject"]].append(it)
    subjects: dict[str, dict[str, Any]] = {}
    for subject, group in by_subject.items():
        sub_scores = [right[it["item_id"]] / scope[it["item_id"]] for it in group]
        subjects[subject] = {
            "n_items": len(group), "correct": sum(right[it["item_id"]] for it in group),
            "accuracy": _mean(sub_scores), "ci95": interval(sub_scores, repeats),
            "random_baseline": _mean([1 / it["n_choices"] for it in group]) if mcq else None}
    return {**out, "accuracy": accuracy, "stderr": None if std is None else
            std / math.sqrt(len(scores)), "ci95": interval(scores, repeats),
            "macro_accuracy": _mean([subjects[s]["accuracy"] for s in sorted(subjects)]),
            "random_baseline": baseline,
            "normalized_gain": None if baseline is None else
            (accuracy - baseline) / (1 - baseline),
            "pass_at_1": _mean(per_repeat), "per_repeat": per_repeat,
            "per_repeat_std": _std(per_repeat), "subjects": subjects}


def check_grades(report: Report, name: str, extra: dict[str, Any], judged: list[Judged],
                 pairs: int) -> None:
    """A graded benchmark's own figures over the (item, repeat) pairs in scope, a pair
    without a grade not attempted: accuracy = CORRECT/N, hallucination rate =
    INCORRECT/(N - CORRECT), component score = mean(accuracy, 1 - hallucination rate),
    Omniscience Index = 100 (CORRECT - INCORRECT)/N, and the same with PARTIAL counted as
    INCORRECT."""
    cmp = Compare(report, f"{name}: extra")
    if pairs == 0:
        return
    correct = sum(1 for j in judged if j.grade == "CORRECT")
    incorrect = sum(1 for j in judged if j.grade == "INCORRECT")
    partial = sum(1 for j in judged if j.grade == "PARTIAL")
    others = pairs - correct
    hallucination = incorrect / others if others else 0.0
    cmp.exact("grades", extra.get("grades"), {
        "CORRECT": correct, "PARTIAL": partial, "INCORRECT": incorrect,
        "NOT_ATTEMPTED": pairs - correct - incorrect - partial})
    cmp.exact("accuracy", extra.get("accuracy"), correct / pairs)
    cmp.exact("hallucination_rate", extra.get("hallucination_rate"), hallucination)
    cmp.close("non_hallucination_rate", extra.get("non_hallucination_rate"), 1 - hallucination)
    cmp.close("component_score", extra.get("component_score"),
              (correct / pairs + 1 - hallucination) / 2)
    cmp.close("index", extra.get("index"), 100 * (correct - incorrect) / pairs)
    as_incorrect = extra.get("partial_as_incorrect") or {}
    cmp.close("partial_as_incorrect.hallucination_rate", as_incorrect.get("hallucination_rate"),
              (incorrect + partial) / others if others else 0.0)
    cmp.close("partial_as_incorrect.index", as_incorrect.get("index"),
              100 * (correct - incorrect - partial) / pairs)
