"""HTTP routes of the audits."""

from __future__ import annotations

import asyncio
import hashlib
from typing import Annotated

from fastapi import APIRouter, Query, Request, status
from sqlalchemy.orm import Session
from starlette.datastructures import UploadFile

from app.audits.contamination import CorpusFile, probe_corpus, probed_items
from app.audits.content_schemas import (
    ContaminationRead,
    DuplicatesDeriveIn,
    DuplicatesRead,
    ExpansionRead,
    ExpansionReportRead,
)
from app.audits.distractor_generator import (
    PROMPT_SHA256,
    PROMPT_VERSION,
    generate,
    generator_endpoint,
)
from app.audits.duplicates import derive_without_duplicates, duplicates_audit
from app.audits.item_analysis import analyze_items
from app.audits.option_expansion import DEFINITIONS as EXPANSION_DEFINITIONS
from app.audits.option_expansion import (
    expand_benchmark,
    expansion_report,
    extras_file,
    generation_requests,
)
from app.audits.option_length import benchmark_audit, run_audit
from app.audits.option_order import order_audit
from app.audits.schemas import (
    BenchmarkLengthAudit,
    ItemAnalysisRead,
    OrderAuditRead,
    RunLengthAudit,
    ScorecardRead,
    ShortcutAuditRead,
    ShortcutDeriveIn,
    SubsetDeriveIn,
    VisionAuditRead,
)
from app.audits.scorecard import model_scorecard
from app.audits.shortcut import derive_without_flagged, shortcut_audit
from app.audits.subsets import derive_subset
from app.audits.vision import vision_audit
from app.benchmarks.reads import benchmark_read
from app.benchmarks.schemas import BenchmarkName, BenchmarkRead
from app.db import RowId, SessionDep, TransactionsDep
from app.errors import InvalidInput
from app.scoring import subset_rules
from app.scoring.choices import LETTERS
from app.security import ReadKeyDep, WriteKeyDep

router = APIRouter(tags=["audits"])
EXTRAS_UPLOAD = {"requestBody": {"required": True, "content": {"multipart/form-data": {
    "schema": {"type": "object", "required": ["file"], "properties": {"file": {
        "type": "string", "format": "binary"}}}}}}}
CORPUS_UPLOAD = {"requestBody": {"required": True, "content": {"multipart/form-data": {
    "schema": {"type": "object", "required": ["files"], "properties": {"files": {
        "type": "array", "items": {"type": "string", "format": "binary"}}}}}}}}


@router.get("/benchmarks/{name}/audits/option-length", name="benchmark_option_length_audit",
            dependencies=[ReadKeyDep])
def benchmark_option_length(name: str, session: SessionDep,
                            split: str | None = None) -> BenchmarkLengthAudit:
    """Does the key give itself away by its length? How often it is the longest or shortest
    option, key and distractor lengths, and Mobile-MMLU's rule (distractors at least as long
    as the key), overall and per subject."""
    return benchmark_audit(session, name, split)


@router.get("/runs/{run_id}/audits/option-length", name="run_option_length_audit",
            dependencies=[ReadKeyDep])
def run_option_length(run_id: RowId, session: SessionDep,
                      benchmark: str | None = None) -> RunLengthAudit:
    """Does the model prefer the longest option? Its longest-pick rate beside how often the
    key is the longest, and its accuracy where the key is the longest against the rest."""
    return run_audit(session, run_id, benchmark)


@router.get("/benchmarks/{name}/audits/items", name="item_analysis", dependencies=[ReadKeyDep])
def items_across_models(
    name: str, session: SessionDep,
    models: Annotated[str, Query(description="Comma-separated model names (their latest "
                                 "finished run of the benchmark), at least two")],
    group: Annotated[str | None, Query(description="Comma-separated models whose agreement "
                                       "is measured (default: all)")] = None,
) -> ItemAnalysisRead:
    """Per item: difficulty (share of models right), discrimination (corrected item-total
    correlation over the models) and agreement within a group; per subject summaries."""
    return analyze_items(session, name, _names(models), _names(group) if group else [])


@router.get("/runs/{run_id}/audits/option-order", name="option_order_audit",
            dependencies=[ReadKeyDep])
def option_order_report(run_id: RowId, session: SessionDep,
                        benchmark: str | None = None) -> OrderAuditRead:
    """An option-order audit run's report: accuracy per arrangement with intervals, the
    spread between the best and the worst with its paired interval and test, pick rates per
    letter against the key's, the verdict, and the order-robust accuracy."""
    return order_audit(session, run_id, benchmark)


@router.get("/runs/{run_id}/audits/no-shortcut", name="no_shortcut_audit",
            dependencies=[ReadKeyDep])
