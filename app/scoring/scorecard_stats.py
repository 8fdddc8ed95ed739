"""A model's multi-dimensional scorecard (after MMMU-Pro section 3.2). Pure.

Components, each on 0-1 (higher is better), from the model's finished runs and audits:
- modality_fusion = 1 - mean |accuracy(vision) - accuracy(text)| over its vision-only
  audits (the unstressed rendering);
- distractor_robustness = 1 - mean of its accuracy losses to distractors: |spread| (worst -
  best arrangement) of each option-order audit, and max(0, original - expanded accuracy)
  of each option-expanded version it ran beside the original;
- reasoning_depth = (r + 1) / 2, r the Pearson (point-biserial) correlation over its
  generated samples between response length (completion + reasoning tokens) and the score;
- response_speed = mean over its runs of time-limited accuracy / accuracy (the share of its
  right answers that came within the runs' time limit, 60 s by default);
- first_token_speed = mean over its generated runs that recorded time to first token
  (streamed endpoints, GGUF) of the share of the run's score earned by samples whose first
  token came within `ttft_limit_s` (1 s by default): accuracy counted only where the
  model started answering in time.
score = sum(w_i * value_i) / sum(w_i) over the components with data; a component without
data is named and left out, the weights renormalised over the rest. A score resting on
fewer than MIN_COMPONENTS components is not given (a model measured on one would outrank
one measured on four): the components and their values still are.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from app.scoring.item_analysis_stats import pearson

DEFAULT_WEIGHTS = {"modality_fusion": 0.4, "distractor_robustness": 0.3,
                   "reasoning_depth": 0.2, "response_speed": 0.05, "first_token_speed": 0.05}
DEFAULT_TTFT_LIMIT_S = 1.0
MIN_COMPONENTS = 3


def _mean(values: Sequence[float]) -> float | None:
    return math.fsum(values) / len(values) if values else None


def modality_fusion(gaps: Sequence[float]) -> float | None:
    m = _mean([abs(g) for g in gaps])
    return None if m is None else 1 - m


def distractor_robustness(spreads: Sequence[float], drops: Sequence[float]) -> float | None:
    m = _mean([abs(s) for s in spreads] + [max(0.0, d) for d in drops])
    return None if m is None else 1 - m


def reasoning_depth(lengths: Sequence[float], scores: Sequence[float]) -> float | None:
    r = pearson(lengths, scores) if len(lengths) >= 3 else None
    return None if r is None else (r + 1) / 2


def response_speed(accuracy_pairs: Sequence[tuple[float, float]]) -> float | None:
    """(accuracy, time-limited accuracy) per run; runs with no right answer say nothing."""
    return _mean([timed / acc for acc, timed in accuracy_pairs if acc > 0])


def first_token_share(samples: Sequence[tuple[float, float]], limit_ms: float) -> float | None:
    """(ttft_ms, score) of one run's samples: the share of its score earned in time."""
    total = math.fsum(score for _t, score in samples)
    if total <= 0:
        return None
    return math.fsum(score for ttft, score in samples if ttft <= limit_ms) / total


def first_token_speed(shares: Sequence[float | None]) -> float | None:
    return _mean([s for s in shares if s is not None])


@dataclass(frozen=True)
class Combined:
    value: float | None  # None where fewer than `minimum` components have data
    weights: dict[str, float]  # renormalised, over the components with data
    missing: list[str]
    used: int  # components with data and weight


def combine(values: Mapping[str, float | None], weights: Mapping[str, float],
            minimum: int = MIN_COMPONENTS) -> Combined:
    present = {k: w for k, w in weights.items() if w > 0 and values.get(k) is not None}
    missing = [k for k in weights if values.get(k) is None]
    total = math.fsum(present.values())
    if not present or total == 0:
        return Combined(None, {}, missing, 0)
    normal = {k: w / total for k, w in present.items()}
    if len(present) < minimum:
        return Combined(None, normal, missing, len(present))
    value = math.fsum(normal[k] * float(values[k] or 0.0) for k in normal)
    return Combined(value, normal, missing, len(present))
