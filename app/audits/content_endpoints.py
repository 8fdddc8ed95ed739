"""HTTP routes of the content audits: near-duplicates, contamination, option expansion."""

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
from app.audits.duplicates import (
    audited_texts,
    derive_without_duplicates,
    duplicates_audit,
    duplicates_read,
    found_clusters,
)
from app.audits.embeddings import cosine_pairs, embed
from app.audits.option_expansion import DEFINITIONS as EXPANSION_DEFINITIONS
from app.audits.option_expansion import (
    expand_benchmark,
    expansion_report,
    extras_file,
    generation_requests,
)
from app.audits.query_lists import comma_list
from app.benchmarks import BenchmarkName, BenchmarkRead, benchmark_read
from app.db import SessionDep, TransactionsDep
from app.guards import AdminKeyDep, ReadKeyDep, WriteKeyDep
from app.http import InvalidInput
from app.scoring import LETTERS

router = APIRouter(tags=["audits"])
EXTRAS_UPLOAD = {"requestBody": {"required": True, "content": {"multipart/form-data": {
    "schema": {"type": "object", "required": ["file"], "properties": {"file": {
        "type": "string", "format": "binary"}}}}}}}
CORPUS_UPLOAD = {"requestBody": {"required": True, "content": {"multipart/form-data": {
    "schema": {"type": "object", "required": ["files"], "properties": {"files": {
        "type": "array", "minItems": 1, "items": {"type": "string", "format": "binary"}}}}}}}}


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
    return duplicates_audit(session, name, split, comma_list(against), ngram, threshold)


@router.get("/benchmarks/{name}/audits/duplicates:embeddings", name="duplicates_by_embeddings",
            dependencies=[ReadKeyDep])
async def near_duplicates_by_embeddings(
    name: str, request: Request, tx: TransactionsDep, split: str | None = None,
    against: Annotated[str | None, Query(description="Comma-separated other benchmarks")] = None,
    threshold: Annotated[float, Query(gt=0, le=1)] = 0.98,
) -> DuplicatesRead:
    """As /audits/duplicates, with the cosine similarity of the items' embeddings from the
    configured model (POCKETEVAL_EMBEDDINGS_BASE_URL, _MODEL, _API_KEY_ENV); 0.98 is
    the cut published sets have used to remove questions."""
    others = comma_list(against)
    audited = await tx.run(lambda session: audited_texts(session, name, split, others))
    keys = sorted(audited.rows)
    vectors = await embed(request.app.state.internal_http, request.app.state.settings,
                          [audited.rows[k].text for k in keys])
    found = await asyncio.to_thread(cosine_pairs, keys, vectors, threshold)
    return duplicates_read(found_clusters(audited, found), others, None, threshold,
                           "embeddings")


@router.post("/benchmarks/{name}/audits/duplicates:derive", name="derive_without_duplicates",
             status_code=status.HTTP_201_CREATED, dependencies=[AdminKeyDep])
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
             status_code=status.HTTP_201_CREATED, dependencies=[AdminKeyDep],
             openapi_extra=EXTRAS_UPLOAD)
async def expand_options(
    name: str, request: Request, tx: TransactionsDep,
    new_name: Annotated[BenchmarkName, Query(description="The expanded version's name")],
    target: Annotated[int, Query(ge=3, le=len(LETTERS))] = 10,
    seed: Annotated[int, Query(ge=0, le=2**32 - 1)] = 0,
    split: str | None = None,
) -> ExpansionRead:
    """A K'-option version of a benchmark (e.g. 4 -> 10) from a JSONL `file` of extra
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
             status_code=status.HTTP_201_CREATED, dependencies=[AdminKeyDep])
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
