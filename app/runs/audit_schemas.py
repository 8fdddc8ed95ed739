"""Request bodies of the audits a run may carry (`audit` of a run request)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Discriminator, Field, Tag, field_validator

from app.http import RequestModel
from app.records import Stress, audit_kind
from app.scoring import ShortcutVariant


class OptionOrderAuditIn(RequestModel):
    """Run every item under several arrangements of its options (one repeat each): the
    original order, the key at each letter, `permutations` seeded random orders, and with
    `circular` every rotation (CircularEval). The report is GET /runs/{id}/audits/option-order."""

    kind: Literal["option-order"] = "option-order"
    permutations: int = Field(default=3, ge=0, le=20)
    circular: bool = False
    seed: int = Field(default=0, ge=0, le=2**32 - 1)


class ShortcutAuditIn(RequestModel):
    """Can items be answered without the part that should be needed? Each variant
    (`options-only`: stem removed; `stem-only`: options blanked; `text-only`: images
    removed) is tried `tries` times per item with the options shuffled per try (seeded,
    recorded); an item is flagged when right in more than `threshold` of its tries
    (MMMU-Pro: 0.6 of 5). The report is GET /runs/{id}/audits/no-shortcut."""

    kind: Literal["no-shortcut"]
    variants: list[ShortcutVariant] = Field(
        default_factory=lambda: [ShortcutVariant.OPTIONS_ONLY, ShortcutVariant.STEM_ONLY],
        min_length=1, max_length=3)
    tries: int = Field(default=5, ge=1, le=20)
    threshold: float = Field(default=0.6, ge=0, lt=1)
    seed: int = Field(default=0, ge=0, le=2**32 - 1)

    @field_validator("variants")
    @classmethod
    def _distinct(cls, value: list[ShortcutVariant]) -> list[ShortcutVariant]:
        if len(set(value)) != len(value):
            raise ValueError("name each variant once")
        return value


class VisionAuditIn(RequestModel):
    """Each item twice (two repeats): as text, and with its whole prompt rendered into an
    image sent alone (MMMU-Pro's vision-only setting, a seeded random look per item and
    repeat); each `stress` variant (low-resolution, occlusion, tilt, busy-background) adds
    a rendered repeat. Needs an endpoint model that reads images. The report is
    GET /runs/{id}/audits/vision-only."""

    kind: Literal["vision-only"]
    stress: list[Stress] = Field(default_factory=list, max_length=4)
    seed: int = Field(default=0, ge=0, le=2**32 - 1)


AuditIn = Annotated[Annotated[OptionOrderAuditIn, Tag("option-order")]
                    | Annotated[ShortcutAuditIn, Tag("no-shortcut")]
                    | Annotated[VisionAuditIn, Tag("vision-only")],
                    Discriminator(audit_kind)]
