"""A server killed with SIGKILL in the middle of a run resumes it at start-up: finished
samples are kept and never requested again, and the results equal an uninterrupted run's."""

from __future__ import annotations

import json
import signal
import sqlite3
import time
from pathlib import Path

import pytest

from tests.support.processes import (
    STALL_S,
    api_client,
    free_port,
    start_fake_model,
    start_pocketeval,
    stop,
    wait_status,
)

pytestmark = pytest.mark.needs("process")

KEY = "resume-test-key"
ITEMS = 12
REPEATS = 2


def _samples(db: Path, run_id: int) -> dict[tuple[int, int], tuple[int, str]]:
    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT item_id, repeat, id, created_at FROM samples "
                            "WHERE run_id = ?", (run_id,)).fetchall()
    return {(item, rep): (sid, created) for item, rep, sid, created in rows}


def test_kill_9_mid_run_then_resume(tmp_path: Path) -> None:
    model_port, port = free_port(), free_port()
    requests_log, gate = tmp_path / "requests.jsonl", tmp_path / "gate"
    # the model answers six requests, then holds the next two (concurrency 2) until the
    # kill: the server dies with exactly six samples stored, whatever the host's speed
    gate.write_text("6")
    model = start_fake_model(model_port, tmp_path / "model.log", delay=0.25,
                             requests_log=requests_log, gate=gate)
    server = start_pocketeval(port, tmp_path, KEY)
    base = f"http://127.0.0.1:{port}"
    headers = {"Authorization": f"Bearer {KEY}"}
    body = {"model": {"name": "canned", "base_url": f"http://127.0.0.1:{model_port}/v1"},
            "benchmarks": ["mmlu"], "repeats": REPEATS, "concurrency": 2}
    try:
        with api_client(base, headers) as client:
            rows = [{"id": f"q{i}", "question": f"Question number {i}?",
                     "choices": ["w", "x", "y", "z"], "answer": "ABCD"[i % 4]}
                    for i in range(ITEMS)]
            assert client.post("/benchmarks/mmlu/items:import",
                               json={"items": rows}).status_code == 200
            run_id = client.post("/runs", json=body).json()["id"]
            wait_status(client, run_id, lambda s: s["progress"]["done"] >= 6)
        deadline = time.monotonic() + STALL_S
        while len(requests_log.read_text().splitlines()) < 8:  # 6 answered, 2 held
            assert time.monotonic() < deadline, "the two held requests did not arrive"
            time.sleep(0.05)
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=10)
        killed_at = time.time()
        before = _samples(tmp_path / "live.db", run_id)
        gate.unlink()
        assert len(before) == 6

        server = start_pocketeval(port, tmp_path, KEY)
        with api_client(base, headers) as client:
            status = wait_status(client, run_id, lambda s: s["status"] not in ("queued", "running"))
            assert status["status"] == "finished", status
            resumed = client.get(f"/runs/{run_id}/results").json()[0]["metrics"]
            fresh_id = client.post("/runs", json=body).json()["id"]
            wait_status(client, fresh_id, lambda s: s["status"] == "finished")
            fresh = client.get(f"/runs/{fresh_id}/results").json()[0]["metrics"]
    finally:
        stop(server, model)

    after = _samples(tmp_path / "live.db", run_id)
    assert len(after) == ITEMS * REPEATS
    for key, stored in before.items():
        assert after[key] == stored  # untouched by the resume
    log = [json.loads(line) for line in requests_log.read_text().splitlines()]
    requested_after = [r for r in log if r["t"] > killed_at]
    # the resumed run asked only for what was missing, then the fresh run asked for all
    assert len(requested_after) == (ITEMS * REPEATS - len(before)) + ITEMS * REPEATS
    for field in ("accuracy", "macro_accuracy", "counts"):
        assert resumed[field] == fresh[field]
    assert resumed["pass_at_1"]["per_repeat"] == fresh["pass_at_1"]["per_repeat"]
