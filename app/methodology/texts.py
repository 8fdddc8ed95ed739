"""A methodology's texts are files under published/<methodology>/, read as they are."""

from __future__ import annotations

from importlib.resources import files


def published(methodology: str, name: str) -> str:
    return (files("app.methodology") / "published" / methodology / name).read_text(
        encoding="utf-8")
