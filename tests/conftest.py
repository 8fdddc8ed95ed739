"""Shared fixtures: a migrated SQLite file per test, the app, and an authenticated client."""

from __future__ import annotations

import os
import shutil
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from sqlalchemy import Engine, create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import OperationalError

from app.config import Settings
from app.main import create_app
from app.migrate import upgrade
from app.runs.reproducibility import git_commit
from tests.support.databases import postgresql_cover
from tests.support.parts import missing, require
from tests.support.tiers import install_watch, mark_tiers, watching

API_KEY = "test-key-0123456789"
PG_URL = os.environ.get("POCKETEVAL_TEST_POSTGRES_URL",
                        "postgresql+psycopg://postgres@127.0.0.1:5432/postgres")
# one template per test session: two sessions on one server never drop each other's
PG_TEMPLATE = f"pocketeval_test_template_{os.getpid()}"
PG_MISSING = f"a PostgreSQL server at {make_url(PG_URL).render_as_string()}"
PG_INSTALL = ("start one (apt-get install postgresql; pg_ctlcluster <version> main start) or "
              "set POCKETEVAL_TEST_POSTGRES_URL")
DATA_DIR = Path(os.environ.get("POCKETEVAL_TEST_DATA",
                               Path(__file__).resolve().parents[1].parent / "shared" / "data"))


def pytest_configure(config: pytest.Config) -> None:
    # the checkout's commit is read by a `git` child once per process: here, before the watch
    # of child processes starts, not charged to whichever test scores first
    git_commit()
    install_watch()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """PostgreSQL variants as a pairwise cover (tests.support.databases), then the tiers
    (`fast`, `model`, `process`, `postgresql`) from what each test declares."""
    left_out = postgresql_cover(items)
    if left_out:
        dropped = set(map(id, left_out))
        items[:] = [item for item in items if id(item) not in dropped]
        config.hook.pytest_deselected(items=left_out)
    mark_tiers(items)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Iterator[None]:
    """`@pytest.mark.needs("chromium", ...)`: the real parts a test needs (tests.support.parts),
    there before it starts; and nothing it did not declare used while its fixtures start."""
    for mark in item.iter_markers("needs"):
        require(*mark.args)
    with watching(item):
        return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    with watching(item):
        return (yield)


@pytest.fixture(scope="session")
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(scope="session")
def migrated_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("template") / "template.db"
    upgrade(f"sqlite:///{path}")
    return path


@pytest.fixture(scope="session")
def postgres_template() -> Iterator[str | None]:
    """A migrated template database on the PostgreSQL server of POCKETEVAL_TEST_POSTGRES_URL
    (default: the local one on 127.0.0.1:5432); None when no server answers there."""
    admin = _admin_engine()
    try:
        with admin.connect() as conn:
            conn.execute(text(f"DROP DATABASE IF EXISTS {PG_TEMPLATE} WITH (FORCE)"))
            conn.execute(text(f"CREATE DATABASE {PG_TEMPLATE}"))
    except OperationalError:
        admin.dispose()
        yield None
        return
    upgrade(_database_url(PG_TEMPLATE))
    try:
        yield PG_TEMPLATE
    finally:
        with admin.connect() as conn:
            conn.execute(text(f"DROP DATABASE IF EXISTS {PG_TEMPLATE} WITH (FORCE)"))
        admin.dispose()


def _admin_engine() -> Engine:
    return create_engine(PG_URL, isolation_level="AUTOCOMMIT", pool_pre_ping=True,
                         connect_args={"connect_timeout": 3})


def _database_url(name: str) -> str:
    return make_url(PG_URL).set(database=name).render_as_string(hide_password=False)


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, migrated_template: Path,
           tmp_path: Path) -> Iterator[str]:
    """Each test that touches the database runs on a fresh SQLite file and on a fresh
    PostgreSQL database (copied from a migrated template)."""
    if request.param == "sqlite":
        path = tmp_path / "pocketeval.db"
        shutil.copy(migrated_template, path)
        yield f"sqlite:///{path}"
        return
    template = request.getfixturevalue("postgres_template")
    if template is None:
        missing(PG_MISSING, PG_INSTALL)
    yield from _postgres_database(template)


@pytest.fixture(params=["sqlite", "postgresql"])
def empty_db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """An empty database of each kind, for migration tests."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'empty.db'}"
        return
    if request.getfixturevalue("postgres_template") is None:
        missing(PG_MISSING, PG_INSTALL)
    yield from _postgres_database(None)


def _postgres_database(template: str | None) -> Iterator[str]:
    name = f"pe_{uuid.uuid4().hex[:16]}"
    admin = _admin_engine()
    try:
        with admin.connect() as conn:
            conn.execute(text(f"CREATE DATABASE {name}"
                              + (f" TEMPLATE {template}" if template else "")))
        yield _database_url(name)
    finally:  # whatever happened: no database and no connection are left behind
        with admin.connect() as conn:
            conn.execute(text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        admin.dispose()


@pytest.fixture
def settings(db_url: str, tmp_path: Path) -> Settings:
    # bundled BFCL data is loaded only by the tests about start-up data; batches run on
    # threads (starting worker processes for every test app would cost seconds each): the
    # worker processes have tests of their own, and served processes use them. GGUF runs
    # take the fixed topology (one worker, llama.cpp's threads), so each test's figures do
    # not depend on a probe of the host: the probe's own tests set it back
    return Settings(database_url=db_url, var_dir=tmp_path, api_keys=[API_KEY],  # type: ignore[list-item]
                    load_bundled_data=False, bulk_processes=0, gguf_topology="fixed",
                    probe_dir=tmp_path / "probes", _env_file=None)


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
    if not DATA_DIR.is_dir():  # skipped outside CI, failed under CI=true
        missing(f"benchmark data at {DATA_DIR}", "set POCKETEVAL_TEST_DATA to its folder")
    yield DATA_DIR


@pytest.fixture(scope="module")
def official() -> Iterator[Any]:
    """IFBench's evaluation_lib with what it imports: real spaCy and nltk. Its instructions
    module fetches spaCy's en_core_web_sm from GitHub at import and never uses it, and its
    checkers call nltk.download on every build although the data is in place: those two
    downloads (network, here unreachable) do nothing, in this module only."""
    import nltk
    import spacy.cli

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(spacy.cli, "download", lambda *args, **kwargs: None)
        patch.setattr(nltk, "download", lambda *args, **kwargs: True)
        from ifbench import evaluation_lib

        yield evaluation_lib
