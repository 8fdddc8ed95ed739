"""MMLU's published layouts: the per-subject CSVs and the Hub's Parquet files."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import PurePath

from app.benchmarks.data_files import Layout
from app.item_files import (
    PARQUET_SPLIT,
    ItemRecord,
    RowContext,
    build_record,
    csv_rows,
    parquet_rows,
    text_or_error,
)

FILENAME = re.compile(r"^(?P<subject>.+)_(?P<split>dev|test|val)\.csv$")


def parse_mmlu_csv(data: bytes, ctx: RowContext, encoding: str) -> list[ItemRecord]:
    """Hendrycks MMLU: `question,A,B,C,D,answer`, with or without a header, letter or index
    answers; subject and split come from `<subject>_<split>.csv` unless given."""
    match = FILENAME.match(PurePath(ctx.file).name)
    subject = ctx.subject or (match["subject"] if match else None)
    if subject is None:
        ctx.error(0, "filename", "cannot tell the subject: name the file <subject>_<split>.csv "
                  "or pass `subject`")
        return []
    split = ctx.split or (match["split"] if match else "test")
    text = text_or_error(data, ctx, encoding)
    if text is None:
        return []
    records = []
    index = 0
    for line, row in csv_rows(text, ctx):
        if line == 1 and row[0].strip().lower() == "question":
            continue
        if len(row) != 6:
            ctx.error(line, "columns", f"expected 6 columns (question, 4 choices, answer), "
                      f"found {len(row)}")
            index += 1
            continue
        raw = {"question": row[0], "choices": row[1:5], "answer": row[5],
               "subject": subject, "split": split}
        rec = build_record(ctx, line, raw, default_id=f"{subject}/{split}/{index}")
        index += 1
        if rec is not None:
            records.append(rec)
    return records


def parse_mmlu_hub_parquet(data: bytes, ctx: RowContext, encoding: str) -> list[ItemRecord]:
    """MMLU as the Hub publishes it (`cais/mmlu`, e.g. `all/test-00000-of-00001.parquet`):
    question, subject, choices (4), answer (index 0-3). Ids are `<subject>/<split>/<n>`, n
    counting within the subject, as from the per-subject CSVs: the same item has the same id
    whichever file it came from."""
    match = PARQUET_SPLIT.match(PurePath(ctx.file).name)
    split = ctx.split or (match["split"] if match else "test")
    records = []
    seen: Counter[str] = Counter()
    for number, row in enumerate(parquet_rows(data, ctx, ["question", "subject", "choices",
                                                           "answer"]), start=1):
        subject = ctx.subject or str(row["subject"])
        index = seen[subject]
        seen[subject] += 1
        raw = {"question": row["question"], "choices": row["choices"], "answer": row["answer"],
               "subject": subject, "split": split}
        rec = build_record(ctx, number, raw, default_id=f"{subject}/{split}/{index}")
        if rec is not None:
            records.append(rec)
    return records


LAYOUTS = (Layout("mmlu-csv", parse_mmlu_csv), Layout("mmlu-hub-parquet", parse_mmlu_hub_parquet))
