"""Retries over real sockets, against `pocketeval serve` with two processes on one database
(SQLite and PostgreSQL): a client whose connection drops after its request was sent retries
with the same Idempotency-Key and gets one run, whichever process each try reaches; sixteen
clients sending the same request at once make one run."""

from __future__ import annotations

import json
import socket
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest

from tests.support.factories import mcq_rows
from tests.support.processes import HANG_S, api_client, canned_model
from tests.support.served import AUTH, host_port, post_head, served

pytestmark = pytest.mark.needs("process")

SCORE = "/benchmarks/mmlu/score"
ITEMS = 400


def _dropped(base: str, path: str, body: bytes, key: str) -> None:
    """The whole request written, then the connection closed before any answer."""
    head = post_head(path, len(body), f"Idempotency-Key: {key}\r\n")
    with socket.create_connection(host_port(base), timeout=HANG_S) as sock:
        sock.sendall(head + body)


def _retried(client: httpx.Client, path: str, body: bytes, key: str) -> httpx.Response:
    """Try again until the first try's answer comes back (409 while it is being served)."""
    deadline = time.monotonic() + HANG_S  # only a broken server takes this long
    while True:
        r = client.post(path, content=body, headers={"Idempotency-Key": key,
                                                     "Content-Type": "application/json"})
        if r.status_code != 409:
            return r
        assert time.monotonic() < deadline, r.text
        time.sleep(float(r.headers["retry-after"]))


def _runs_of(client: httpx.Client, model: str) -> list[int]:
    return [run["id"] for run in client.get("/runs", params={"model": model}).json()["runs"]]


def test_dropped_connections_are_retried_into_one_run_each(db_url: str,
                                                           tmp_path: Path) -> None:
    with canned_model(tmp_path) as model_url, \
            served(tmp_path, workers=2, env={"POCKETEVAL_DATABASE_URL": db_url}) as base, \
            api_client(base, AUTH) as client:
        rows = mcq_rows(ITEMS)
        assert client.post("/benchmarks/mmlu/items:import",
                           json={"items": rows}).status_code == 200
        score = json.dumps({"model": "dropped", "predictions": [
            {"external_id": row["id"], "answer": "A"} for row in rows]}).encode()
        _dropped(base, SCORE, score, "score-1")
        scored = _retried(client, SCORE, score, "score-1")
        assert scored.status_code == 200, scored.text
        assert _runs_of(client, "dropped") == [scored.json()["run_id"]]

        run = json.dumps({"model": {"name": "canned", "base_url": model_url},
                          "benchmarks": ["mmlu"], "limit": 3}).encode()
        _dropped(base, "/runs", run, "run-1")
        started = _retried(client, "/runs", run, "run-1")
        assert started.status_code == 202, started.text
        assert _runs_of(client, "canned") == [started.json()["id"]]
        assert started.headers["location"] == f"/runs/{started.json()['id']}"


def test_simultaneous_duplicates_make_one_run(db_url: str, tmp_path: Path) -> None:
    with served(tmp_path, workers=2, env={"POCKETEVAL_DATABASE_URL": db_url}) as base:
        rows = mcq_rows(ITEMS)
        with api_client(base, AUTH) as client:
            assert client.post("/benchmarks/mmlu/items:import",
                               json={"items": rows}).status_code == 200
        body = json.dumps({"model": "racing", "predictions": [
            {"external_id": row["id"], "answer": "B"} for row in rows]}).encode()

        def send(_n: int) -> httpx.Response:
            with api_client(base, AUTH) as own:
                return own.post(SCORE, content=body, headers={
                    "Idempotency-Key": "race-1", "Content-Type": "application/json"})

        with ThreadPoolExecutor(16) as pool:
            answers = list(pool.map(send, range(16)))
        assert {r.status_code for r in answers} <= {200, 409}, [r.text for r in answers]
        ids = {r.json()["run_id"] for r in answers if r.status_code == 200}
        assert len(ids) == 1
        with api_client(base, AUTH) as client:
            assert _runs_of(client, "racing") == list(ids)
            assert _retried(client, SCORE, body, "race-1").json()["run_id"] in ids
