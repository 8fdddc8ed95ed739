"""Scorers by name: how a benchmark judges one prediction and what it adds to the metrics.

A catalog entry names its scorer; custom benchmarks use `choice` (mcq) or `text` (freeform).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from app.scoring.bfcl.judge import DEFINITIONS as BFCL_DEFINITIONS
from app.scoring.bfcl.judge import bfcl_summary, judge_bfcl
from app.scoring.gpqa import PERMUTATION_RULE, judge_gpqa
from app.scoring.ifbench import DEFINITIONS as IFBENCH_DEFINITIONS
from app.scoring.ifbench import ifbench_summary, judge_ifbench
from app.scoring.math_answers import judge_math
from app.scoring.metrics import Metrics, aggregate
from app.scoring.omniscience import DEFINITIONS as OMNISCIENCE_DEFINITIONS
from app.scoring.omniscience import judge_omniscience, omniscience_metrics
from app.scoring.predictions import Prediction, VerdictFn, judge_freeform, judge_mcq
from app.scoring.verdicts import KeyedItem, Verdict

Summary = Callable[[Sequence[KeyedItem], Sequence[Verdict], int], dict[str, Any]]


class Reads(StrEnum):
    """Which part of a model's reply the scorer judges."""

    RESPONSE = "response"
    TOOL_CALLS = "tool_calls"


@dataclass(frozen=True)
class Scorer:
    name: str
    judge: VerdictFn
    summarize: Summary | None = None
    definitions: dict[str, str] = field(default_factory=dict)
    # math-verify needs a main thread for its timeouts: score in a worker process
    isolated: bool = False
    reads: Reads = Reads.RESPONSE


def _math_summary(items: Sequence[KeyedItem], verdicts: Sequence[Verdict], repeats: int
                  ) -> dict[str, Any]:
    decided = Counter(str((v.detail or {}).get("decided_by")) for v in verdicts
                      if v.status in ("correct", "wrong"))
    return {"decided_by": dict(sorted(decided.items()))}


def _omniscience_summary(items: Sequence[KeyedItem], verdicts: Sequence[Verdict],
                         repeats: int) -> dict[str, Any]:
    return omniscience_metrics(len(items), repeats, verdicts)


SCORERS: dict[str, Scorer] = {
    s.name: s for s in (
        Scorer("choice", judge_mcq),
        Scorer("text", judge_freeform),
        Scorer("gpqa", judge_gpqa, definitions={"gpqa.permutation": PERMUTATION_RULE}),
        Scorer("math", judge_math, _math_summary, isolated=True, definitions={
            "math.extraction": "math_verify.parse of the whole response (after <think> "
            "blocks are removed) with the library's default extraction: boxed answers "
            "first, then final-answer expressions; nothing extracted => unparsed",
            "math.equivalence": "math_verify.verify(parse(gold), parse(answer)), gold first; "
            "decided_by records which check decided each item",
        }),
        Scorer("omniscience", judge_omniscience, _omniscience_summary,
               definitions=OMNISCIENCE_DEFINITIONS),
        # multi-turn replays run environment code on model-chosen arguments: isolate them
        Scorer("bfcl", judge_bfcl, bfcl_summary, isolated=True, definitions=BFCL_DEFINITIONS,
               reads=Reads.TOOL_CALLS),
        # checkers run regular expressions and NLTK over model text: bounded, in the worker
        Scorer("ifbench", judge_ifbench, ifbench_summary, isolated=True,
               definitions=IFBENCH_DEFINITIONS),
    )
}


def measure(scorer: Scorer, items: Sequence[KeyedItem], verdicts: Sequence[Verdict],
            repeats: Sequence[int]) -> Metrics:
    """The common metrics plus the scorer's own, each defined in `definitions`."""
    metrics = aggregate(items, verdicts, repeats)
    if scorer.summarize is not None:
        metrics.extra = scorer.summarize(items, verdicts, len(metrics.repeats))
    metrics.definitions.update(scorer.definitions)
    return metrics


def scorer_named(name: str) -> Scorer:
    return SCORERS[name]


def verdict_by_name(scorer: str, item: KeyedItem, prediction: Prediction) -> Verdict:
    """One verdict by scorer name: a module-level entry point the scoring worker can call."""
    return SCORERS[scorer].judge(item, prediction)
