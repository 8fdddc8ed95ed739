"""Parsers for the published layouts. Each turns one file into ItemRecords or RowErrors."""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable, Iterator
from typing import Any

from app.item_files.decoding import DecodeFailure, decode_text
from app.item_files.records import ItemRecord, RowContext, build_record
from app.scoring import LETTERS

Parser = Callable[[bytes, RowContext, str], list[ItemRecord]]

PARQUET_SPLIT = re.compile(r"^(?P<split>[a-z]+)-\d+-of-\d+\.parquet$")


def text_or_error(data: bytes, ctx: RowContext, encoding: str) -> str | None:
    try:
        return decode_text(data, encoding)
    except DecodeFailure as exc:
        ctx.error(exc.line, "encoding", exc.message)
        return None


def csv_rows(text: str, ctx: RowContext) -> Iterator[tuple[int, list[str]]]:
    """(first physical line of the record, cells) for every non-empty record. A record the
    csv module cannot read (a cell over its field limit, a stray quote) is logged on `ctx`
    and ends the file."""
    reader = csv.reader(io.StringIO(text, newline=""))
    start = 1
    while True:
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            ctx.error(start, "csv", f"unreadable CSV record: {exc}")
            return
        if row and any(cell.strip() for cell in row):
            yield start, row
        start = reader.line_num + 1


def jsonl_objects(data: bytes, ctx: RowContext, encoding: str
                  ) -> list[tuple[int, dict[str, Any]]]:
    """(line number, object) for every non-blank line; bad lines are logged on `ctx`."""
    text = text_or_error(data, ctx, encoding)
    if text is None:
        return []
    out = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            raw = json.loads(line)
        except json.JSONDecodeError as exc:
            ctx.error(number, "json", f"invalid JSON: {exc.msg} at column {exc.colno}")
            continue
        except RecursionError:
            ctx.error(number, "json", "the JSON is nested too deep")
            continue
        if not isinstance(raw, dict):
            ctx.error(number, "json", "each line must be a JSON object")
            continue
        out.append((number, raw))
    return out


def parse_jsonl(data: bytes, ctx: RowContext, encoding: str) -> list[ItemRecord]:
    records = []
    for number, raw in jsonl_objects(data, ctx, encoding):
        rec = build_record(ctx, number, raw, default_id=f"{ctx.split or 'test'}:{number}")
        if rec is not None:
            records.append(rec)
    return records


def _header_index(header: list[str]) -> dict[str, int]:
    return {name.strip().lower(): i for i, name in enumerate(header)}


def csv_with_header(data: bytes, ctx: RowContext, encoding: str,
                     required: Callable[[dict[str, int]], list[str]]
                     ) -> tuple[dict[str, int], Iterator[tuple[int, list[str]]]] | None:
    """(column index by lower-cased name, remaining rows), or None after logging why not."""
    text = text_or_error(data, ctx, encoding)
    if text is None:
        return None
    rows = csv_rows(text, ctx)
    first = next(rows, None)
    if first is None:
        ctx.error(1, "file", "the file has no rows")
        return None
    cols = _header_index(first[1])
    missing = [c for c in required(cols) if c not in cols]
    if missing:
        ctx.error(1, missing[0], f"missing column(s): {', '.join(missing)}")
        return None
    return cols, rows


def choices_from(row: list[str], cols: dict[str, int]) -> list[str]:
    out = []
    for letter in LETTERS:
        i = cols.get(letter.lower())
        if i is None or i >= len(row):
            break
        out.append(row[i])
    while out and not out[-1].strip():
        out.pop()
    return out


def parse_generic_csv(data: bytes, ctx: RowContext, encoding: str) -> list[ItemRecord]:
    """Header row with question, A..J (or a JSON `choices` cell), answer, and optional
    id, subject, split columns."""
    parsed = csv_with_header(data, ctx, encoding, lambda cols: ["question"] + (
        ["a", "b"] if ctx.kind == "mcq" and "choices" not in cols else []))
    if parsed is None:
        return []
    cols, rows = parsed
    records = []
    for line, row in rows:
        raw: dict[str, Any] = {k: row[i] for k, i in cols.items() if i < len(row)}
        if ctx.kind == "mcq":
            if "choices" in cols:
                try:
                    raw["choices"] = json.loads(raw.get("choices", ""))
                except (json.JSONDecodeError, RecursionError):
                    ctx.error(line, "choices", "choices must be a JSON list of strings")
                    continue
            else:
                raw["choices"] = choices_from(row, cols)
        rec = build_record(ctx, line, raw, default_id=f"{ctx.split or 'test'}:{line}")
        if rec is not None:
            records.append(rec)
    return records


MAX_PARQUET_ROWS = 500_000  # the largest published split seen is 12,032 rows
MAX_PARQUET_BYTES = 512 * 1024 * 1024


def parquet_rows(data: bytes, ctx: RowContext, required: list[str]) -> list[dict[str, Any]]:
    """Every row as a dict, after the size checks; a missing column is logged on `ctx`."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    try:
        meta = pq.ParquetFile(io.BytesIO(data)).metadata
        # a few KB of Parquet can declare millions of rows: refuse before decompressing
        decoded = sum(meta.row_group(i).total_byte_size for i in range(meta.num_row_groups))
        if meta.num_rows > MAX_PARQUET_ROWS or decoded > MAX_PARQUET_BYTES:
            ctx.error(0, "file", f"the Parquet file declares {meta.num_rows} rows and "
                      f"{decoded} uncompressed bytes (limits {MAX_PARQUET_ROWS} rows, "
                      f"{MAX_PARQUET_BYTES} bytes)")
            return []
        table = pq.read_table(io.BytesIO(data))
    except (pa.ArrowInvalid, OSError) as exc:
        ctx.error(0, "file", f"not a readable Parquet file: {exc}")
        return []
    missing = [c for c in required if c not in table.column_names]
    if missing:
        ctx.error(0, missing[0], f"missing column(s): {', '.join(missing)}")
        return []
    rows: list[dict[str, Any]] = table.to_pylist()
    return rows


def parse_generic_parquet(data: bytes, ctx: RowContext, encoding: str) -> list[ItemRecord]:
    """Columns as in the generic JSONL layout (choices as a list column)."""
    required = ["question"] + (["choices"] if ctx.kind == "mcq" else [])
    records = []
    for number, raw in enumerate(parquet_rows(data, ctx, required), start=1):
        rec = build_record(ctx, number, raw, default_id=f"{ctx.split or 'test'}:{number}")
        if rec is not None:
            records.append(rec)
    return records


