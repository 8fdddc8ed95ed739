"""POST /eligibility: would a GGUF fit a phone? From a path or an uploaded header."""

from __future__ import annotations

import json

from fastapi import APIRouter, Request
from pydantic import JsonValue, ValidationError
from sqlalchemy import select
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile

from app.db import TransactionsDep
from app.gguf.assessment import assess_file, assess_stream, report
from app.gguf.paths import resolve_model_path
from app.gguf.schemas import Bounds, EligibilityRequest
from app.guards import WriteKeyDep
from app.http import InvalidInput, NotFound, UnsupportedMediaType
from app.records import EligibilityRead
from app.tables import Model

router = APIRouter(tags=["models"])

_BODY: dict[str, JsonValue] = {"requestBody": {"required": True, "content": {
    "application/json": {"schema": EligibilityRequest.model_json_schema()},
    "multipart/form-data": {"schema": {"type": "object", "required": ["file"], "properties": {
        "file": {"type": "string", "format": "binary",
                 "description": "A GGUF file or just its first megabytes (the header)"},
        "n_ctx": {"type": "integer"}, "budget_bytes": {"type": "integer"}}}}}}}


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
        except ValidationError as exc:
            errors = [{"field": ".".join(["body", *(str(p) for p in e["loc"])]),
                       "message": e["msg"]} for e in exc.errors()]
            raise InvalidInput(f"invalid body: {errors[0]['field']}: {errors[0]['message']}",
                               field=errors[0]["field"], errors=errors) from None
        except (ValueError, json.JSONDecodeError) as exc:
            raise InvalidInput(f"invalid body: {exc}", field="body") from None
        raw_path = (await tx.run(_registered_path, body.model) if body.model is not None
                    else str(body.path))
        path = resolve_model_path(raw_path, settings.model_dirs)
        budget = body.budget_bytes or settings.memory_budget_bytes

        _header, est = await run_in_threadpool(
            lambda: assess_file(path, budget=budget, n_ctx=body.n_ctx))
        return report(str(path), est)
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
        _header, est = await run_in_threadpool(
            lambda: assess_stream(upload.file, upload.size, budget=budget, n_ctx=n_ctx))
        return report(upload.filename or "upload", est)
