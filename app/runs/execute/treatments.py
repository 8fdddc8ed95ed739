"""Audit runs show each item treated: its options rearranged (option-order audits) or a part
of it removed and its options shuffled (no-shortcut audits). The prompt shows the treated
item, its key is the letter the (first) correct option moved to, and the sample records how."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import JsonValue

from app.benchmarks.prompt_builders import PromptItem
from app.items.keys import keyed_item
from app.models import Item
from app.runs.plan import AuditPlan, Json, OrderAuditPlan
from app.scoring import option_order, shortcut
from app.scoring.choices import LETTERS
from app.scoring.verdicts import KeyedItem


def _reordered(row: Item, payload: Mapping[str, Any], order: list[int]
               ) -> tuple[PromptItem, KeyedItem, str]:
    letters = list(payload.get("answers") or [])
    choices = list(payload["choices"])
    moved = [LETTERS[order.index(LETTERS.index(x))] for x in letters]
    shown = {**payload, "choices": [choices[i] for i in order], "answers": moved}
    return (PromptItem(row.external_id, row.subject, shown, row.meta),
            keyed_item(row.id, row.external_id, row.subject, row.n_choices, shown), moved[0])


def treated(row: Item, audit: AuditPlan, treatment: str, n_options: int | None
            ) -> tuple[PromptItem, KeyedItem, Json]:
    key = LETTERS.index((row.payload.get("answers") or [])[0])
    if isinstance(audit, OrderAuditPlan):
        assert n_options is not None
        order = option_order.order_for(treatment, n_options, key, row.external_id, audit.seed)
        prompt, item, key_letter = _reordered(row, row.payload, order)
        return prompt, item, {"arrangement": treatment, "order": list[JsonValue](order),
                              "key_letter": key_letter}
    variant, attempt = shortcut.parse_treatment(treatment)
    order = option_order.seeded_order(len(row.payload["choices"]), row.external_id,
                                      audit.seed, f"no-shortcut:{treatment}")
    prompt, item, key_letter = _reordered(row, shortcut.variant_payload(variant, row.payload),
                                          order)
    return prompt, item, {"variant": str(variant), "try": attempt, "order": list[JsonValue](order),
                          "key_letter": key_letter}
