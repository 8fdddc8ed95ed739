"""Two `pocketeval serve` processes behind one PostgreSQL database: score batches posted to
both concurrently are all kept; a run is carried out by one process only; when that process
is killed with SIGKILL the other takes the run over and it ends with exactly the planned
samples; a cancel sent to the process that does not carry the run out stops it."""

from __future__ import annotations

import signal
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from tests.support.databases import on_postgresql_only
from tests.support.processes import (
    HANG_S,
    STALL_S,
    api_client,
    free_port,
    start_fake_model,
    start_pocketeval,
    stop,
    wait_status,
)

pytestmark = pytest.mark.needs("process")

KEY = "two-servers-key"
ITEMS, REPEATS = 12, 2


@on_postgresql_only  # several API processes share a PostgreSQL database
def test_two_servers_share_runs_and_writes(db_url: str, tmp_path: Path) -> None:
    model_port = free_port()
    gate = tmp_path / "gate"
    gate.write_text("4")  # four answers, then the rest wait until the kill: work is left
    model = start_fake_model(model_port, tmp_path / "model.log", delay=0.3, gate=gate)
    env = {"POCKETEVAL_DATABASE_URL": db_url}
    ports = [free_port(), free_port()]
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    servers = [start_pocketeval(ports[0], tmp_path / "a", KEY, env),
               start_pocketeval(ports[1], tmp_path / "b", KEY, env)]
    clients = [api_client(f"http://127.0.0.1:{p}", {"Authorization": f"Bearer {KEY}"})
               for p in ports]
    engine = create_engine(db_url)
    try:
        a, b = clients
        rows = [{"id": f"q{i}", "question": f"Question number {i}?",
                 "choices": ["w", "x", "y", "z"], "answer": "ABCD"[i % 4]} for i in range(ITEMS)]
        assert a.post("/benchmarks/mmlu/items:import", json={"items": rows}).status_code == 200

        def post(index: int) -> int:
            preds = [{"external_id": f"q{i}", "answer": "A"} for i in range(ITEMS)]
            r = clients[index % 2].post("/benchmarks/mmlu/score",
                                        json={"model": f"m{index}", "predictions": preds})
            assert r.status_code == 200, r.text
            return int(r.json()["run_id"])

        with ThreadPoolExecutor(8) as pool:
            posted = list(pool.map(post, range(24)))
        with engine.connect() as conn:
            stored = conn.execute(text("SELECT run_id, count(*) FROM samples WHERE run_id = "
                                       "ANY(:ids) GROUP BY run_id"), {"ids": posted}).all()
        assert len(set(posted)) == 24 and sorted(n for _r, n in stored) == [ITEMS] * 24

        body = {"model": {"name": "canned", "base_url": f"http://127.0.0.1:{model_port}/v1"},
                "benchmarks": ["mmlu"], "repeats": REPEATS, "concurrency": 2}
        run_id = a.post("/runs", json=body).json()["id"]
        wait_status(b, run_id, lambda s: s["progress"]["done"] >= 4)
        with engine.connect() as conn:
            holder = conn.execute(text("SELECT claimed_by FROM runs WHERE id = :i"),
                                  {"i": run_id}).scalar_one()
        assert holder.split(":")[1] == str(servers[0].pid)  # the process that was asked
        servers[0].send_signal(signal.SIGKILL)
        servers[0].wait(timeout=10)
        gate.unlink()
        status = wait_status(b, run_id, lambda s: s["status"] not in ("queued", "running"))
        assert status["status"] == "finished", status
        with engine.connect() as conn:
            count, distinct, holder = conn.execute(text(
                "SELECT count(*), count(DISTINCT (item_id, repeat)), max(r.claimed_by) "
                "FROM samples s JOIN runs r ON r.id = s.run_id WHERE s.run_id = :i"),
                {"i": run_id}).one()
        assert count == distinct == ITEMS * REPEATS  # none lost, none twice
        assert holder.split(":")[1] == str(servers[1].pid)

        # events and a cancel through a process that does not carry the run out
        servers[0] = start_pocketeval(ports[0], tmp_path / "a", KEY, env)
        slow = b.post("/runs", json={**body, "repeats": 20, "concurrency": 1}).json()["id"]
        wait_status(a, slow, lambda s: s["progress"]["done"] >= 1)
        events: list[str] = []

        def follow() -> list[str]:
            with a.stream("GET", f"/runs/{slow}/events") as stream:
                for line in stream.iter_lines():
                    if line.startswith("event: "):
                        events.append(line.removeprefix("event: "))
            return events

        with ThreadPoolExecutor(1) as pool:
            followed = pool.submit(follow)
            deadline = time.monotonic() + STALL_S
            while "progress" not in events and time.monotonic() < deadline:
                time.sleep(0.1)
            assert a.post(f"/runs/{slow}/cancel").status_code == 200
            got = followed.result(timeout=HANG_S)
        assert got[0] == "status" and "progress" in got and got[-1] == "cancelled", got
        assert a.get(f"/runs/{slow}").json()["status"] == "cancelled"
    finally:
        for client in clients:
            client.close()
        engine.dispose()
        stop(*servers, model)
