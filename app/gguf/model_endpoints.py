"""HTTP routes for GGUF models: register a file by path, upload one, list and read."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field
from sqlalchemy import select
from sqlalchemy.orm import Session

from app.db import SessionDep, TransactionsDep
from app.gguf import registered_models
from app.gguf.paths import resolve_model_path
from app.guards import AdminKeyDep, ReadKeyDep
from app.http import Conflict, RequestModel
from app.tables import Model

router = APIRouter(tags=["models"])


class ModelRegister(RequestModel):
    name: str = Field(max_length=100)
    path: str = Field(max_length=4096, description="Inside POCKETEVAL_MODEL_DIRS")


class ModelRead(BaseModel):
    name: str
    kind: str
    variant: str
    # stored JSON returned as is; `object` keeps the published schema an open object
    settings: dict[str, object]
    eligibility: dict[str, object] | None


def _read(model: Model) -> ModelRead:
    return ModelRead(name=model.name, kind=model.kind, variant=model.variant,
                     settings=model.settings, eligibility=model.eligibility)


def _register(session: Session, name: str, path: Path, budget: int) -> ModelRead:
    return _read(registered_models.register(session, name, path, budget))


@router.post("/models", name="register_model", status_code=201, dependencies=[AdminKeyDep])
async def register_model(body: ModelRegister, tx: TransactionsDep,
                         request: Request) -> ModelRead:
    """Register a GGUF already in a model folder; its eligibility report is stored. Models
    that fail it can still be run with force=true, flagged."""
    settings = request.app.state.settings
    path = resolve_model_path(body.path, settings.model_dirs)
    return await tx.run(_register, body.name, path, settings.memory_budget_bytes)


@router.put("/models/{name}/file", name="upload_model", status_code=201,
            dependencies=[AdminKeyDep],
            openapi_extra={"requestBody": {"required": True, "content": {
                "application/octet-stream": {"schema": {"type": "string",
                                                        "format": "binary"}}}}})
async def upload_model(name: str, tx: TransactionsDep, request: Request) -> ModelRead:
    """Stream a GGUF into the first model folder as <name>.gguf, then register it."""
    settings = request.app.state.settings
    if not settings.model_dirs:
        raise Conflict("no model folders are configured (POCKETEVAL_MODEL_DIRS)",
                           field="name")
    registered_models.check_name(name)
    path = await registered_models.save_upload(request.stream(), settings.model_dirs[0], name,
                                      settings.max_model_upload_bytes)
    try:
        return await tx.run(_register, name, path, settings.memory_budget_bytes)
    except Exception:
        path.unlink(missing_ok=True)  # an unreadable upload does not stay in the folder
        raise


@router.get("/models", name="list_models", dependencies=[ReadKeyDep])
def list_models(session: SessionDep) -> list[ModelRead]:
    return [_read(m) for m in session.scalars(select(Model).order_by(Model.name))]


@router.get("/models/{name}", name="get_model", dependencies=[ReadKeyDep])
def get_model(name: str, session: SessionDep) -> ModelRead:
    return _read(registered_models.get_model(session, name))
