"""Reading benchmark files into item records, with nothing of the database or the web: an
upload's bytes to text (decoding), the shared parsers of the published layouts (parsers),
one row to a validated item record or row errors (records) and the images a row carries
(images). The benchmarks' layouts and the items' import both build on it."""

from __future__ import annotations

from app.item_files import parsers
from app.item_files.decoding import check_encoding
from app.item_files.parsers import (
    PARQUET_SPLIT,
    Parser,
    choices_from,
    csv_rows,
    csv_with_header,
    jsonl_objects,
    parquet_rows,
    text_or_error,
)
from app.item_files.records import ItemRecord, RowContext, RowError, build_record

__all__ = ["ItemRecord", "PARQUET_SPLIT", "Parser", "RowContext", "RowError", "build_record",
           "check_encoding", "choices_from", "csv_rows", "csv_with_header", "jsonl_objects",
           "parquet_rows", "parsers", "text_or_error"]
