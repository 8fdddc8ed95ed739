"""A run's event stream lasts as long as the run, whatever POCKETEVAL_BODY_READ_TIMEOUT_S
says: that deadline is for request bodies, and a GET stream waiting for its client to leave
has no body to wait for. A served process, the timeout set to 2 s, a run held longer."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from tests.support.processes import api_client, free_port, start_fake_model, start_pocketeval, stop

pytestmark = pytest.mark.needs("process")

KEY = "stream-lasts-key-0123456789"
BODY_READ_TIMEOUT_S = 2


def test_a_stream_outlives_the_body_read_timeout_and_ends_with_the_final_status(
        tmp_path: Path) -> None:
    model_port, port = free_port(), free_port()
    gate = tmp_path / "gate"
    gate.write_text("1")  # one answer, then the model waits until the gate is gone
    model = start_fake_model(model_port, tmp_path / "model.log", gate=gate)
    server = start_pocketeval(port, tmp_path, KEY, {
        "POCKETEVAL_BODY_READ_TIMEOUT_S": str(BODY_READ_TIMEOUT_S)})
    try:
        with api_client(f"http://127.0.0.1:{port}", {"Authorization": f"Bearer {KEY}"}
                        ) as client:
            items = [{"id": f"q{i}", "question": f"Question {i}?", "choices": list("wxyz"),
                      "answer": "A"} for i in range(3)]
            r = client.post("/benchmarks/mmlu/items:import", json={"items": items})
            assert r.status_code == 200, r.text
            r = client.post("/runs", json={
                "model": {"name": "canned", "base_url": f"http://127.0.0.1:{model_port}/v1"},
                "benchmarks": ["mmlu"], "repeats": 1, "concurrency": 1})
            assert r.status_code == 202, r.text
            run_id = r.json()["id"]
            events: list[str] = []
            # the run is held at its gate until the stream has been open longer than the
            # body-read timeout, then let go
            release = threading.Timer(BODY_READ_TIMEOUT_S + 2, gate.unlink)
            with client.stream("GET", f"/runs/{run_id}/events") as stream:
                release.start()
                for line in stream.iter_lines():
                    if line.startswith("event: "):
                        events.append(line.removeprefix("event: "))
            release.join()
            assert not gate.exists(), events
            assert events[-1] == "finished", events
            status = client.get(f"/runs/{run_id}").json()
            assert status["status"] == "finished", json.dumps(status)
            log = (tmp_path / "server.log").read_text()
            assert "_TooSlow" not in log and "Expected ASGI message" not in log
    finally:
        stop(server, model)
