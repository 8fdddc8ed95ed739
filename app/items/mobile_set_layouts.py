"""Published layouts of GPQA Diamond, MATH-500, AA-Omniscience-Public and IFBench."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterable
from typing import Any

from app.items.parsers import csv_with_header, jsonl_objects, parquet_rows
from app.items.records import ItemRecord, RowContext, build_record

# The GPQA authors publish their archives under this password so the questions stay out of
# crawled plain text; it is not a secret.
GPQA_ZIP_PASSWORD = b"deserted-untie-orchid"
MAX_ZIP_MEMBERS = 16
MAX_UNZIPPED_BYTES = 64 * 1024 * 1024
MAX_ENCRYPTED_BYTES = 4 * 1024 * 1024
GPQA_COLUMNS = ["question", "correct answer", "incorrect answer 1", "incorrect answer 2",
                "incorrect answer 3", "record id"]


def parse_gpqa_csv(data: bytes, ctx: RowContext, encoding: str) -> list[ItemRecord]:
    """The official GPQA CSV: options are stored correct-first (as A) and shuffled per
    (item, repeat) at prompt and scoring time; subject = High-level domain."""
    parsed = csv_with_header(data, ctx, encoding, lambda _cols: GPQA_COLUMNS)
    if parsed is None:
        return []
    cols, rows = parsed
    records = []
    for line, row in rows:
        cells = {name: row[i] for name, i in cols.items() if i < len(row)}
        options = [cells.get(c, "").strip() for c in GPQA_COLUMNS[1:5]]
        empty = [c for c, o in zip(GPQA_COLUMNS[1:5], options, strict=True) if not o]
        if empty:
            ctx.error(line, empty[0], f"{empty[0]} is empty")
            continue
        meta = {k: cells[k].strip() for k in ("subdomain", "explanation") if cells.get(k)}
        raw = {"id": cells.get("record id"), "question": cells.get("question"),
               "choices": options, "answer": "A",
               "subject": cells.get("high-level domain", "").strip() or None,
               "split": ctx.split or "test"}
        rec = build_record(ctx, line, raw, default_id=f"test:{line}", meta=meta)
        if rec is not None:
            records.append(rec)
    return records


def parse_gpqa_zip(data: bytes, ctx: RowContext, encoding: str) -> list[ItemRecord]:
    """The password-protected GPQA archive (plain or with the published password)."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile as exc:
        ctx.error(0, "file", f"not a zip archive: {exc}")
        return []
    members = [m for m in archive.infolist() if m.filename.lower().endswith(".csv")
               and not m.is_dir()]
    if len(archive.infolist()) > MAX_ZIP_MEMBERS or len(members) != 1:
        ctx.error(0, "file", f"expected one CSV in the archive, found {len(members)} among "
                  f"{len(archive.infolist())} entries")
        return []
    member = members[0]
    if member.file_size > MAX_UNZIPPED_BYTES:
        ctx.error(0, "file", f"{member.filename} unpacks to {member.file_size} bytes, over "
                  f"the {MAX_UNZIPPED_BYTES} byte limit")
        return []
    if member.flag_bits & 0x1 and member.compress_size > MAX_ENCRYPTED_BYTES:
        # ZipCrypto is decrypted in pure Python (about 1 MB/s): the published archive is
        # under 1 MB, so a large encrypted member is refused before the work starts
        ctx.error(0, "file", f"{member.filename} is an encrypted member of "
                  f"{member.compress_size} bytes, over the {MAX_ENCRYPTED_BYTES} byte limit")
        return []
    password = GPQA_ZIP_PASSWORD if member.flag_bits & 0x1 else None
    try:
        with archive.open(member, pwd=password) as fh:
            content = fh.read(MAX_UNZIPPED_BYTES + 1)
    except (RuntimeError, zipfile.BadZipFile, NotImplementedError) as exc:
        ctx.error(0, "file", f"cannot read {member.filename}: {exc}")
        return []
    if len(content) > MAX_UNZIPPED_BYTES:
        ctx.error(0, "file", f"{member.filename} unpacks to more than {MAX_UNZIPPED_BYTES} bytes")
        return []
    inner = RowContext(kind=ctx.kind, answer_key_required=ctx.answer_key_required,
                       file=f"{ctx.file}:{member.filename}", split=ctx.split,
                       subject=ctx.subject)
    records = parse_gpqa_csv(content, inner, encoding)
    ctx.errors.extend(inner.errors)
    return records


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


def parse_ifbench_jsonl(data: bytes, ctx: RowContext, encoding: str) -> list[ItemRecord]:
    """IFBench / IFEval: key, prompt, instruction_id_list, kwargs (one dict per instruction)."""
    return _ifbench_records(jsonl_objects(data, ctx, encoding), ctx)


def _present_kwargs(kwargs: object) -> object:
    """A Parquet struct column gives every instruction's kwargs every key that any row has,
    null where absent: the keys the row has (the checkers drop None kwargs anyway). Numbers
    stay as stored: the published JSONL holds whole numbers as floats too (N: 5.0)."""
    if not isinstance(kwargs, list):
        return kwargs
    return [{name: v for name, v in k.items() if v is not None} if isinstance(k, dict) else k
            for k in kwargs]


def parse_ifbench_parquet(data: bytes, ctx: RowContext, encoding: str) -> list[ItemRecord]:
    """IFBench as the Hub publishes it (`allenai/IFBench_test`, data/train-*.parquet): the
    JSONL layout's columns, one row a prompt."""
    rows = parquet_rows(data, ctx, ["key", "prompt", "instruction_id_list", "kwargs"])
    return _ifbench_records(((number, {**row, "kwargs": _present_kwargs(row["kwargs"])})
                             for number, row in enumerate(rows, start=1)), ctx)


def _ifbench_records(rows: Iterable[tuple[int, dict[str, Any]]],
                     ctx: RowContext) -> list[ItemRecord]:
    from app.nltk_data import NltkDataUnavailable
    from app.scoring.ifbench import checker_classes

    try:
        known = set(checker_classes())
    except NltkDataUnavailable as exc:
        ctx.error(0, "file", f"cannot check instruction ids: {exc}")
        return []
    records = []
    for line, row in rows:
        ids, kwargs = row.get("instruction_id_list"), row.get("kwargs")
        if not isinstance(row.get("prompt"), str) or not row["prompt"].strip():
            ctx.error(line, "prompt", "prompt is missing or empty")
        elif not isinstance(ids, list) or not ids or not all(isinstance(i, str) for i in ids):
            ctx.error(line, "instruction_id_list", "a non-empty list of instruction ids")
        elif not isinstance(kwargs, list) or len(kwargs) != len(ids) or \
                not all(k is None or isinstance(k, dict) for k in kwargs):
            ctx.error(line, "kwargs", "one object (or null) per instruction id")
        elif unknown := [i for i in ids if i not in known]:
            ctx.error(line, "instruction_id_list", f"unknown instruction id(s): {unknown}")
        elif row.get("key") is None:
            ctx.error(line, "key", "key is missing")
        else:
            records.append(ItemRecord(
                external_id=str(row["key"]), split=ctx.split or "test", subject="ifbench",
                n_choices=None, payload={"question": row["prompt"], "instruction_id_list": ids,
                                         "kwargs": kwargs},
                meta={}, file=ctx.file, line=line))
    return records
