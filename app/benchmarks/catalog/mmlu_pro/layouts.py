"""MMLU-Pro's published layout: TIGER-Lab's Parquet files."""

from __future__ import annotations

from pathlib import PurePath

from app.benchmarks.data_files import Layout
from app.item_files import PARQUET_SPLIT, ItemRecord, RowContext, build_record, parquet_rows


def parse_mmlu_pro_parquet(data: bytes, ctx: RowContext, encoding: str) -> list[ItemRecord]:
    """TIGER-Lab MMLU-Pro: question_id, question, options (3-10), answer, answer_index,
    cot_content, category, src; the split comes from `test-00000-of-00001.parquet`."""
    match = PARQUET_SPLIT.match(PurePath(ctx.file).name)
    split = ctx.split or (match["split"] if match else "test")
    required = ["question_id", "question", "options", "answer", "category"]
    records = []
    for number, row in enumerate(parquet_rows(data, ctx, required), start=1):
        meta = {k: row[k] for k in ("src", "cot_content", "answer_index") if row.get(k) not in
                (None, "")}
        raw = {"id": row["question_id"], "question": row["question"], "choices": row["options"],
               "answer": row["answer"], "subject": row["category"], "split": split}
        rec = build_record(ctx, number, raw, default_id="", meta=meta)
        if rec is not None:
            records.append(rec)
    return records


LAYOUTS = (Layout("mmlu-pro-parquet", parse_mmlu_pro_parquet),)
