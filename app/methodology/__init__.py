"""Methodologies by name and version; the default is the published one a suite's
numbers are held against."""

from __future__ import annotations

from app.methodology.artificial_analysis import ARTIFICIAL_ANALYSIS_V3
from app.methodology.model import GradeReading, McqPrompt, Methodology, PublishedText, Variant
from app.methodology.pocketeval import POCKETEVAL_V1

__all__ = ["DEFAULT", "LEGACY", "METHODOLOGIES", "GradeReading", "McqPrompt", "Methodology",
           "PublishedText", "Variant", "by_label", "find"]

METHODOLOGIES: dict[tuple[str, str], Methodology] = {
    (m.name, m.version): m for m in (ARTIFICIAL_ANALYSIS_V3, POCKETEVAL_V1)}
DEFAULT = ARTIFICIAL_ANALYSIS_V3
LEGACY = POCKETEVAL_V1


def find(name: str, version: str | None = None) -> Methodology:
    """A methodology by name (the newest version registered when none is given)."""
    if version is not None:
        found = METHODOLOGIES.get((name, version))
    else:
        found = next((m for (n, _v), m in reversed(METHODOLOGIES.items()) if n == name), None)
    if found is None:
        known = ", ".join(m.label for m in METHODOLOGIES.values())
        raise KeyError(f"no methodology {name}{'@' + version if version else ''} (known: "
                       f"{known})")
    return found


def by_label(label: str) -> Methodology:
    """A methodology by its `name@version` label."""
    name, _, version = label.partition("@")
    return find(name, version or None)
