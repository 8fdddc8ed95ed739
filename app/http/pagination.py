"""Keyset pagination by row id: a page's cursor is the last row id it holds, pages stay stable
under inserts. The document states the cursor's form, so any cursor it allows is served."""

from __future__ import annotations

import re
from typing import Annotated, Any

from fastapi import Query
from sqlalchemy import Select, false
from sqlalchemy.orm import InstrumentedAttribute, Session

from app.http.errors import InvalidInput
from app.http.request_model import INTEGER_MAX

CURSOR_PATTERN = r"^[0-9]{1,18}$"  # under 10^18; one past every row id is kept from SQL
CursorQuery = Annotated[str | None, Query(
    pattern=CURSOR_PATTERN, description="`next_cursor` of the page before; the first page "
    "without it")]


def encode_cursor(last_id: int) -> str:
    return str(last_id)


def decode_cursor(cursor: str) -> int:
    if not re.fullmatch(CURSOR_PATTERN, cursor):
        raise InvalidInput("cursor must be the next_cursor of a page", field="cursor")
    return int(cursor)


def keyset_page(session: Session, stmt: Select[*tuple[Any, ...]],
                key: InstrumentedAttribute[int], cursor: str | None, limit: int, *,
                newest_first: bool = False,
                whole_rows: bool = False) -> tuple[list[Any], bool]:
    """Up to `limit` results after the cursor in `key` order, and whether more follow;
    whole_rows for statements that select several entities or columns."""
    if cursor is not None:
        after = decode_cursor(cursor)
        if after <= INTEGER_MAX:
            stmt = stmt.where(key < after if newest_first else key > after)
        elif not newest_first:  # past every id the column holds: none after it, all before
            stmt = stmt.where(false())
    stmt = stmt.order_by(key.desc() if newest_first else key).limit(limit + 1)
    rows = list(session.execute(stmt).all() if whole_rows else session.scalars(stmt))
    return rows[:limit], len(rows) > limit


def next_cursor(more: bool, last_id: int | None) -> str | None:
    return encode_cursor(last_id) if more and last_id is not None else None
