"""Where a benchmark's published files may already be on this machine: in a data folder
(POCKETEVAL_DATA_DIR) under known names, or inside an installed package."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class KnownFiles:
    """Glob patterns under a data folder."""

    patterns: tuple[str, ...]
    first_match_only: bool = False  # alternative files of one release: take the first found
    # a file the patterns find but this benchmark should not take (another version's)
    accepts: Callable[[Path], bool] | None = None


@dataclass(frozen=True)
class PackagedFiles:
    """Files inside an installed package."""

    package: str
    files: tuple[str, ...]
