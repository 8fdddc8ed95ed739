"""Import layouts: the generic ones every benchmark accepts where its spec lists them, and
each benchmark's own published layouts (on its object), and picking one from a file name."""

from __future__ import annotations

from pathlib import PurePath

from app.benchmarks import Benchmark, Layout
from app.item_files import parsers

GENERIC: dict[str, Layout] = {
    "jsonl": Layout("jsonl", parsers.parse_jsonl),
    "csv": Layout("csv", parsers.parse_generic_csv),
    "parquet": Layout("parquet", parsers.parse_generic_parquet),
}

_EXTENSIONS = {"jsonl": "jsonl", "ndjson": "jsonl", "json": "jsonl", "csv": "csv",
               "parquet": "parquet", "zip": "zip"}


def layouts_of(benchmark: Benchmark) -> dict[str, Layout]:
    """The layouts a benchmark accepts, by name, in the order its spec lists them."""
    known = {**GENERIC, **{layout.name: layout for layout in benchmark.source.layouts}}
    return {name: known[name] for name in benchmark.spec.layouts if name in known}


def all_layout_names() -> list[str]:
    from app.benchmarks import benchmarks

    return sorted({*GENERIC, *(layout.name for b in benchmarks().values()
                               for layout in b.source.layouts)})


def layout_for(filename: str, default_layouts: dict[str, str]) -> str | None:
    """Pick a layout from the file extension, preferring the benchmark's published layout
    (a benchmark may name layouts for extensions of its own)."""
    suffix = PurePath(filename).suffix.lower().lstrip(".")
    ext = _EXTENSIONS.get(suffix, suffix)
    return default_layouts.get(ext, ext if ext in GENERIC else None)
