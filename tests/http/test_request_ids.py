"""Every answer carries an X-Request-ID: the caller's when usable, else a new one. A
problem+json body names it, and every log line written while the request is served carries
it: uvicorn's text lines, or one JSON object a line with POCKETEVAL_LOG_FORMAT=json, on a
served process as on the in-process app."""

from __future__ import annotations

import json
import logging
import time
from pathlib import Path

import httpx
import pytest

from app.http.request_context import REQUEST_ID
from app.http.request_id import JsonLines, RequestIdField, logging_config
from tests.support.processes import STALL_S, api_client, free_port, start_pocketeval, stop

pytestmark = pytest.mark.anyio
KEY = "request-ids-key-0123456789"


async def test_each_answer_has_an_id_and_a_problem_names_it(client: httpx.AsyncClient) -> None:
    fresh = await client.get("/health")
    first = fresh.headers["x-request-id"]
    assert len(first) == 32 and first != (await client.get("/health")).headers["x-request-id"]
    given = await client.get("/health", headers={"X-Request-ID": "ci-job-42:retry/1"})
    assert given.headers["x-request-id"] == "ci-job-42:retry/1"
    for unusable in (b"has space", b"x" * 129, "é".encode()):
        r = await client.get("/health", headers={b"X-Request-ID": unusable})
        assert r.headers["x-request-id"].encode() != unusable
        assert len(r.headers["x-request-id"]) == 32
    problem = await client.get("/runs/999999", headers={"X-Request-ID": "lost-run"})
    assert problem.status_code == 404
    assert problem.headers["content-type"].startswith("application/problem+json")
    assert problem.json()["request_id"] == problem.headers["x-request-id"] == "lost-run"
    invalid = await client.get("/runs?limit=0", headers={"X-Request-ID": "bad-limit"})
    assert invalid.status_code == 422 and invalid.json()["request_id"] == "bad-limit"


def test_a_log_record_carries_the_request_being_served() -> None:
    record = logging.LogRecord("pocketeval.x", logging.WARNING, __file__, 1, "hello %s",
                               ("there",), None)
    token = REQUEST_ID.set("req-7")
    try:
        assert RequestIdField().filter(record)
    finally:
        REQUEST_ID.reset(token)
    line = json.loads(JsonLines().format(record))
    assert line["request_id"] == "req-7" and line["message"] == "hello there"
    assert line["level"] == "WARNING" and line["logger"] == "pocketeval.x"
    outside = logging.LogRecord("pocketeval.x", logging.INFO, __file__, 1, "m", (), None)
    RequestIdField().filter(outside)
    assert json.loads(JsonLines().format(outside))["request_id"] is None
    assert "%(request_id)s" in logging_config("text")["formatters"]["access"]["fmt"]


@pytest.mark.needs("process")
@pytest.mark.parametrize("style", ["json", "text"])
def test_a_served_process_logs_each_line_with_its_request(tmp_path: Path, style: str) -> None:
    port = free_port()
    proc = start_pocketeval(port, tmp_path, KEY, {"POCKETEVAL_LOG_FORMAT": style})
    try:
        with api_client(f"http://127.0.0.1:{port}") as api:
            r = api.get("/benchmarks", headers={"X-Request-ID": "served-list-1"})
            assert r.status_code == 200 and r.headers["x-request-id"] == "served-list-1"
            missing = api.get("/runs/424242", headers={"X-Request-ID": "served-404"})
            assert missing.json()["request_id"] == "served-404"
        log = tmp_path / "server.log"
        deadline = time.monotonic() + STALL_S  # the access line is written as the answer goes
        while "served-404" not in log.read_text(errors="replace"):
            assert time.monotonic() < deadline, log.read_text(errors="replace")[-2000:]
            time.sleep(0.05)
    finally:
        stop(proc)
    lines = log.read_text(errors="replace").splitlines()
    if style == "json":
        logged = [x for x in lines if x.strip() and not x.startswith("PocketEval on ")]
        records = [json.loads(line) for line in logged]  # the command's banner aside
        ours = [x for x in records if x["request_id"] == "served-list-1"]
        assert ours and all('"GET /benchmarks' in x["message"] for x in ours), ours
        assert any("/runs/424242" in x["message"] for x in records
                   if x["request_id"] == "served-404")
    else:
        assert any("[served-list-1]" in x and "GET /benchmarks" in x for x in lines), lines
        assert any("[served-404]" in x and "/runs/424242" in x for x in lines), lines
