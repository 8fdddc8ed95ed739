"""Every import layout by name, and picking one from a file name."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import PurePath

from app.items import bfcl_layout, mobile_set_layouts, parsers
from app.items.parsers import Parser
from app.items.records import ItemRecord, RowError

# Layouts whose files complete each other (questions + answers + docs) join them here.
Finisher = Callable[[list[ItemRecord], list[RowError]], list[ItemRecord]]

PARSERS: dict[str, Parser] = {
    "jsonl": parsers.parse_jsonl,
    "csv": parsers.parse_generic_csv,
    "parquet": parsers.parse_generic_parquet,
    "mmlu-csv": parsers.parse_mmlu_csv,
    "mmlu-hub-parquet": parsers.parse_mmlu_hub_parquet,
    "mmlu-pro-parquet": parsers.parse_mmlu_pro_parquet,
    "mobile-mmlu-csv": parsers.parse_mobile_mmlu_csv,
    "gpqa-csv": mobile_set_layouts.parse_gpqa_csv,
    "gpqa-zip": mobile_set_layouts.parse_gpqa_zip,
    "math500-jsonl": mobile_set_layouts.parse_math500_jsonl,
    "omniscience-csv": mobile_set_layouts.parse_omniscience_csv,
    "bfcl-jsonl": bfcl_layout.parse_bfcl_jsonl,
    "ifbench-jsonl": mobile_set_layouts.parse_ifbench_jsonl,
    "ifbench-parquet": mobile_set_layouts.parse_ifbench_parquet,
}
FINISHERS: dict[str, Finisher] = {"bfcl-jsonl": bfcl_layout.finish_bfcl}

_EXTENSIONS = {"jsonl": "jsonl", "ndjson": "jsonl", "json": "jsonl", "csv": "csv",
               "parquet": "parquet", "zip": "zip"}


def layout_for(filename: str, default_layouts: dict[str, str]) -> str | None:
    """Pick a layout from the file extension, preferring the benchmark's published layout."""
    ext = _EXTENSIONS.get(PurePath(filename).suffix.lower().lstrip("."))
    if ext is None:
        return None
    return default_layouts.get(ext, ext if ext in PARSERS else None)
