"""What it takes to get a run's numbers again: versions, numerics, item and prompt hashes."""

from __future__ import annotations

import hashlib
import json
import subprocess
from functools import cache
from pathlib import Path

from sqlalchemy import select
from sqlalchemy.orm import Session

from app import __version__
from app.items import item_set_version
from app.native import read_record
from app.records import (
    BenchmarkPlan,
    BenchmarkRecord,
    ItemSetVersion,
    LlamaCppBuild,
    MethodologyPin,
    Numerics,
    Reproducibility,
    RunPlan,
)
from app.tables import Benchmark, Item
from app.versions import installed_versions

BASE_PACKAGES = ("llama-cpp-python", "httpx", "pydantic", "sqlalchemy")


def packages() -> tuple[str, ...]:
    """What a run's numbers depend on: the runtime's packages and every benchmark's own."""
    from app.benchmarks import benchmarks

    return tuple(dict.fromkeys([*BASE_PACKAGES, *(p for b in benchmarks().values()
                                                  for p in b.about.packages)]))


# the llama.cpp commit each llama-cpp-python release vendors (its sdist's vendor/llama.cpp)
LLAMA_CPP_COMMITS = {"0.3.36": "0c1e570"}
# the in-process runtime's llama.cpp settings (app.inference.llama_cpp.worker_model)
N_BATCH = N_UBATCH = 512
ROOT = Path(__file__).resolve().parents[2]


@cache
def _package_versions() -> tuple[tuple[str, str | None], ...]:
    return tuple(installed_versions(packages()).items())


def package_versions() -> dict[str, str | None]:
    """The versions this process imported (read once per process)."""
    return dict(_package_versions())


@cache
def git_commit() -> str | None:
    """The checkout's commit, when PocketEval runs from one (read once: the code this
    process runs does not change with the checkout)."""
    if not (ROOT / ".git").exists():
        return None
    try:
        out = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True,
                             text=True, timeout=5, check=True)
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.strip() or None


def items_sha256(session: Session, plan: BenchmarkPlan) -> str:
    digest = hashlib.sha256()
    rows = {r.id: r for r in session.scalars(select(Item).where(Item.id.in_(plan.item_ids)))}
    for item_id in plan.item_ids:
        row = rows.get(item_id)
        if row is None:
            continue
        digest.update(json.dumps([row.id, row.external_id, row.split, row.subject,
                                  row.payload], sort_keys=True).encode())
    return digest.hexdigest()


@cache
def file_sha256(path: str, size: int, mtime_ns: int) -> str:
    """Keyed by size and mtime as well, so a replaced file is hashed again."""
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        while chunk := fh.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()


def gguf_sha256(path: Path) -> str:
    stat = path.stat()
    return file_sha256(str(path), stat.st_size, stat.st_mtime_ns)


def _llama_build() -> LlamaCppBuild:
    version = package_versions()["llama-cpp-python"]
    record = read_record()
    return LlamaCppBuild(version=version, commit=LLAMA_CPP_COMMITS.get(version or ""),
                         cmake_args=record.cmake_args if record is not None else [])


def numerics_of(plan: RunPlan) -> Numerics | None:
    gguf = plan.gguf
    if gguf is None:
        return None
    in_process = gguf.runtime == "in-process"
    return Numerics(runtime=gguf.runtime,
                    flash_attn=not (in_process and gguf.by_likelihood),
                    n_batch=N_BATCH if in_process else None,
                    n_ubatch=N_UBATCH, n_threads=gguf.n_threads,
                    swa_full=in_process, reuse=gguf.reuse)


def record(session: Session, plan: RunPlan) -> Reproducibility:
    """At planning: everything but the GGUF file's hash, which the executor adds (hashing a
    gigabyte file has no place in a request)."""
    gguf = plan.gguf
    seeds = {"run": plan.seed} | ({} if gguf is None else {"model": gguf.seed})
    return Reproducibility(
        pocketeval=__version__, git_commit=git_commit(), packages=package_versions(),
        llama_cpp=_llama_build() if gguf is not None else None,
        numerics=numerics_of(plan),
        benchmarks=[BenchmarkRecord(name=b.name, items_sha256=items_sha256(session, b),
                                    prompt_template_sha256=b.prompt_template_sha256,
                                    item_set=_item_set(session, b))
                    for b in plan.benchmarks],
        judge_prompt_sha256=plan.judge.prompt_sha256 if plan.judge is not None else None,
        methodology=plan.methodology.label, methodology_sha256=plan.methodology.sha256,
        seeds=seeds)


def _item_set(session: Session, plan: BenchmarkPlan) -> ItemSetVersion | None:
    bench = session.get(Benchmark, plan.benchmark_id)
    if bench is None:
        return None
    return item_set_version(session, bench, plan.split)


def scoring_record(methodology: MethodologyPin, benchmark: str,
                   item_set: ItemSetVersion) -> Reproducibility:
    """Posted predictions were generated elsewhere: what PocketEval contributes is its
    scoring (read by the methodology), so the versions behind it, and the item set."""
    return Reproducibility(pocketeval=__version__, git_commit=git_commit(),
                           packages=package_versions(), seeds={},
                           benchmarks=[BenchmarkRecord(name=benchmark, item_set=item_set)],
                           methodology=methodology.label,
                           methodology_sha256=methodology.sha256)
