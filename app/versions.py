"""Installed versions of the packages PocketEval reports (doctor, reproducibility records)."""

from __future__ import annotations

from collections.abc import Iterable
from importlib import metadata


def installed_versions(names: Iterable[str]) -> dict[str, str | None]:
    """name -> installed version, None where the package is not installed."""
    found: dict[str, str | None] = {}
    for name in names:
        try:
            found[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            found[name] = None
    return found
