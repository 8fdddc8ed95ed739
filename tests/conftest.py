"""Shared fixtures: a migrated SQLite file per test, the app, and an authenticated client."""

from __future__ import annotations

import os
import shutil
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import httpx
import pytest
from fastapi import FastAPI

from app.config import Settings
from app.main import create_app
from app.migrate import upgrade

API_KEY = "test-key-0123456789"
DATA_DIR = Path(os.environ.get("POCKETEVAL_TEST_DATA",
                               Path(__file__).resolve().parents[1].parent / "shared" / "data"))


@pytest.fixture(scope="session")
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(scope="session")
def migrated_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("template") / "template.db"
    upgrade(f"sqlite:///{path}")
    return path


@pytest.fixture
def db_url(migrated_template: Path, tmp_path: Path) -> str:
    path = tmp_path / "pocketeval.db"
    shutil.copy(migrated_template, path)
    return f"sqlite:///{path}"


@pytest.fixture
def settings(db_url: str, tmp_path: Path) -> Settings:
    # bundled BFCL data is loaded only by the tests about start-up data
    return Settings(database_url=db_url, var_dir=tmp_path, api_keys=[API_KEY],  # type: ignore[list-item]
                    load_bundled_data=False, _env_file=None)


@pytest.fixture
async def app(settings: Settings) -> AsyncIterator[FastAPI]:
    application = create_app(settings)
    async with application.router.lifespan_context(application):
        yield application


@pytest.fixture
async def client(app: FastAPI) -> AsyncIterator[httpx.AsyncClient]:
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://test",
                                 headers={"Authorization": f"Bearer {API_KEY}"}) as c:
        yield c


@pytest.fixture
def data_dir() -> Iterator[Path]:
    if not DATA_DIR.is_dir():
        pytest.skip(f"benchmark data not found at {DATA_DIR} (set POCKETEVAL_TEST_DATA)")
    yield DATA_DIR
