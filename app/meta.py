"""Liveness and version."""

from __future__ import annotations

from fastapi import APIRouter, Request
from pydantic import BaseModel
from sqlalchemy import text

from app import __version__

router = APIRouter(tags=["meta"])


class Health(BaseModel):
    status: str
    database: str


class Version(BaseModel):
    name: str
    version: str


@router.get("/health", name="health")
def health(request: Request) -> Health:
    """Answers once the database is reachable."""
    with request.app.state.engine.connect() as conn:
        conn.execute(text("SELECT 1"))
    return Health(status="ok", database=request.app.state.engine.dialect.name)


@router.get("/version", name="version")
def version() -> Version:
    return Version(name="pocketeval", version=__version__)
