"""Test data builders and database fingerprints."""

from __future__ import annotations

import asyncio
import csv
import hashlib
import io
import json
import shutil
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import httpx
from fastapi import FastAPI
from sqlalchemy import select

from app.config import Settings
from app.main import create_app
from app.tables import Base


@asynccontextmanager
async def served(settings: Settings, key: str) -> AsyncIterator[httpx.AsyncClient]:
    """A client of an app made from `settings` now (after a registration or a migration the
    shared fixtures would not see), started and stopped around it."""
    application = create_app(settings)
    async with application.router.lifespan_context(application):
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=application),
                                     base_url="http://test",
                                     headers={"Authorization": f"Bearer {key}"}) as client:
            yield client


DATABASE_FILES = (".db", ".db-wal", ".db-shm", ".db-journal")


def db_fingerprint(app: FastAPI) -> dict[str, str]:
    """A sha256 of every row of every table, read in primary-key order, and of every file
    under the app's folders (its var folder and model folders, the database's own files
    aside): equal before and after a rejected request means no row was inserted, deleted
    or updated and no file written, changed or removed."""
    out = {}
    with app.state.engine.connect() as conn:
        for name, table in Base.metadata.tables.items():
            digest = hashlib.sha256()
            rows = conn.execute(select(table).order_by(*table.primary_key.columns))
            for row in rows:
                digest.update(repr(tuple(row)).encode())
                digest.update(b"\n")
            out[name] = digest.hexdigest()
    settings = app.state.settings
    for folder in {settings.var_dir, *settings.model_dirs}:
        digest = hashlib.sha256()
        for path in sorted(Path(folder).rglob("*")):
            if path.is_file() and not path.name.endswith(DATABASE_FILES):
                digest.update(f"{path.relative_to(folder)}\n".encode())
                digest.update(hashlib.sha256(path.read_bytes()).digest())
        out[f"files:{folder}"] = digest.hexdigest()
    return out


def mcq_rows(n: int, *, subject: str = "alpha", k: int = 4,
             prefix: str = "q") -> list[dict[str, Any]]:
    return [
        {"id": f"{prefix}{i}", "question": f"Question {i}?",
         "choices": [f"opt {j}" for j in range(k)], "answer": "ABCDEFGHIJ"[i % k],
         "subject": subject}
        for i in range(n)
    ]


def jsonl(rows: list[dict[str, Any]]) -> bytes:
    return "".join(json.dumps(r) + "\n" for r in rows).encode()


async def wait_run(client: httpx.AsyncClient, run_id: int, stall: float = 120,
                   poll: float = 0.05) -> dict[str, Any]:
    """The run's status once it is no longer queued or running.

    It waits as long as the run moves: a sample stored, a stage reached, or its executor's
    heartbeat (every 10 s while the process carrying it out lives), so a slow or loaded host
    only makes it wait longer. It fails when nothing has moved for `stall` seconds: the run
    has lost its process, or never started."""
    moved = time.monotonic()
    last: tuple[Any, ...] | None = None
    while True:
        status: dict[str, Any] = (await client.get(f"/runs/{run_id}")).json()
        if status["status"] not in ("queued", "running"):
            return status
        progress = status.get("progress") or {}
        now = (status["status"], progress.get("done"), progress.get("heartbeat_at"),
               (status.get("runtime") or {}).get("pull"))
        if now != last:
            last, moved = now, time.monotonic()
        elif time.monotonic() - moved > stall:
            raise AssertionError(f"run {run_id} has not moved for {stall} s: {status}")
        await asyncio.sleep(poll)


def smollm2_folder(folder: Path) -> Path:
    """A model folder holding SmolLM2-135M as smollm2.gguf."""
    from tests.support import real_models

    folder.mkdir(exist_ok=True)
    shutil.copy(real_models.smollm2(), folder / "smollm2.gguf")
    return folder


def mmlu_subject_files(data_dir: Path, subject: str = "astronomy"
                       ) -> list[tuple[str, tuple[str, bytes]]]:
    """One MMLU subject's dev (few-shot) and test files, as multipart `file` parts."""
    return [("file", (p.name, p.read_bytes())) for p in (
        data_dir / "mmlu" / "dev" / f"{subject}_dev.csv",
        data_dir / "mmlu" / "test" / f"{subject}_test.csv")]


def omniscience_csv(n: int) -> bytes:
    """n AA-Omniscience rows (question, answer, domain, topic): "Who wrote work i?", answered
    "Author i", over three domains."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["question", "answer", "domain", "topic"])
    for i in range(n):
        writer.writerow([f"Who wrote work {i}?", f"Author {i}",
                         ["Law", "Health", "Software"][i % 3], f"topic {i % 5}"])
    return out.getvalue().encode()
