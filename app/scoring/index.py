"""The Mobile Intelligence Index: the equal-weight mean of five component scores. Pure.

Components and the metric each takes from its run (all on a 0-1 scale):
  bfcl            BFCL v4 score: mean of the multiple, multi_turn_base, irrelevance accuracies
  ifbench         IFBench prompt-level loose accuracy
  aa_omniscience  AA-Omniscience component score: mean(accuracy, 1 - hallucination rate)
  gpqa_diamond    GPQA Diamond accuracy (pass@1 over repeats)
  math_500        MATH-500 accuracy (pass@1 over repeats)
The index is defined only when all five are present; missing components are named.
Uncertainty: each component's standard error as below, the index's = sqrt(sum se_i^2) / 5,
95% intervals = value +- 1.96 se, clipped to [0, 1].
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from app.scoring.stats import Z95

COMPONENTS = ("bfcl", "ifbench", "aa_omniscience", "gpqa_diamond", "math_500")
FORMULA = ("index = (bfcl + ifbench + aa_omniscience + gpqa_diamond + math_500) / 5, each "
           "on 0-1; se(index) = sqrt(sum se_i^2) / 5; ci95 = index +- 1.96 se")
STDERR_RULES = {
    "bfcl": "sqrt(sum over the 3 categories of p(1-p)/n) / 3, n = items x repeats",
    "ifbench": "the run's stderr of per-item scores",
    "aa_omniscience": "sqrt(a(1-a)/N + h(1-h)/(N-C)) / 2, a = accuracy, h = hallucination "
    "rate, N = questions x repeats, C = correct",
    "gpqa_diamond": "the run's stderr of per-item scores",
    "math_500": "the run's stderr of per-item scores",
}


@dataclass(frozen=True)
class Component:
    name: str
    value: float | None
    stderr: float | None
    metric: str

    @property
    def ci95(self) -> tuple[float, float] | None:
        return normal_interval(self.value, self.stderr)


def normal_interval(value: float | None, stderr: float | None) -> tuple[float, float] | None:
    if value is None or stderr is None:
        return None
    return max(0.0, value - Z95 * stderr), min(1.0, value + Z95 * stderr)


def _binomial_se(p: float, n: float) -> float:
    return math.sqrt(p * (1 - p) / n) if n > 0 else 0.0


def component_from_metrics(name: str, metrics: Mapping[str, Any]) -> Component:
    """Component `name`'s value and standard error from a run's stored metrics (a
    benchmark's spec names the component it gives)."""
    extra: Mapping[str, Any] = metrics.get("extra") or {}
    repeats = max(len(metrics.get("repeats") or [0]), 1)
    if name == "bfcl":
        score = extra.get("score")
        categories: Mapping[str, float | None] = extra.get("categories") or {}
        sizes = {s["subject"]: s["n_items"] * repeats for s in metrics.get("subjects", [])}
        se = None
        if score is not None:
            se = math.sqrt(sum(_binomial_se(p, sizes.get(c, 0)) ** 2
                               for c, p in categories.items() if p is not None)) / 3
        return Component(name, score, se, "extra.score (BFCL score)")
    if name == "aa_omniscience":
        value = extra.get("component_score")
        se = None
        if value is not None:
            n = metrics["n_items"] * repeats
            correct = extra["grades"]["CORRECT"]
            a, h = extra["accuracy"], extra["hallucination_rate"]
            se = math.sqrt(_binomial_se(a, n) ** 2 + _binomial_se(h, n - correct) ** 2) / 2
        return Component(name, value, se, "extra.component_score")
    return Component(name, metrics.get("accuracy"), metrics.get("stderr"),
                     "accuracy (prompt-level loose)" if name == "ifbench" else "accuracy")


@dataclass(frozen=True)
class IndexResult:
    value: float | None
    stderr: float | None
    missing: list[str]

    @property
    def ci95(self) -> tuple[float, float] | None:
        return normal_interval(self.value, self.stderr)


def mobile_index(components: Mapping[str, Component]) -> IndexResult:
    missing = [c for c in COMPONENTS if components.get(c) is None
               or components[c].value is None]
    if missing:
        return IndexResult(None, None, missing)
    values = [components[c].value for c in COMPONENTS]
    errors = [components[c].stderr for c in COMPONENTS]
    value = math.fsum(v for v in values if v is not None) / len(COMPONENTS)
    stderr = None if any(e is None for e in errors) else \
        math.sqrt(math.fsum(e * e for e in errors if e is not None)) / len(COMPONENTS)
    return IndexResult(value, stderr, [])
