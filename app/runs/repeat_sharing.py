"""Which repeats of a greedy GGUF run share one generation (RepeatsGenerated.ONCE), which
items are generated again to show what sharing could hide, and the deviation in words.

At temperature 0 a prompt's generation is the same computation each time; what could still
differ is batched llama.cpp's arithmetic across batch shapes, which is why a sample of
prompts is generated again in other batch positions (app.runs.execute.shared_generations)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from app.benchmarks import BenchmarkSpec
from app.methodology import Methodology
from app.records import GGUFPlan, RepeatsGenerated, SampleStyle
from app.scoring import seeded_shuffle

REGENERATED_SHARE = 0.05  # of a benchmark's items (at least one) generated again


@dataclass(frozen=True)
class SharedRepeats:
    regenerated: list[int]  # item ids
    deviation: str


def shared_repeats(gguf: GGUFPlan | None, spec: BenchmarkSpec, style: SampleStyle,
                   repeats: int, item_ids: list[int], seed: int, methodology: Methodology,
                   audited: bool) -> SharedRepeats | None:
    """None where every repeat is generated: endpoints (a remote model's determinism is not
    ours to assume), sampling, audits and benchmarks whose repeats are different prompts."""
    if (gguf is None or gguf.repeats_generated is RepeatsGenerated.ALL
            or gguf.temperature != 0 or audited or style is not SampleStyle.CHAT
            or repeats < 2 or spec.prompt_varies_by_repeat):
        return None
    count = min(len(item_ids), max(1, math.ceil(len(item_ids) * REGENERATED_SHARE)))
    regenerated = sorted(seeded_shuffle(item_ids, f"regenerated:{seed}:{spec.name}")[:count])
    method_runs = methodology.repeats.get(spec.name)
    against = f"where {methodology.label} runs {method_runs}" if method_runs == repeats \
        else f"for its {repeats} repeats"
    return SharedRepeats(regenerated, (
        f"{spec.name}: 1 generation a prompt at temperature 0 {against}, its verdict "
        "counted for each repeat; a sample of prompts is generated again in other batch "
        "positions to show what that could change (`repeats_generated: all` generates "
        "every repeat)"))
