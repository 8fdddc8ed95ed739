"""Application factory: settings, database, routers and the one problem+json error path."""

from __future__ import annotations

import gc
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import anyio
import httpx
from fastapi import FastAPI
from fastapi.routing import APIRoute
from sqlalchemy.orm import Session, sessionmaker
from starlette.middleware.gzip import GZipMiddleware

from app import __version__
from app.audits.content_endpoints import router as content_audits_router
from app.audits.endpoints import router as audits_router
from app.benchmarks import PreparationUnavailable, preparations, seed_catalog
from app.benchmarks.endpoints import router as benchmarks_router
from app.benchmarks.methodology_endpoints import router as methodologies_router
from app.bundles import load_or_create
from app.bundles.endpoints import router as bundles_router
from app.callbacks import Deliverer
from app.callbacks.endpoints import router as callbacks_router
from app.config import Settings, get_settings
from app.db import (
    Transactions,
    bulk_worker_sessions,
    is_in_memory,
    make_engine,
    make_sessionmaker,
)
from app.doctor.endpoints import router as meta_router
from app.gguf.endpoints import router as gguf_router
from app.gguf.model_endpoints import router as models_router
from app.guards import Idempotency, document_idempotency_keys, optional_read_security
from app.http import (
    PROBLEM_RESPONSES,
    BodySizeLimit,
    KnownQueryDep,
    RequestIds,
    install_api_docs,
    install_error_handlers,
)
from app.inference import GuardedTransport
from app.items import PageCache, load_startup_data
from app.items.endpoints import router as items_router
from app.results.endpoints import router as results_router
from app.runs import make_executor
from app.runs.endpoints import router as runs_router
from app.runs.pull_endpoints import router as pull_router
from app.runs.retraction_endpoints import router as retraction_router
from app.server_pools import BulkProcesses
from app.server_pools import shutdown as shutdown_isolation
from app.telemetry import RequestCounts, metrics_router
from app.ui.routes import router as ui_router

log = logging.getLogger("pocketeval")
GZIP_MINIMUM_BYTES = 1024  # smaller responses gain less than compressing them costs


def prepare_benchmarks() -> None:
    """What benchmarks' scorers need on this machine: `make serve` prepares it, a bare
    install may not have. A preparation that cannot run leaves its benchmarks unscorable,
    not the server down."""
    for preparation in preparations():
        try:
            written = preparation.prepare()
        except (PreparationUnavailable, OSError) as exc:
            log.warning("%s unavailable, scoring that needs it will fail: %s",
                        preparation.name, exc)
        else:
            if written:
                log.info("prepared %s: %s", preparation.name, ", ".join(written))


def _operation_id(route: APIRoute) -> str:
    """Stable operationIds (the route name), so generated SDK methods read well."""
    return route.name


def prepare_database(settings: Settings, factory: sessionmaker[Session]) -> None:
    """What start-up writes: the catalog and the data found at start-up (and what benchmarks'
    scorers need prepared). With several worker processes the parent does it once, before
    they start."""
    prepare_benchmarks()
    with factory.begin() as session:
        seed_catalog(session)
        load_startup_data(session, settings.data_dir, settings.load_bundled_data,
                          settings.max_import_errors)


