"""GPQA's published layouts: the CSV, and the password-protected zip it is shared in."""

from __future__ import annotations

import io
import zipfile

from app.benchmarks.data_files import Layout
from app.item_files import ItemRecord, RowContext, build_record, csv_with_header

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


LAYOUTS = (Layout("gpqa-csv", parse_gpqa_csv), Layout("gpqa-zip", parse_gpqa_zip))
