"""Comma-separated query parameters (model names, benchmark names, weights)."""

from __future__ import annotations


def comma_list(text: str | None) -> list[str]:
    return [part.strip() for part in (text or "").split(",") if part.strip()]
