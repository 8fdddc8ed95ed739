"""A run callback in flight when its server is SIGKILLed is delivered by the next server on
the same database: the outbox row outlives the process, and its lease runs out."""

from __future__ import annotations

import json
import signal
import time
from pathlib import Path

import pytest

from tests.support.callback_receiver import receiving
from tests.support.factories import mcq_rows
from tests.support.processes import (
    HANG_S,
    api_client,
    canned_model,
    free_port,
    start_pocketeval,
    stop,
    wait_status,
)
from tests.support.served import AUTH, KEY

pytestmark = pytest.mark.needs("process")

# the first server's try outlasts any host's pause before the kill; its lease (the timeout
# and the margin) is what the next server waits out
QUICK = {"POCKETEVAL_CALLBACK_POLL_S": "0.1", "POCKETEVAL_CALLBACK_TIMEOUT_S": "20",
         "POCKETEVAL_CALLBACK_LEASE_MARGIN_S": "1"}


def test_a_delivery_cut_off_by_a_kill_is_made_by_the_next_server(tmp_path: Path) -> None:
    with canned_model(tmp_path) as model_url, receiving() as receiver:
        receiver.hold.set()  # the first try hangs: the kill lands while it is in flight
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        first = start_pocketeval(port, tmp_path, KEY, QUICK)
        try:
            with api_client(base, AUTH) as client:
                client.post("/benchmarks/mmlu/items:import", json={"items": mcq_rows(4)})
                r = client.post("/runs", json={
                    "model": {"name": "canned", "base_url": model_url},
                    "benchmarks": ["mmlu"], "repeats": 1,
                    "notify": {"url": receiver.url, "secret": "s" * 24}})
                run_id = r.json()["id"]
                wait_status(client, run_id, lambda s: s["status"] == "finished")
            receiver.wait_for(1)
            first.send_signal(signal.SIGKILL)
            first.wait(timeout=30)
        finally:
            stop(first)
        receiver.hold.clear()
        receiver.released.set()
        second = start_pocketeval(port, tmp_path, KEY, QUICK)
        try:
            cut_off, delivered = receiver.wait_for(2)
            with api_client(base) as client:
                deadline = time.monotonic() + HANG_S  # recorded just after the receiver answers
                while (read := client.get(f"/runs/{run_id}/notifications").json())[
                        "state"] != "delivered":
                    assert time.monotonic() < deadline, read
                    time.sleep(0.05)
        finally:
            stop(second)
    assert cut_off.body == delivered.body
    assert json.loads(delivered.body)["type"] == "run.finished"
    assert cut_off.headers["PocketEval-Delivery"] == f"{run_id}.1"
    assert read["state"] == "delivered"
    # the cut-off try was never recorded: the next process made it again as try 1
    assert [a["status_code"] for a in read["attempts"]] == [200]
