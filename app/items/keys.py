"""Items as scoring sees them: the answer key of each stored item."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.scoring import ChoicePayload, KeyedItem, TextPayload, normalize_text, read_payload
from app.server_pools import BoundedCache
from app.tables import Benchmark, Item


def keyed_item(item_id: int, external_id: str, subject: str, n_choices: int | None,
               payload: Mapping[str, Any]) -> KeyedItem:
    read = read_payload(payload)
    if n_choices:
        answers = frozenset(read.answers if isinstance(read, ChoicePayload) else ())
    elif isinstance(read, TextPayload) and read.references is not None:
        answers = frozenset(normalize_text(r) for r in read.references)
    else:  # tools / instructions: the payload itself is the key
        return KeyedItem(item_id, subject, None, frozenset(), external_id, payload, True)
    return KeyedItem(item_id, subject, n_choices, answers, external_id, payload)


def keyed(row: Item) -> KeyedItem:
    return keyed_item(row.id, row.external_id, row.subject, row.n_choices, row.payload)


# answer keys by (database, benchmark, items version, split): a score batch of 100
# predictions would otherwise read and decode every item of the benchmark
_KEYS: BoundedCache[tuple[str, int, datetime, str | None],
                    tuple[dict[int, KeyedItem], dict[str, int]]] = BoundedCache(1_000_000)


def load_keys(session: Session, bench: Benchmark, split: str | None
              ) -> tuple[dict[int, KeyedItem], dict[str, int]]:
    """Every item of the split by id, and external id -> id. Read-only: the result is
    shared until the benchmark's items change (its `updated_at`, as app.items.page_cache)."""
    key = (str(session.get_bind().engine.url), bench.id, bench.updated_at, split)
    cached = _KEYS.get(key)
    if cached is not None:
        return cached
    stmt = select(Item.id, Item.external_id, Item.subject, Item.n_choices, Item.payload).where(
        Item.benchmark_id == bench.id)
    if split is not None:
        stmt = stmt.where(Item.split == split)
    items: dict[int, KeyedItem] = {}
    external: dict[str, int] = {}
    for item_id, ext, subject, n_choices, payload in session.execute(stmt):
        items[item_id] = keyed_item(item_id, ext, subject, n_choices, payload)
        external[ext] = item_id
    _KEYS.put(key, (items, external), len(items) + 1)
    return items, external


def keyed_items(session: Session, ids: list[int]) -> list[KeyedItem]:
    """The items of `ids` (in chunks: some databases cap bound parameters)."""
    out = []
    for start in range(0, len(ids), 500):
        chunk = ids[start:start + 500]
        rows = session.execute(select(Item.id, Item.external_id, Item.subject, Item.n_choices,
                                      Item.payload).where(Item.id.in_(chunk)))
        out += [keyed_item(i, ext, subj, n, payload) for i, ext, subj, n, payload in rows]
    return out
