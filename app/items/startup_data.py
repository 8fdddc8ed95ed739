"""Data a fresh server can load by itself: benchmark files shipped inside installed packages,
and known published files under POCKETEVAL_DATA_DIR, where each benchmark says (its
`source`: packaged_files and known_files).

A benchmark is loaded only while it has no items, so restarts change nothing and a user's
own import is never overwritten.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from app.benchmarks import KnownFiles, PackagedFiles, benchmark_of, benchmarks, get_benchmark
from app.http import AppError
from app.items.importer import ImportOptions, Upload, parse_uploads
from app.items.service import store_items
from app.tables import Item

log = logging.getLogger("pocketeval.data")


def packaged(entry: PackagedFiles) -> list[Upload] | None:
    """The files as uploads; None when the package (or a file) is not installed."""
    try:
        root = resources.files(entry.package)
        return [Upload(name.rsplit("/", 1)[-1], root.joinpath(name).read_bytes())
                for name in entry.files]
    except (ModuleNotFoundError, FileNotFoundError):
        return None


def _found(data_dir: Path, known: KnownFiles) -> Iterator[Path]:
    for pattern in known.patterns:
        found = [p for p in sorted(data_dir.glob(pattern))
                 if p.is_file() and (known.accepts is None or known.accepts(p))]
        yield from found
        if found and known.first_match_only:
            return


def _is_empty(session: Session, benchmark: str) -> bool:
    bench = get_benchmark(session, benchmark)
    return not session.scalar(select(func.count()).select_from(Item)
                              .where(Item.benchmark_id == bench.id))


def _load(session: Session, benchmark: str, uploads: list[Upload], max_errors: int) -> int:
    bench = get_benchmark(session, benchmark)
    try:
        with session.begin_nested():
            parsed = parse_uploads(benchmark_of(bench), uploads, ImportOptions())
            report = store_items(session, bench, parsed, "reject", max_errors)
    except AppError as exc:
        log.warning("could not load %s at start-up: %s", benchmark, exc.detail)
        return 0
    log.info("loaded %d %s items", report.inserted, benchmark)
    return report.inserted


def load_startup_data(session: Session, data_dir: Path | None, bundled: bool,
                      max_errors: int) -> dict[str, int]:
    """Items inserted per benchmark."""
    loaded: dict[str, int] = {}
    registered = benchmarks()
    if data_dir is not None and data_dir.is_dir():
        for name, b in registered.items():
            paths = list(_found(data_dir, b.source.known_files)) if b.source.known_files else []
            if paths and _is_empty(session, name):
                uploads = [Upload(p.name, p.read_bytes()) for p in paths]
                loaded[name] = _load(session, name, uploads, max_errors)
    for name, b in registered.items() if bundled else ():
        if b.source.packaged_files is None or not _is_empty(session, name):
            continue
        shipped = packaged(b.source.packaged_files)
        if shipped is not None:
            loaded[name] = _load(session, name, shipped, max_errors)
    return loaded
