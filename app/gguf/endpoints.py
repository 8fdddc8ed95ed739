"""POST /eligibility: would a GGUF fit a phone? From a path or an uploaded header."""

from __future__ import annotations

import json
from typing import Any, BinaryIO

from fastapi import APIRouter, Request
from pydantic import ValidationError
from sqlalchemy import select
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile

from app.db import TransactionsDep
from app.errors import InvalidInput, NotFound, UnsupportedMediaType
from app.gguf import eligibility
from app.gguf.eligibility import Estimate
from app.gguf.header import GGUFError, read_header
from app.gguf.paths import resolve_model_path
from app.gguf.schemas import (
    Bounds,
    EligibilityRead,
    EligibilityRequest,
    MemoryTerms,
    ResidentRead,
)
from app.models import Model
from app.security import WriteKeyDep

router = APIRouter(tags=["models"])

_BODY: dict[str, Any] = {"requestBody": {"required": True, "content": {
    "application/json": {"schema": EligibilityRequest.model_json_schema()},
    "multipart/form-data": {"schema": {"type": "object", "required": ["file"], "properties": {
        "file": {"type": "string", "format": "binary",
                 "description": "A GGUF file or just its first megabytes (the header)"},
        "n_ctx": {"type": "integer"}, "budget_bytes": {"type": "integer"}}}}}}}


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
        reasons=est.reasons, kv_detail=est.kv_layers,
        formula=(eligibility.__doc__ or "").split("\n\n", 1)[1].strip())


def estimate_stream(stream: BinaryIO, size: int | None, n_ctx: int, budget: int) -> Estimate:
    try:
        return eligibility.estimate(read_header(stream, size), budget_bytes=budget, n_ctx=n_ctx)
    except GGUFError as exc:
        raise InvalidInput(f"unreadable GGUF header: {exc}", field="file") from None


def _registered_path(session: Session, name: str) -> str:
    registered = session.scalar(select(Model).where(Model.name == name, Model.kind == "gguf"))
    if registered is None:
        raise NotFound(f"no GGUF model named {name!r}", field="model")
    return str(registered.settings["path"])


@router.post("/eligibility", name="check_eligibility", dependencies=[WriteKeyDep],
             openapi_extra=_BODY)
async def check_eligibility(request: Request, tx: TransactionsDep) -> EligibilityRead:
    """Memory at n_ctx 8192 (weights + KV + compute + output) against the budget, and the
    quantisation rule, from the GGUF header alone: a path inside the model folders or a
    registered model's name (JSON), or an uploaded file or header (multipart)."""
    settings = request.app.state.settings
    content_type = request.headers.get("content-type", "")
    if content_type.startswith("application/json"):
        try:
            body = EligibilityRequest.model_validate(json.loads(await request.body()))
        except RecursionError:
            raise InvalidInput("the JSON body is nested too deep", field="body") from None
        except (ValueError, json.JSONDecodeError) as exc:
            raise InvalidInput(f"invalid body: {exc}", field="body") from None
        raw_path = (await tx.run(_registered_path, body.model) if body.model is not None
                    else str(body.path))
        path = resolve_model_path(raw_path, settings.model_dirs)
        budget = body.budget_bytes or settings.memory_budget_bytes

        def from_path() -> Estimate:
            with path.open("rb") as fh:
                return estimate_stream(fh, path.stat().st_size, body.n_ctx, budget)

        return report(str(path), await run_in_threadpool(from_path))
    if not content_type.startswith("multipart/form-data"):
        raise UnsupportedMediaType("send application/json {path} or multipart/form-data file")
    async with request.form(max_files=1) as form:
        upload = form.get("file")
        if not isinstance(upload, UploadFile):
            raise InvalidInput("a `file` part is required", field="file")
        try:
            bounds = Bounds.model_validate({k: form.get(k) for k in ("n_ctx", "budget_bytes")
                                            if form.get(k) not in (None, "")})
        except ValidationError as exc:
            first = exc.errors()[0]
            raise InvalidInput(f"{first['loc'][0]}: {first['msg']}",
                               field=str(first["loc"][0])) from None
        n_ctx = bounds.n_ctx
        budget = bounds.budget_bytes or settings.memory_budget_bytes
        est = await run_in_threadpool(estimate_stream, upload.file, upload.size, n_ctx, budget)
        return report(upload.filename or "upload", est)
