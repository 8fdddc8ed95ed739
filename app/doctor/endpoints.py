"""Liveness, version and the installation report (doctor) over HTTP."""

from __future__ import annotations

import anyio
from fastapi import APIRouter, Request
from pydantic import BaseModel
from sqlalchemy import text

from app import __version__
from app.doctor.checks import diagnose
from app.doctor.report import DoctorReport
from app.guards import AdminKeyDep

router = APIRouter(tags=["meta"])


class Health(BaseModel):
    status: str
    database: str


class Version(BaseModel):
    name: str
    version: str


@router.get("/health", name="health")
async def health(request: Request) -> Health:
    """Answers once the database is reachable; on a connection and threads of its own, so
    it answers within a second while other requests queue."""
    engine = request.app.state.health_engine

    def select_one() -> None:
        with engine.connect() as conn:
            conn.execute(text("SELECT 1"))

    await anyio.to_thread.run_sync(select_one, limiter=request.app.state.health_threads)
    return Health(status="ok", database=engine.dialect.name)


@router.get("/system", name="system", dependencies=[AdminKeyDep])
def system(request: Request, smoke: bool = False) -> DoctorReport:
    """What `pocketeval doctor` reports: versions, the llama.cpp build against the host's
    CPU, llama-server, what benchmarks need prepared, the database; `smoke=true` adds a small
    evaluation of the bundled model in a child process (a second or two). It names paths and
    the host's internals, so it takes the write key."""
    settings = request.app.state.settings
    return diagnose(settings.resolved_database_url, settings.llama_server, smoke=smoke)


@router.get("/version", name="version")
def version() -> Version:
    return Version(name="pocketeval", version=__version__)
