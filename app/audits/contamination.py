"""The contamination probe of a benchmark against an uploaded corpus: plain text files, or
JSONL with one document per line (its `text_field`), read a piece at a time."""

from __future__ import annotations

import codecs
import json
from dataclasses import dataclass
from typing import BinaryIO

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.audits.content_schemas import ContaminationRead, CorpusFileRead, OverlapRead
from app.benchmarks import choose_split, get_benchmark
from app.http import Conflict, InvalidInput
from app.scoring import ContaminationProbe, contamination_stats, item_text
from app.tables import Item

CHUNK = 1 << 20
MAX_LINE = 16 << 20  # a JSONL document longer than this is refused, not buffered


@dataclass(frozen=True)
class ProbedItems:
    benchmark: str
    split: str | None
    rows: dict[int, tuple[str, str, str]]  # id -> (external id, subject, text)


@dataclass(frozen=True)
class CorpusFile:
    filename: str
    stream: BinaryIO


def probed_items(session: Session, name: str, split: str | None) -> ProbedItems:
    bench = get_benchmark(session, name)
    chosen = choose_split(session, bench, split)
    stmt = select(Item.id, Item.external_id, Item.subject, Item.payload).where(
        Item.benchmark_id == bench.id)
    if chosen is not None:
        stmt = stmt.where(Item.split == chosen)
    rows = {i: (e, s, item_text(p)) for i, e, s, p in session.execute(stmt)}
    if not rows:
        raise Conflict(f"{name} has no items to probe", field="name")
    return ProbedItems(name, chosen, rows)


def _plain(probe: ContaminationProbe, stream: BinaryIO) -> int:
    decoder = codecs.getincrementaldecoder("utf-8")("replace")
    while chunk := stream.read(CHUNK):
        probe.feed(decoder.decode(chunk))
    probe.feed(decoder.decode(b"", final=True))
    probe.end_document()
    return 1


def _jsonl(probe: ContaminationProbe, corpus: CorpusFile, text_field: str) -> int:
    documents = 0
    number = 0
    while line := corpus.stream.readline(MAX_LINE + 1):
        number += 1
        where = f"{corpus.filename} line {number}"
        if len(line) > MAX_LINE:
            raise InvalidInput(f"{where}: longer than {MAX_LINE} bytes", field="files")
        if not line.strip():
            continue
        try:
            document = json.loads(line)
        except (json.JSONDecodeError, UnicodeDecodeError, RecursionError):
            raise InvalidInput(f"{where}: not a JSON object", field="files") from None
        text = document.get(text_field) if isinstance(document, dict) else None
        if not isinstance(text, str):
            raise InvalidInput(f"{where}: no string field {text_field!r}", field="files")
        probe.feed(text)
        probe.end_document()
        documents += 1
    return documents


def probe_corpus(items: ProbedItems, files: list[CorpusFile], ngram: int, min_overlap: float,
                 text_field: str) -> ContaminationRead:
    """CPU work over the whole corpus: called in a thread."""
    probe = ContaminationProbe({i: row[2] for i, row in items.rows.items()}, ngram)
    read = []
    for corpus in files:
        before = probe.bytes
        jsonl = corpus.filename.lower().endswith((".jsonl", ".ndjson"))
        documents = _jsonl(probe, corpus, text_field) if jsonl else _plain(probe, corpus.stream)
        read.append(CorpusFileRead(filename=corpus.filename, characters=probe.bytes - before,
                                   documents=documents))
    overlaps = probe.overlaps()
    hits = contamination_stats.flagged(overlaps, min_overlap)
    return ContaminationRead(
        benchmark=items.benchmark, split=items.split, ngram=ngram, min_overlap=min_overlap,
        corpus=read, n_items=len(items.rows), n_probed=len(overlaps), n_flagged=len(hits),
        flagged=[OverlapRead(item_id=o.item, external_id=items.rows[o.item][0],
                             subject=items.rows[o.item][1], overlap=o.ratio,
                             ngrams_found=o.found, ngrams=o.total)
                 for o in sorted(hits, key=lambda o: -o.ratio)],
        definitions={"probe": (contamination_stats.__doc__ or "").strip(),
                     "text": "an item's question and options; corpus and items casefolded, "
                     "as runs of letters and digits"})
