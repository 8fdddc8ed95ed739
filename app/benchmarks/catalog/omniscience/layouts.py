"""AA-Omniscience-Public's published layout: one CSV."""

from __future__ import annotations

from app.benchmarks.data_files import Layout
from app.item_files import ItemRecord, RowContext, build_record, csv_with_header


def parse_omniscience_csv(data: bytes, ctx: RowContext, encoding: str) -> list[ItemRecord]:
    """AA-Omniscience-Public: question, answer, domain, topic (+ subtopic, an id column when
    present; otherwise the row number names the item)."""
    parsed = csv_with_header(data, ctx, encoding,
                              lambda _cols: ["question", "answer", "domain", "topic"])
    if parsed is None:
        return []
    cols, rows = parsed
    id_col = next((c for c in ("id", "question_id", "qid") if c in cols), None)
    records = []
    for index, (line, row) in enumerate(rows, start=1):
        cells = {name: row[i] for name, i in cols.items() if i < len(row)}
        meta = {k: cells[k].strip() for k in ("topic", "subtopic") if cells.get(k)}
        raw = {"id": cells.get(id_col) if id_col else None, "question": cells.get("question"),
               "answer": cells.get("answer"), "subject": cells.get("domain"),
               "split": ctx.split or "test"}
        rec = build_record(ctx, line, raw, default_id=f"row:{index}", meta=meta)
        if rec is not None:
            records.append(rec)
    return records


LAYOUTS = (Layout("omniscience-csv", parse_omniscience_csv),)