def no_shortcut_report(run_id: RowId, session: SessionDep,
                       benchmark: str | None = None) -> ShortcutAuditRead:
    """A no-shortcut audit run's report: per variant the flag rate (overall and per
    subject) beside the rate a uniform guesser would be flagged at, and every flagged item
    with its tries (answer, key letter, the order shown)."""
    return shortcut_audit(session, run_id, benchmark)


@router.post("/runs/{run_id}/audits/no-shortcut:derive", name="derive_without_shortcuts",
             status_code=status.HTTP_201_CREATED, dependencies=[WriteKeyDep])
async def derive_without_shortcuts(run_id: RowId, data: ShortcutDeriveIn,
                                   tx: TransactionsDep) -> BenchmarkRead:
    """A new benchmark version without the items the audit flagged, linked to its parent,
    the audit run and the rule; its items keep their ids."""
    return await tx.run(lambda session: benchmark_read(
        session, derive_without_flagged(session, run_id, data)))


@router.post("/benchmarks/{name}:derive", name="derive_subset", description=(
        "A new benchmark version without the items the rules drop, judged on each named "
        "model's latest finished run (or a run id); linked to its parent, with the runs "
        "and rules recorded.\n\n" + (subset_rules.__doc__ or "")),
             status_code=status.HTTP_201_CREATED, dependencies=[WriteKeyDep])
async def derive_subset_by_rules(name: str, data: SubsetDeriveIn,
                                 tx: TransactionsDep) -> BenchmarkRead:
    return await tx.run(lambda session: benchmark_read(session,
                                                       derive_subset(session, name, data)))


@router.get("/benchmarks/{name}/audits/duplicates", name="duplicates_audit",
            dependencies=[ReadKeyDep])
def near_duplicates(
    name: str, session: SessionDep, split: str | None = None,
    against: Annotated[str | None, Query(description="Comma-separated other benchmarks to "
                                         "search for copies of its items")] = None,
    ngram: Annotated[int, Query(ge=1, le=20)] = 3,
    threshold: Annotated[float, Query(gt=0, le=1)] = 0.7,
) -> DuplicatesRead:
    """Clusters of near-duplicate items (word n-gram Jaccard similarity at or above the
    threshold, MinHash/LSH candidates checked exactly), within the benchmark and against
    other benchmarks, with the items a version without duplicates would drop."""
    return duplicates_audit(session, name, split, _names(against) if against else [], ngram,
                            threshold)


@router.post("/benchmarks/{name}/audits/duplicates:derive", name="derive_without_duplicates",
             status_code=status.HTTP_201_CREATED, dependencies=[WriteKeyDep])
async def derive_deduplicated(name: str, data: DuplicatesDeriveIn,
                              tx: TransactionsDep) -> BenchmarkRead:
    """A new benchmark version without its near-duplicates, linked to its parent."""
    return await tx.run(lambda session: benchmark_read(
        session, derive_without_duplicates(session, name, data)))


@router.post("/benchmarks/{name}/audits/contamination", name="contamination_probe",
             dependencies=[WriteKeyDep], openapi_extra=CORPUS_UPLOAD)
async def contamination_probe(
    name: str, request: Request, tx: TransactionsDep, split: str | None = None,
    ngram: Annotated[int, Query(ge=5, le=50)] = 13,
    min_overlap: Annotated[float, Query(ge=0, lt=1)] = 0.0,
    text_field: Annotated[str, Query(max_length=100)] = "text",
) -> ContaminationRead:
    """Which items' word n-grams occur in a corpus: multipart `files` parts, plain text or
    JSONL (one document per line, its `text_field`), streamed; per flagged item the share
    of its n-grams found."""
    items = await tx.run(lambda session: probed_items(session, name, split))
    async with request.form(max_files=100, max_fields=10) as form:
        files = [CorpusFile(v.filename or "corpus", v.file) for _k, v in form.multi_items()
                 if isinstance(v, UploadFile)]
        if not files:
            raise InvalidInput("send the corpus as multipart `files` parts", field="files")
        return await asyncio.to_thread(probe_corpus, items, files, ngram, min_overlap,
                                       text_field)


@router.post("/benchmarks/{name}/audits/options:expand", name="expand_options",
             status_code=status.HTTP_201_CREATED, dependencies=[WriteKeyDep],
             openapi_extra=EXTRAS_UPLOAD)
