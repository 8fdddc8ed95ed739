"""Serving the API with uvicorn: one process, or several sharing the port and the database.

Several processes use every core for requests (one Python process is held to about one by
its GIL). They coordinate through the database only: runs are claimed (app.runs.execute.
claims), cancels and live events cross processes through it, and item-page caches are keyed
by the items' version. The parent migrates and prepares the database once, so the workers
do not race to seed it.
"""

from __future__ import annotations

import asyncio
import os
import threading
from typing import Any, TypedDict

from app.config import Settings


class _UvicornOptions(TypedDict):
    host: str
    port: int
    http: type[asyncio.Protocol] | str  # a class, or "module:Class" for worker processes
    timeout_keep_alive: int
    limit_concurrency: int
    log_config: dict[str, Any]


def serve_api(settings: Settings, host: str, port: int, processes: int) -> None:
    import uvicorn

    from app.db import make_engine, make_sessionmaker
    from app.http import logging_config, protocol_with
    from app.main import create_app, prepare_database
    from app.migrate import upgrade
    from app.telemetry import share_between_processes

    upgrade(settings.resolved_database_url)
    if settings.check_scorers_at_start:
        from app.benchmarks import log_broken_scorers

        threading.Thread(target=log_broken_scorers, name="scorer-check", daemon=True).start()
    options: _UvicornOptions = {
        "host": host, "port": port, "http": protocol_with(settings.header_timeout_s),
        "timeout_keep_alive": 5, "limit_concurrency": settings.max_connections,
        "log_config": logging_config(settings.log_format)}
    if processes == 1:
        uvicorn.run(create_app(settings, serving=True), **options)
        return
    # the workers read their settings from the environment: hand them the key file made here
    if settings.api_key_file is not None:
        os.environ["POCKETEVAL_API_KEY_FILE"] = str(settings.api_key_file)
    engine = make_engine(settings.resolved_database_url)
    try:
        prepare_database(settings, make_sessionmaker(engine))
    finally:
        engine.dispose()
    options["http"] = "app.http.protocol:EnvironmentHeaderDeadlineProtocol"
    share_between_processes(settings.var_dir)  # before the workers import prometheus-client
    uvicorn.run("app.main:worker_app", factory=True, workers=processes, **options)
