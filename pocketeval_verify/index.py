"""The Mobile Intelligence Index a run's bundle reports (index.json), recomputed from its
results (results.json, itself checked against the samples) by the rules the index states:
each component's value and standard error by its metric's rule, the index the equal-weight
mean, se(index) = sqrt(sum se_i^2) / k, its interval index +- 1.96 se clipped to [0, 1]."""

from __future__ import annotations

import math
from typing import Any

from pocketeval_verify.figures import Compare, Z, wilson
from pocketeval_verify.report import Report

CATEGORIES = ("multiple", "multi_turn_base", "irrelevance")


def proportion_se(p: float, n: float) -> float:
    """The wider side of p's 95% Wilson interval over n, / 1.96; 0 with nothing counted."""
    if n <= 0:
        return 0.0
    low, high = wilson(p, n)
    return max(p - low, high - p) / Z


def _normal(value: float, se: float) -> tuple[float, float]:
    return max(0.0, value - Z * se), min(1.0, value + Z * se)


def component(metric: str, metrics: dict[str, Any]
              ) -> tuple[float | None, float | None, tuple[float, float] | None]:
    """(value, se, 95% interval) of the component a benchmark's figures give."""
    extra = metrics.get("extra") or {}
    repeats = max(len(metrics.get("repeats") or [0]), 1)
    if metric.startswith("extra.score"):  # the BFCL score
        value = extra.get("score")
        if value is None:
            return None, None, None
        sizes = {s["subject"]: s["n_items"] * repeats for s in metrics.get("subjects", [])}
        se = math.sqrt(sum(proportion_se(p, sizes.get(c, 0)) ** 2
                           for c, p in (extra.get("categories") or {}).items()
                           if p is not None)) / 3
        return value, se, _normal(value, se)
    if metric == "extra.component_score":  # AA-Omniscience
        value = extra.get("component_score")
        if value is None:
            return None, None, None
        n = metrics["n_items"] * repeats
        correct = extra["grades"]["CORRECT"]
        se = math.sqrt(proportion_se(extra["accuracy"], n) ** 2
                       + proportion_se(extra["hallucination_rate"], n - correct) ** 2) / 2
        return value, se, _normal(value, se)
    value, ci = metrics.get("accuracy"), metrics.get("ci95")
    if value is None or ci is None:
        return value, None, None
    interval = (ci["low"], ci["high"])
    stderr = metrics.get("stderr")
    se = stderr if stderr else max(value - interval[0], interval[1] - value) / Z
    return value, se, interval


def check_index(report: Report, reported: dict[str, Any], results: dict[str, Any],
                file: str = "index.json") -> None:
    values, errors = [], []
    for comp in reported["components"]:
        cmp = Compare(report, f"component {comp['component']}", file)
        metrics = results.get(comp["benchmark"])
        if metrics is None:
            report.add(file, f"component {comp['component']}", "benchmark",
                       comp["benchmark"], "not among the run's results")
            continue
        value, se, interval = component(comp["metric"], metrics)
        cmp.exact("value", comp["value"], value)
        cmp.close("stderr", comp["stderr"], se)
        ci = comp.get("ci95")
        cmp.close("ci95", None if ci is None else (ci["low"], ci["high"]), interval)
        values.append(value)
        errors.append(se)
    cmp = Compare(report, "index", file)
    k = len(reported["components"]) + len(reported["missing"])
    if reported["missing"] or any(v is None for v in values) or not k:
        cmp.exact("index", reported["index"], None)
        return
    index = math.fsum(v for v in values if v is not None) / k
    cmp.exact("index", reported["index"], index)
    se = None if any(e is None for e in errors) else \
        math.sqrt(math.fsum(e * e for e in errors if e is not None)) / k
    cmp.close("stderr", reported["stderr"], se)
    ci = reported.get("ci95")
    cmp.close("ci95", None if ci is None else (ci["low"], ci["high"]),
              None if se is None else _normal(index, se))


def check_bfcl(report: Report, name: str, extra: dict[str, Any],
               correct_by_subject: dict[str, int], pairs_by_subject: dict[str, int]) -> None:
    """BFCL's categories: correct samples over the category's (item, repeat) pairs in
    scope; its score the mean of the three, where all three were run."""
    cmp = Compare(report, f"{name}: extra")
    accuracy = {c: correct_by_subject.get(c, 0) / pairs_by_subject[c]
                if pairs_by_subject.get(c) else None for c in CATEGORIES}
    cmp.exact("categories", extra.get("categories"), accuracy)
    present = [a for a in accuracy.values() if a is not None]
    cmp.exact("score", extra.get("score"), sum(present) / 3 if len(present) == 3 else None)
