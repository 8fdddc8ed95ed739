"""Audit runs show each item treated: its options rearranged (option-order audits) or a part
of it removed and its options shuffled (no-shortcut audits). The prompt shows the treated
item, its key is the letter the (first) correct option moved to, and the sample records how."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import JsonValue

from app.benchmarks import PromptItem
from app.items import keyed_item, render_prompt
from app.records import AuditPlan, Json, OrderAuditPlan, Stress, VisionAuditPlan
from app.scoring import LETTERS, KeyedItem, choice_payload, option_order_stats, shortcut_stats
from app.tables import Item


def _reordered(row: Item, payload: Mapping[str, Any], order: list[int]
               ) -> tuple[PromptItem, KeyedItem, str]:
    read = choice_payload(payload)
    choices = list(read.choices)
    moved = [LETTERS[order.index(LETTERS.index(x))] for x in read.answers]
    shown = {**payload, "choices": [choices[i] for i in order], "answers": moved}
    return (PromptItem(row.external_id, row.subject, shown, row.meta),
            keyed_item(row.id, row.external_id, row.subject, row.n_choices, shown), moved[0])


@dataclass(frozen=True)
class VisionTreatment:
    """Send the prompt as one image, rendered with this seed and these stress variants."""

    seed: int
    stress: list[Stress]


def vision_of(audit: AuditPlan, treatment: str) -> VisionTreatment | None:
    if not isinstance(audit, VisionAuditPlan) or not treatment.startswith("vision"):
        return None
    _vision, _, stress = treatment.partition("+")
    return VisionTreatment(audit.seed, [Stress(stress)] if stress else [])


def treated(row: Item, audit: AuditPlan, treatment: str, n_options: int | None
            ) -> tuple[PromptItem, KeyedItem, Json]:
    if isinstance(audit, VisionAuditPlan):  # the item as stored; how it is sent differs
        return (PromptItem(row.external_id, row.subject, row.payload, row.meta),
                keyed_item(row.id, row.external_id, row.subject, row.n_choices, row.payload),
                {"treatment": treatment})
    read = choice_payload(row.payload)
    key = LETTERS.index(read.answers[0])
    if isinstance(audit, OrderAuditPlan):
        assert n_options is not None
        order = option_order_stats.order_for(treatment, n_options, key, row.external_id, audit.seed)
        prompt, item, key_letter = _reordered(row, row.payload, order)
        return prompt, item, {"arrangement": treatment, "order": list[JsonValue](order),
                              "key_letter": key_letter}
    variant, attempt = shortcut_stats.parse_treatment(treatment)
    order = option_order_stats.seeded_order(len(read.choices), row.external_id,
                                            audit.seed, f"no-shortcut:{treatment}")
    prompt, item, key_letter = _reordered(
        row, shortcut_stats.variant_payload(variant, row.payload), order)
    return prompt, item, {"variant": str(variant), "try": attempt, "order": list[JsonValue](order),
                          "key_letter": key_letter}


def as_image(messages: list[dict[str, Any]], vision: VisionTreatment, external_id: str,
             repeat: int) -> tuple[list[dict[str, Any]], Json]:
    """The messages' text rendered into one image, sent as the only content of one user
    message; the look it got, for the sample."""
    text = "\n\n".join(str(m["content"]) for m in messages if isinstance(m.get("content"), str))
    image, look = render_prompt(text, vision.seed, external_id, repeat, vision.stress)
    part = {"type": "image_url",
            "image_url": {"url": f"data:{image['media_type']};base64,{image['data']}"}}
    return [{"role": "user", "content": [part]}], look.record()
