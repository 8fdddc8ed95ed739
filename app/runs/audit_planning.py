"""Planning an audit run: which items it can rearrange or strip, and the treatment of each
repeat. Refusals name the request field."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.benchmarks import Benchmark, loglikelihood_capable
from app.http import InvalidInput
from app.records import AuditPlan, OrderAuditPlan, ShortcutAuditPlan, Stress, VisionAuditPlan
from app.runs.audit_schemas import AuditIn, OptionOrderAuditIn, VisionAuditIn
from app.scoring import (
    ChoicePayload,
    ShortcutVariant,
    option_order_stats,
    read_payload,
    shortcut_stats,
)
from app.tables import Item


def vision_treatments(stress: list[Stress]) -> list[str]:
    """text, vision, then vision+<stress> for each stress variant: one repeat each."""
    return ["text", "vision", *(f"vision+{s}" for s in dict.fromkeys(stress))]


@dataclass(frozen=True)
class AuditedItems:
    item_ids: list[int]
    treatments: list[str]  # one per repeat
    n_options: int | None  # option-order audits arrange this many options


def audit_plan(audit: AuditIn) -> AuditPlan:
    if isinstance(audit, VisionAuditIn):
        return VisionAuditPlan(stress=list(dict.fromkeys(audit.stress)), seed=audit.seed)
    if isinstance(audit, OptionOrderAuditIn):
        return OrderAuditPlan(permutations=audit.permutations, circular=audit.circular,
                              seed=audit.seed)
    return ShortcutAuditPlan(variants=audit.variants, tries=audit.tries,
                             threshold=audit.threshold, seed=audit.seed)


def audited_items(session: Session, audit: AuditIn, benchmark: Benchmark, ids: list[int],
                  field: str) -> AuditedItems:
    spec = benchmark.spec
    if isinstance(audit, VisionAuditIn):
        if spec.kind not in ("mcq", "freeform"):
            raise InvalidInput(f"{spec.name} is not single-turn text: no vision-only audit",
                               field=field)
        return AuditedItems(sorted(ids), vision_treatments(audit.stress), None)
    if not loglikelihood_capable(benchmark):  # prompts that shuffle options by themselves
        raise InvalidInput(f"{spec.name} is not plain multiple choice: no {audit.kind} audit",
                           field=field)
    rows = session.execute(select(Item.id, Item.n_choices, Item.payload)
                           .where(Item.id.in_(ids))).all()
    keyed = [(i, n, read) for i, n, payload in rows
             if n and isinstance(read := read_payload(payload), ChoicePayload) and read.answers]
    if not keyed:
        raise InvalidInput(f"a {audit.kind} audit needs keyed multiple-choice items",
                           field=field)
    if isinstance(audit, OptionOrderAuditIn):
        # K options are arranged: the items with the benchmark's most common K (others are
        # left out, and the plan says so by their absence)
        k = Counter(n for _i, n, _p in keyed).most_common(1)[0][0]
        return AuditedItems(sorted(i for i, n, _p in keyed if n == k),
                            option_order_stats.arrangements(k, audit.permutations, audit.circular),
                            k)
    if ShortcutVariant.TEXT_ONLY in audit.variants:
        without = sum(1 for _i, _n, read in keyed if not read.images)
        if without:
            raise InvalidInput(f"text-only removes images, and {without} of the "
                               f"{len(keyed)} items have none: audit items with images "
                               "(or leave text-only out)", field="audit.variants")
    return AuditedItems(sorted(i for i, _n, _p in keyed),
                        shortcut_stats.treatments(audit.variants, audit.tries), None)
