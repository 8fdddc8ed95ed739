"""What a GGUF run records of its topology's choice: how the host probe measured each
candidate, and the kind of choice and of KV cache the run ran with. The choice itself is
app.inference.topology.choice's."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from pydantic import BaseModel, Field, computed_field

# other work on a quarter of the CPUs' time or more: the probe measured a busy moment
DISTURBED = 0.25


class ChosenBy(StrEnum):
    PROBE = "probe"  # measured on this host (cached per host and model file)
    ASKED = "asked"  # every figure set by the run
    FIXED = "fixed"  # POCKETEVAL_GGUF_TOPOLOGY=fixed: one worker, the configured sequences
    # measured on the run's own first items (a loglikelihood run that found no probe of its
    # host and model file), then cached as the probe for later runs
    RUN = "run"


class ProbeKind(StrEnum):
    """What a probe measures: what the run's kind needs and no more. A loglikelihood run
    only evaluates prompts, so its probe times prompt evaluation alone (half the time)."""

    GENERATION = "generation"  # prompt evaluation and decoding
    LOGLIKELIHOOD = "loglikelihood"  # prompt evaluation


class KvMode(StrEnum):
    """Each sequence holds cells for a whole window (no sequence is ever set back), or the
    sequences share one window's cells and the last admitted is set back when it is full."""

    PER_SEQUENCE = "per-sequence"
    SHARED = "shared"


class ProbeFigure(BaseModel):
    """One candidate's measured speed, summed over its workers running at once."""

    workers: int
    threads: int
    sequences: int
    prefill_tok_s: float = Field(description="Prompt tokens evaluated per second")
    decode_tok_s: float | None = Field(
        default=None, description="Tokens decoded per second over all sequences; None in "
        "a loglikelihood probe, which does not decode")


class Probe(BaseModel):
    host: str
    model: str
    kind: ProbeKind = ProbeKind.GENERATION
    seconds: float
    figures: list[ProbeFigure]
    taken_at: datetime | None = None
    other_load: float | None = Field(
        default=None, description="Share of the usable CPUs' time (0 to 1) spent on other "
        f"work while the probe measured; from {DISTURBED} on, the figures are measured again "
        "later. None where the host does not say (not Linux)")

    @computed_field  # type: ignore[prop-decorator]
    @property
    def disturbed(self) -> bool:
        """Whether other work took DISTURBED of the CPUs' time or more while it measured."""
        return self.other_load is not None and self.other_load >= DISTURBED