def create_app(settings: Settings | None = None, *, prepare: bool = True,
               serving: bool = False) -> FastAPI:
    """The API. `serving` is for the process uvicorn serves it in: start-up's objects (modules,
    catalog, bundled data) are moved out of the garbage collector's sight once it is done."""
    settings = settings or get_settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = make_engine(settings.resolved_database_url)
        app.state.engine = engine
        app.state.sessionmaker = make_sessionmaker(engine)
        # /health has a connection and threads of its own: it answers while requests queue
        app.state.health_engine = make_engine(settings.resolved_database_url, pool_size=1,
                                              max_overflow=1, pool_timeout=2.0)
        app.state.health_threads = anyio.CapacityLimiter(2)
        # sync endpoints run on these threads: a few per core, not anyio's 40, or under load a
        # request holding SQLite's write lock waits behind 39 others for the GIL, and the
        # writers queued behind it time out ("database is locked")
        anyio.to_thread.current_default_thread_limiter().total_tokens = settings.worker_threads
        # score and import batches take seconds of CPU each: they queue on threads of their
        # own, so reads keep their threads (and most of the GIL) under a burst of writes
        app.state.write_threads = anyio.CapacityLimiter(settings.write_threads)
        # item pages, the reads clients make most, have threads of their own as well: they
        # cost a few milliseconds and must not wait behind run lists and results
        app.state.page_threads = anyio.CapacityLimiter(settings.worker_threads)
        app.state.bulk_slots = anyio.Semaphore(settings.bulk_requests)  # app.server_pools.bulk_lane
        # score and import batches in processes of their own (app.server_pools.bulk_processes)
        app.state.bulk_processes = (
            BulkProcesses(bulk_worker_sessions, settings.resolved_database_url,
                          settings.bulk_processes)
            if settings.bulk_processes and not is_in_memory(settings.resolved_database_url)
            else None)
        app.state.page_cache = PageCache(settings.page_cache_bytes)
        app.state.signing_key = load_or_create(settings.signing_key_path)
        limits = httpx.Limits(max_connections=settings.run_concurrency_max * 4,
                              max_keepalive_connections=settings.run_concurrency_max * 2)
        app.state.http = httpx.AsyncClient(
            transport=GuardedTransport(limits, settings.endpoint_allowlist),
            follow_redirects=False)
        app.state.internal_http = httpx.AsyncClient(limits=limits, follow_redirects=False)
        app.state.transactions = Transactions(
            app.state.sessionmaker, app.state.write_threads, app.state.page_threads,
            app.state.bulk_slots, app.state.bulk_processes)
        app.state.executor = make_executor(settings, app.state.transactions, app.state.http,
                                           app.state.internal_http)
        if prepare:
            prepare_database(settings, app.state.sessionmaker)
        app.state.callbacks = Deliverer(app.state.transactions, app.state.http, settings)
        app.state.callbacks.start()
        try:
            resumed = await app.state.executor.resume_unfinished()
            if resumed:
                log.info("resuming runs %s", resumed)
            if serving:
                if app.state.bulk_processes is not None:
                    await app.state.bulk_processes.warm()
                freeze_startup_heap()
            yield
        finally:
            await app.state.executor.shutdown()
            await app.state.callbacks.stop()
            await app.state.http.aclose()
            await app.state.internal_http.aclose()
            shutdown_isolation()
            if app.state.bulk_processes is not None:
                app.state.bulk_processes.shutdown()
            engine.dispose()
            app.state.health_engine.dispose()

    app = FastAPI(
        title="PocketEval",
        version=__version__,
        summary="Evaluation server for phone-sized language models.",
        lifespan=lifespan,
        generate_unique_id_function=_operation_id,
        responses=PROBLEM_RESPONSES,
        docs_url=None, redoc_url=None,  # /docs is served from an installed package below
    )
    app.state.settings = settings
    install_error_handlers(app)
    app.add_middleware(Idempotency)  # inside the body limit: it sees inflated bodies
    app.add_middleware(BodySizeLimit, max_bytes=settings.max_body_bytes, overrides={
        "/models/": (settings.max_model_upload_bytes, "POCKETEVAL_MAX_MODEL_UPLOAD_BYTES")},
        read_timeout_s=settings.body_read_timeout_s)
    # large responses (samples, exports, item pages) gzip-compressed for clients that accept
    # it; event streams are never buffered (starlette leaves text/event-stream alone)
    app.add_middleware(GZipMiddleware, minimum_size=GZIP_MINIMUM_BYTES, compresslevel=5)
    app.add_middleware(RequestCounts)  # every answer counted, a 413 included
    app.add_middleware(RequestIds)  # outermost: every answer has an id
    def openapi() -> dict[str, object]:
        if app.openapi_schema is None:
            schema = FastAPI.openapi(app)
            optional_read_security(schema)
            document_idempotency_keys(schema)
        assert app.openapi_schema is not None
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
    for router in (meta_router, metrics_router, benchmarks_router, methodologies_router,
                   items_router, pull_router, runs_router, retraction_router, results_router,
                   gguf_router, models_router, audits_router, content_audits_router,
                   callbacks_router, bundles_router):
        app.include_router(router, dependencies=[KnownQueryDep])
    app.include_router(ui_router)  # pages read their own query in the browser
    install_api_docs(app)
    return app


# full collections of a served process: after this many collections of the middle generation
# (CPython's default is 10)
FULL_COLLECTION_EVERY = 1000


def freeze_startup_heap() -> None:
    """A full collection walks every object alive; a served process holds millions from
    start-up that live as long as it does (modules, pydantic and SQLAlchemy schemas, scoring
    libraries and benchmark data), and walking them took 150-190 ms, several times a minute
    under load, with every request stalled. Frozen, they are never walked again. What serving
    holds later (hundreds of open event streams are some 200,000 objects) still took 120-220
    ms a walk, every few seconds under load, while those walks found next to nothing to free
    (reference counting frees almost everything at once): full collections are made a hundred
    times rarer; the young generations are collected as before."""
    gc.collect()
    gc.freeze()
    young, middle, _full = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_COLLECTION_EVERY)


def worker_app() -> FastAPI:
    """The app of one of several `pocketeval serve --workers N` processes: settings from the
    environment, the database already prepared by the parent."""
    return create_app(get_settings(), prepare=False, serving=True)
