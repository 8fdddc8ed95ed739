"""Parsing a whole upload (one or more files, or a JSON body) into records, all or nothing."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from app.benchmarks import Benchmark, BenchmarkSpec
from app.item_files import ItemRecord, RowContext, RowError, build_record
from app.items.layout_registry import layout_for, layouts_of
from app.items.storable import storable_errors
from app.records import ImportedFile


@dataclass(frozen=True)
class Upload:
    filename: str
    data: bytes
    layout: str | None = None  # this file's layout, where files of one import differ
    origin: str | None = None  # where the bytes came from (recorded with the import)


@dataclass(frozen=True)
class ImportOptions:
    layout: str | None = None
    split: str | None = None
    subject: str | None = None
    encoding: str = "utf-8"


@dataclass
class ParsedUpload:
    records: list[ItemRecord] = field(default_factory=list)
    errors: list[RowError] = field(default_factory=list)
    files: list[ImportedFile] = field(default_factory=list)

    @property
    def sha256(self) -> str:
        if len(self.files) == 1:
            return self.files[0].sha256
        manifest = "".join(f"{f.sha256}  {f.filename}\n" for f in sorted(
            self.files, key=lambda f: f.filename))
        return hashlib.sha256(manifest.encode()).hexdigest()


def _context(spec: BenchmarkSpec, filename: str, options: ImportOptions) -> RowContext:
    return RowContext(kind=spec.kind, answer_key_required=spec.answer_key_required,
                      file=filename, split=options.split, subject=options.subject)


def _check_duplicates(parsed: ParsedUpload) -> None:
    first_seen: dict[str, ItemRecord] = {}
    for rec in parsed.records:
        prior = first_seen.setdefault(rec.external_id, rec)
        if prior is not rec:
            parsed.errors.append(RowError(
                rec.file, rec.line, "id",
                f"duplicate id {rec.external_id!r} (first at {prior.file} line {prior.line})"))


def parse_uploads(benchmark: Benchmark, uploads: list[Upload], options: ImportOptions
                  ) -> ParsedUpload:
    spec = benchmark.spec
    accepts = layouts_of(benchmark)
    out = ParsedUpload()
    for upload in uploads:
        layout = (upload.layout or options.layout
                  or layout_for(upload.filename, spec.default_layouts))
        if layout is None or layout not in accepts:
            accepted = ", ".join(accepts)
            why = ("cannot tell the layout from the file name" if layout is None
                   else f"layout {layout!r} does not apply to {spec.name}")
            out.errors.append(RowError(upload.filename, 0, "layout",
                                       f"{why}; pass `layout` (one of: {accepted})"))
            continue
        ctx = _context(spec, upload.filename, options)
        records = accepts[layout].parse(upload.data, ctx, options.encoding)
        # e.g. a CSV that is only its header row (multi-file layouts join rows later)
        if not records and not ctx.errors and accepts[layout].finish is None:
            ctx.error(0, "file", "the file holds no items")
        out.records.extend(records)
        out.errors.extend(ctx.errors)
        out.files.append(ImportedFile(filename=upload.filename,
                                      sha256=hashlib.sha256(upload.data).hexdigest(),
                                      layout=layout, rows=len(records),
                                      origin=upload.origin))
    for layout in dict.fromkeys(f.layout for f in out.files):
        finish = accepts[layout].finish if layout in accepts else None
        if finish is not None:
            out.records = finish(out.records, out.errors)
    _check_duplicates(out)
    out.errors.extend(storable_errors(out.records))
    return out


def parse_json_items(spec: BenchmarkSpec, rows: Sequence[Mapping[str, object]],
                     options: ImportOptions) -> ParsedUpload:
    """A JSON body of generic rows; `line` in errors is the 1-based position in `items`."""
    ctx = _context(spec, "items", options)
    out = ParsedUpload()
    for number, raw in enumerate(rows, start=1):
        rec = build_record(ctx, number, raw, default_id=f"{options.split or 'test'}:{number}")
        if rec is not None:
            out.records.append(rec)
    out.errors.extend(ctx.errors)
    canonical = json.dumps(rows, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    digest = hashlib.sha256(canonical.encode("utf-8", "surrogatepass")).hexdigest()  # a lone
    out.files.append(ImportedFile(filename="items", layout="json",  # surrogate: below
                                  sha256=digest,
                                  rows=len(out.records)))
    _check_duplicates(out)
    out.errors.extend(storable_errors(out.records))
    return out
