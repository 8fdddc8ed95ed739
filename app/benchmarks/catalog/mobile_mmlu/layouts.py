"""Mobile-MMLU's published layout: one CSV per field (Mobile-MMLU-Pro: one CSV)."""

from __future__ import annotations

from pathlib import PurePath

from app.benchmarks.data_files import Layout
from app.item_files import ItemRecord, RowContext, build_record, choices_from, csv_with_header


def parse_mobile_mmlu_csv(data: bytes, ctx: RowContext, encoding: str) -> list[ItemRecord]:
    """Mobile-MMLU: `question_id,Question,A,B,C,D[,Field][,Answer]`; the field falls back to the
    file name (the published set has one CSV per field)."""
    parsed = csv_with_header(data, ctx, encoding,
                              lambda _cols: ["question_id", "question", "a", "b", "c", "d"])
    if parsed is None:
        return []
    cols, rows = parsed
    default_subject = ctx.subject or PurePath(ctx.file).stem
    records = []
    for line, row in rows:
        cells = {name: row[i] for name, i in cols.items() if i < len(row)}
        qid = cells.get("question_id", "")
        raw = {
            "id": qid,
            "question": cells.get("question"),
            "choices": choices_from(row, cols),
            "answer": cells.get("answer"),
            "subject": cells.get("field") or default_subject,
            "split": ctx.split or "test",
        }
        if not qid.strip():
            ctx.error(line, "question_id", "question_id is empty")
            continue
        rec = build_record(ctx, line, raw, default_id="")
        if rec is not None:
            records.append(rec)
    return records


LAYOUTS = (Layout("mobile-mmlu-csv", parse_mobile_mmlu_csv),)