async def expand_options(
    name: str, request: Request, tx: TransactionsDep,
    new_name: Annotated[BenchmarkName, Query(description="The expanded version's name")],
    target: Annotated[int, Query(ge=3, le=len(LETTERS))] = 10,
    seed: Annotated[int, Query(ge=0, le=2**32 - 1)] = 0,
    split: str | None = None,
) -> ExpansionRead:
    """A K'-option version of a benchmark (MMLU-Pro's 4 -> 10) from a JSONL `file` of extra
    distractors per item, validated (no duplicate or near-duplicate options, none equal to
    the key, each at least as long as the key or flagged) and shuffled by a seeded
    permutation recorded per item; linked to its parent with the validation report."""
    async with request.form(max_files=1, max_fields=10) as form:
        upload = form.get("file")
        if not isinstance(upload, UploadFile):
            raise InvalidInput("send the extra options as a multipart `file` part",
                               field="file")
        data, filename = await upload.read(), upload.filename or "extras.jsonl"
    extras = await asyncio.to_thread(extras_file, data, filename)
    source = f"{filename} (sha256 {hashlib.sha256(data).hexdigest()})"

    def expand(session: Session) -> ExpansionRead:
        child, validation = expand_benchmark(session, name, new_name, target, seed, split,
                                             extras, source)
        return ExpansionRead(benchmark=benchmark_read(session, child), validation=validation,
                             definitions=EXPANSION_DEFINITIONS)

    return await tx.run(expand)


@router.post("/benchmarks/{name}/audits/options:generate", name="generate_options",
             status_code=status.HTTP_201_CREATED, dependencies=[WriteKeyDep])
async def generate_options(
    name: str, request: Request, tx: TransactionsDep,
    new_name: Annotated[BenchmarkName, Query(description="The expanded version's name")],
    target: Annotated[int, Query(ge=3, le=len(LETTERS))] = 10,
    seed: Annotated[int, Query(ge=0, le=2**32 - 1)] = 0,
    split: str | None = None,
    limit: Annotated[int | None, Query(ge=1, le=2000)] = None,
) -> ExpansionRead:
    """As options:expand, with the extra distractors written by the configured generator
    model (POCKETEVAL_GENERATOR_BASE_URL, _MODEL, _API_KEY_ENV) from a versioned, hashed
    prompt; the first `limit` items only when given. Items whose reply is not a JSON array
    of strings are left out and named."""
    endpoint = generator_endpoint(request.app.state.settings)
    asks = await tx.run(lambda session: generation_requests(session, name, split, target,
                                                            limit))
    extras, failed = await generate(request.app.state.internal_http, endpoint, asks)
    source = (f"generator {endpoint.model} at {endpoint.base_url}, prompt {PROMPT_VERSION} "
              f"(sha256 {PROMPT_SHA256})")

    def expand(session: Session) -> ExpansionRead:
        child, validation = expand_benchmark(session, name, new_name, target, seed, split,
                                             extras, source, failed)
        return ExpansionRead(benchmark=benchmark_read(session, child), validation=validation,
                             definitions=EXPANSION_DEFINITIONS)

    return await tx.run(expand)


@router.get("/benchmarks/{name}/audits/expansion", name="expansion_report",
            dependencies=[ReadKeyDep])
def expansion(name: str, session: SessionDep,
              model: Annotated[str, Query(description="A model name or run id")]
              ) -> ExpansionReportRead:
    """A model's accuracy on the original and on this option-expanded version, paired over
    the items both runs scored."""
    return expansion_report(session, name, model)


@router.get("/runs/{run_id}/audits/vision-only", name="vision_only_audit",
            dependencies=[ReadKeyDep])
def vision_only_report(run_id: RowId, session: SessionDep,
                       benchmark: str | None = None) -> VisionAuditRead:
    """A vision-only audit run's report: accuracy as text and as rendered images (each
    stress variant apart), and the modality gap against text, paired over items."""
    return vision_audit(session, run_id, benchmark)


@router.get("/models/{name}/scorecard", name="model_scorecard", dependencies=[ReadKeyDep])
def scorecard_of(
    name: str, session: SessionDep,
    weights: Annotated[str | None, Query(
        description="component:weight pairs, comma-separated (default modality_fusion:0.4,"
        "distractor_robustness:0.3,reasoning_depth:0.2,response_speed:0.1)")] = None,
) -> ScorecardRead:
    """A weighted report over the model's finished runs and audits; every component's
    value, inputs and source runs are shown, and one without data is named and left out."""
    return model_scorecard(session, name, _weights(weights))


def _weights(text: str | None) -> dict[str, float]:
    out: dict[str, float] = {}
    for part in _names(text or ""):
        key, _, value = part.partition(":")
        try:
            out[key.strip()] = float(value)
        except ValueError:
            raise InvalidInput(f"weights: {part!r} is not component:number",
                               field="weights") from None
        if not 0 <= out[key.strip()] <= 1000:
            raise InvalidInput(f"weights: {part!r} is out of range", field="weights")
    return out


def _names(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]
