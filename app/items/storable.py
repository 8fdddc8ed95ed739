"""What an item may hold so that every page that shows it can be served: UTF-8 text (no
lone surrogates, which JSON escapes can smuggle in) and values nested at most MAX_DEPTH
deep. Checked at import, so a bad row is refused with its file, line and field instead of
being stored and breaking each later read that includes it."""

from __future__ import annotations

from typing import Any

from app.item_files import ItemRecord, RowError

MAX_DEPTH = 32


def _problem(value: Any, depth: int = 0) -> str | None:
    if depth > MAX_DEPTH:
        return f"nested more than {MAX_DEPTH} levels deep"
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return "contains a lone surrogate (not valid UTF-8 text)"
        return None
    if isinstance(value, dict):
        items = [*value.keys(), *value.values()]
    elif isinstance(value, list | tuple):
        items = list(value)
    else:
        return None
    for item in items:
        problem = _problem(item, depth + 1)
        if problem is not None:
            return problem
    return None


def storable_errors(records: list[ItemRecord]) -> list[RowError]:
    errors = []
    for rec in records:
        for name, value in (("id", rec.external_id), ("split", rec.split),
                            ("subject", rec.subject), ("payload", rec.payload),
                            ("metadata", rec.meta)):
            problem = _problem(value)
            if problem is not None:
                errors.append(RowError(rec.file, rec.line, name, f"{name} {problem}"))
    return errors
