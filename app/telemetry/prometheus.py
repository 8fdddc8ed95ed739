"""GET /metrics in Prometheus' text format: the counters of app.telemetry (summed over every
serving process when there are several), each request's route and status as it is answered,
and the runs in each state as the database has them at the scrape."""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path

from fastapi import APIRouter, Request, Response
from prometheus_client import REGISTRY, CollectorRegistry, generate_latest, multiprocess
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector
from sqlalchemy import func, select
from sqlalchemy.orm import Session, sessionmaker
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.guards import ReadKeyDep
from app.records import RunKind, RunState
from app.tables import Run
from app.telemetry import counters

MULTIPROCESS_DIR = "PROMETHEUS_MULTIPROC_DIR"
TEXT_FORMAT = "text/plain; version=0.0.4; charset=utf-8"
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
# a path no route takes, or an answer made before routing (a 413, an idempotent replay):
# one label, not one per path tried
UNMATCHED = "<unmatched>"
router = APIRouter(tags=["meta"])


def share_between_processes(var_dir: Path) -> None:
    """Before several serving processes start: each keeps its counts in files of one folder
    (emptied here, so a restart starts from zero), unless the environment names another."""
    if MULTIPROCESS_DIR in os.environ:
        return
    folder = var_dir / "prometheus"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    os.environ[MULTIPROCESS_DIR] = str(folder)


class RequestCounts:
    """ASGI middleware: every HTTP request counted by its route template and status, and
    timed until its answer's last byte."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        start = time.perf_counter()
        status = 500  # an app that raised before answering

        async def noting_send(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, noting_send)
        finally:
            route = getattr(scope.get("route"), "path", UNMATCHED)
            method = scope["method"] if scope["method"] in METHODS else "other"
            counters.REQUESTS.labels(method, route, str(status)).inc()
            counters.LATENCY.labels(method, route).observe(
                time.perf_counter() - start)


class RunStates(Collector):
    """Runs by state and kind, read from the database at each scrape: the same figure from
    every serving process (queued runs are the queue's depth)."""

    def __init__(self, factory: sessionmaker[Session]) -> None:
        self.factory = factory

    def collect(self) -> Iterator[GaugeMetricFamily]:
        family = GaugeMetricFamily("pocketeval_runs", "Runs in the database, by state and "
                                   "kind.", labels=["state", "kind"])
        with self.factory() as session:
            counts = dict(((state, kind), n) for state, kind, n in session.execute(
                select(Run.status, Run.kind, func.count()).group_by(Run.status, Run.kind)))
        for state in RunState:
            for kind in RunKind:
                family.add_metric([state.value, kind.value], counts.get((state, kind), 0))
        yield family
        retracted = GaugeMetricFamily("pocketeval_runs_retracted", "Retracted runs in the "
                                      "database (they count nowhere), by kind.", labels=["kind"])
        with self.factory() as session:
            gone = {kind: n for kind, n in session.execute(
                select(Run.kind, func.count()).where(Run.retracted_at.is_not(None))
                .group_by(Run.kind))}
        for kind in RunKind:
            retracted.add_metric([kind.value], gone.get(kind, 0))
        yield retracted


def exposition(factory: sessionmaker[Session]) -> bytes:
    if MULTIPROCESS_DIR in os.environ:
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
    else:
        registry = REGISTRY
    states = CollectorRegistry()
    states.register(RunStates(factory))
    return generate_latest(registry) + generate_latest(states)


@router.get("/metrics", name="get_metrics", dependencies=[ReadKeyDep],
            response_class=Response,
            responses={200: {"content": {TEXT_FORMAT: {"schema": {"type": "string"}}},
                             "description": "Prometheus' text exposition format"}})
def get_metrics(request: Request) -> Response:
    """Counters for monitoring, in Prometheus' text format: requests by route and status
    with a latency histogram, runs by state, samples scored, model time, GGUF worker
    restarts, evictions and recomputed tokens, callback deliveries by result."""
    return Response(exposition(request.app.state.sessionmaker), media_type=TEXT_FORMAT)
