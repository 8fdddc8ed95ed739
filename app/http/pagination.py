"""Keyset pagination by row id: opaque cursors, pages that stay stable under inserts."""

from __future__ import annotations

import base64
from typing import Any

from sqlalchemy import Select
from sqlalchemy.orm import InstrumentedAttribute, Session

from app.db import MAX_ROW_ID
from app.errors import InvalidInput


def encode_cursor(last_id: int) -> str:
    return base64.urlsafe_b64encode(f"id:{last_id}".encode()).decode().rstrip("=")


def decode_cursor(cursor: str) -> int:
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode()
        prefix, value = raw.split(":", 1)
        if prefix != "id" or not 0 <= int(value) <= MAX_ROW_ID:
            raise ValueError(prefix)
        return int(value)
    except (ValueError, UnicodeDecodeError) as exc:
        raise InvalidInput("cursor is not one this server issued", field="cursor") from exc


def keyset_page(session: Session, stmt: Select[*tuple[Any, ...]],
                key: InstrumentedAttribute[int], cursor: str | None, limit: int, *,
                newest_first: bool = False,
                whole_rows: bool = False) -> tuple[list[Any], bool]:
    """Up to `limit` results after the cursor in `key` order, and whether more follow;
    whole_rows for statements that select several entities or columns."""
    if cursor is not None:
        after = decode_cursor(cursor)
        stmt = stmt.where(key < after if newest_first else key > after)
    stmt = stmt.order_by(key.desc() if newest_first else key).limit(limit + 1)
    rows = list(session.execute(stmt).all() if whole_rows else session.scalars(stmt))
    return rows[:limit], len(rows) > limit


def next_cursor(more: bool, last_id: int | None) -> str | None:
    return encode_cursor(last_id) if more and last_id is not None else None
