"""What an audit run plans: the treatments its repeats apply to each item (app.audits)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Discriminator, Field, Tag

from app.records.run_enums import Stress
from app.scoring import ShortcutVariant


class OrderAuditPlan(BaseModel):
    kind: Literal["option-order"] = "option-order"
    permutations: int
    circular: bool
    seed: int


class ShortcutAuditPlan(BaseModel):
    kind: Literal["no-shortcut"] = "no-shortcut"
    variants: list[ShortcutVariant]
    tries: int
    threshold: float
    seed: int


class VisionAuditPlan(BaseModel):
    kind: Literal["vision-only"] = "vision-only"
    stress: list[Stress] = Field(default_factory=list)
    seed: int = 0


def audit_kind(value: Any) -> str:
    """The audit's kind; `option-order` where none is named (and in plans stored before
    there was a second kind)."""
    kind = value.get("kind") if isinstance(value, dict) else getattr(value, "kind", None)
    return str(kind or "option-order")


AuditPlan = Annotated[Annotated[OrderAuditPlan, Tag("option-order")]
                      | Annotated[ShortcutAuditPlan, Tag("no-shortcut")]
                      | Annotated[VisionAuditPlan, Tag("vision-only")],
                      Discriminator(audit_kind)]
