"""MATH-500's published layout: PRM800K's JSONL."""

from __future__ import annotations

from app.benchmarks.data_files import Layout
from app.item_files import ItemRecord, RowContext, build_record, jsonl_objects


def parse_math500_jsonl(data: bytes, ctx: RowContext, encoding: str) -> list[ItemRecord]:
    """PRM800K / MATH-500: problem, solution, answer, subject, level, unique_id."""
    records = []
    for line, row in jsonl_objects(data, ctx, encoding):
        missing = [k for k in ("problem", "answer", "unique_id") if k not in row]
        if missing:
            ctx.error(line, missing[0], f"missing field(s): {', '.join(missing)}")
            continue
        meta = {k: row[k] for k in ("solution", "level") if row.get(k) is not None}
        raw = {"id": row["unique_id"], "question": row["problem"], "answer": row["answer"],
               "subject": row.get("subject"), "split": ctx.split or "test"}
        rec = build_record(ctx, line, raw, default_id="", meta=meta)
        if rec is not None:
            records.append(rec)
    return records


LAYOUTS = (Layout("math500-jsonl", parse_math500_jsonl),)
