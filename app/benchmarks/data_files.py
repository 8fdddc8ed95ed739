"""A benchmark's source: the layouts its published files come in, where they may already be
on this machine (in a data folder, POCKETEVAL_DATA_DIR, under known names, or inside an
installed package), and what its scorer needs prepared here."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from app.benchmarks.preparation import Preparation
from app.item_files import ItemRecord, Parser, RowError

# Layouts whose files complete each other (questions + answers + docs) join them here.
Finisher = Callable[[list[ItemRecord], list[RowError]], list[ItemRecord]]


@dataclass(frozen=True)
class Layout:
    """An import layout: a file format a benchmark's data is published in."""

    name: str
    parse: Parser
    finish: Finisher | None = None


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


@dataclass(frozen=True)
class Source:
    """Where a benchmark's items come from: the layouts its files are imported in, the
    files found at start-up, in a data folder or an installed package, and what its scorer
    needs assembled on this machine (several sources may name one preparation)."""

    layouts: Sequence[Layout] = ()
    known_files: KnownFiles | None = None
    packaged_files: PackagedFiles | None = None
    preparation: Preparation | None = None
