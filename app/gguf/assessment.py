"""A GGUF file's header and eligibility report, in one place for the API, runs and CLI."""

from __future__ import annotations

import os
from pathlib import Path
from typing import BinaryIO

from app.gguf import eligibility
from app.gguf.eligibility import Estimate
from app.gguf.header import GGUFError, GGUFHeader, read_header
from app.http import InvalidInput
from app.records import EligibilityRead, MemoryTerms, ResidentRead
from app.server_pools import BoundedCache

FORMULA = (eligibility.__doc__ or "").split("\n\n", 1)[1].strip()


# headers read from files, by what identifies a file's version: a run asks for its model's
# header several times as it starts (planning, topology, worker), and Gemma 3's 262,144
# tokens take a third of a second of Python each time; shared, so never changed by a reader
_HEADERS: BoundedCache[tuple[str, int, int, int], GGUFHeader] = BoundedCache(64)


def header_of(path: Path) -> GGUFHeader:
    """The file's header (GGUFError when it is not one), read once per version of the file."""
    with path.open("rb") as fh:
        stat = os.fstat(fh.fileno())
        key = (str(path.resolve()), stat.st_ino, stat.st_size, stat.st_mtime_ns)
        header = _HEADERS.get(key)
        if header is None:
            header = read_header(fh, stat.st_size)
            _HEADERS.put(key, header, 1)
        return header


def assess_stream(stream: BinaryIO, size: int | None, *, budget: int, n_ctx: int = 8192,
                  field: str = "file") -> tuple[GGUFHeader, Estimate]:
    """Header and estimate; an unreadable header is a 422 naming `field`."""
    try:
        header = read_header(stream, size)
    except GGUFError as exc:
        raise InvalidInput(f"unreadable GGUF: {exc}", field=field) from None
    return header, eligibility.estimate(header, budget_bytes=budget, n_ctx=n_ctx)


def assess_file(path: Path, *, budget: int, n_ctx: int = 8192,
                field: str = "file") -> tuple[GGUFHeader, Estimate]:
    with path.open("rb") as fh:
        return assess_stream(fh, path.stat().st_size, budget=budget, n_ctx=n_ctx, field=field)


def report(source: str, est: Estimate) -> EligibilityRead:
    return EligibilityRead(
        source=source, architecture=est.architecture, file_type=est.file_type,
        bits_per_weight=est.bits_per_weight, parameters=est.parameters, n_ctx=est.n_ctx,
        n_ubatch=est.n_ubatch, flash_attention=est.flash_attention,
        terms=MemoryTerms(weights_bytes=est.weights_bytes, kv_bytes=est.kv_bytes,
                          compute_bytes=est.compute_bytes, output_bytes=est.output_bytes),
        rule_bytes=est.rule_bytes, total_bytes=est.total_bytes,
        runtime_fits=est.runtime_fits, warnings=est.warnings,
        resident=ResidentRead(tokenizer_bytes=est.tokenizer_bytes,
                              activation_bytes=est.activation_bytes,
                              total_bytes=est.resident_bytes),
        budget_bytes=est.budget_bytes, eligible=est.eligible,
        reasons=est.reasons, kv_detail=est.kv_layers, formula=FORMULA)
