"""The ordinary metrics roles: accuracy read as the index component, with or without a
summary of the benchmark's own."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from app.benchmarks.roles import Summary
from app.scoring import Component, KeyedItem, Scope, Verdict, reading_summary, run_stderr


@dataclass(frozen=True)
class Extraction:
    """How the methodology read the chosen letters (patterns that decided, strict
    disagreements)."""

    reading: dict[str, Any]

    def as_json(self) -> dict[str, Any]:
        return {"extraction": self.reading}


@dataclass(frozen=True)
class AccuracyMetrics:
    """No summary of its own; the index component reads the run's accuracy."""

    index_metric: str = "accuracy"  # what its index component is said to read

    def summarize(self, items: Sequence[KeyedItem], verdicts: Sequence[Verdict],
                  scope: Scope) -> Summary | None:
        return None

    def component(self, name: str, metrics: Mapping[str, Any]) -> Component | None:
        value, stderr, ci = metrics.get("accuracy"), metrics.get("stderr"), metrics.get("ci95")
        if value is None or ci is None:
            return Component(name, value, stderr, self.index_metric,
                             reason=None if value is not None else "nothing was scored")
        interval = (ci["low"], ci["high"])
        return Component(name, value, run_stderr(value, stderr, interval), self.index_metric,
                         interval, method=ci.get("method", "wilson"))

    @property
    def stderr_rule(self) -> str:
        return ("the run's stderr of per-item scores (item-clustered with repeats); where it "
                "is 0 (accuracy at 0 or 1), its 95% interval's wider side / 1.96; the "
                "interval is the run's")


@dataclass(frozen=True)
class ChoiceMetrics(AccuracyMetrics):
    """Accuracy, and how the letters were read where responses were read."""

    def summarize(self, items: Sequence[KeyedItem], verdicts: Sequence[Verdict],
                  scope: Scope) -> Summary | None:
        reading = reading_summary([v.detail for v in verdicts], [v.answer for v in verdicts],
                                  [(v.item_id, v.repeat) for v in verdicts])
        return Extraction(reading) if reading else None
