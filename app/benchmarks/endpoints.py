"""HTTP routes for the benchmark catalog."""

from __future__ import annotations

from fastapi import APIRouter, status

from app.benchmarks import service
from app.benchmarks.reads import benchmark_read
from app.benchmarks.schemas import BenchmarkCreate, BenchmarkRead, BenchmarkSummary
from app.db import SessionDep, TransactionsDep
from app.guards import AdminKeyDep, ReadKeyDep

router = APIRouter(tags=["benchmarks"], dependencies=[ReadKeyDep])


@router.get("/benchmarks", name="list_benchmarks")
def list_benchmarks(session: SessionDep) -> list[BenchmarkSummary]:
    """The catalog: built-in and custom benchmarks with their item counts."""
    return [
        BenchmarkSummary(name=r.name, version=r.version, kind=r.kind, description=r.description,
                         builtin=r.builtin, items=n)
        for r, n in service.list_benchmarks(session)
    ]


@router.get("/benchmarks/{name}", name="get_benchmark")
def get_benchmark(name: str, session: SessionDep) -> BenchmarkRead:
    """One benchmark: scoring in words, counts per split and subject, sources, template hash."""
    return benchmark_read(session, service.get_benchmark(session, name))


@router.post("/benchmarks", name="create_benchmark", status_code=status.HTTP_201_CREATED,
             dependencies=[AdminKeyDep])
async def create_benchmark(data: BenchmarkCreate, tx: TransactionsDep) -> BenchmarkRead:
    """Define a custom benchmark (kind mcq or freeform); import its items next."""
    return await tx.run(lambda session: benchmark_read(
        session, service.create_benchmark(session, data)))
