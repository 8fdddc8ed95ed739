"""A caller as other services write one: every POST goes through the Python SDK, and the first
answer to each is lost on its way back (the connection drops after the server has answered),
so the SDK sends it again with the same Idempotency-Key; the caller learns that a run ended
only from its signed callback. It evaluates a GGUF model and scores three posted prediction
sets with a write key given to the server by its hash: exactly one run each, recorded as
that key's, and every callback verifies with the check docs/runs.md prints."""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import httpx
import pytest

from tests.callbacks.test_run_callbacks import verified
from tests.support.callback_receiver import receiving
from tests.support.dropping_transport import DropsEveryFirstAnswer
from tests.support.factories import mcq_rows, smollm2_folder
from tests.support.processes import HANG_S, ROOT, api_client
from tests.support.served import AUTH, served

pytestmark = pytest.mark.needs("process")

CI_KEY = "ci-build-key-0123456789"
SECRET = "whsec-scripted-0123456789"
ITEMS = 6


def test_a_retrying_caller_gets_one_run_each_and_verified_callbacks(tmp_path: Path) -> None:
    sys.path.insert(0, str(ROOT / "clients" / "python"))
    try:
        from pocketeval_client import AuthenticatedClient
        from pocketeval_client.api.runs import create_run, score_predictions
        from pocketeval_client.models import (
            GGUFModelIn,
            NotifyIn,
            PredictionIn,
            RunCreate,
            RunStatus,
            ScoreRequest,
            ScoreResponse,
        )
    finally:
        sys.path.remove(str(ROOT / "clients" / "python"))
    keys = [{"name": "ci", "scope": "write",
             "sha256": hashlib.sha256(CI_KEY.encode()).hexdigest()}]
    env = {"POCKETEVAL_MODEL_DIRS": str(smollm2_folder(tmp_path / "models")),
           "POCKETEVAL_KEYS": json.dumps(keys), "POCKETEVAL_GGUF_TOPOLOGY": "fixed",
           "POCKETEVAL_PROBE_DIR": str(tmp_path / "probes"),
           "POCKETEVAL_CALLBACK_POLL_S": "0.2"}
    with receiving() as receiver, served(tmp_path, env=env) as base, \
            api_client(base, AUTH) as setup:  # the operator's key
        assert setup.post("/benchmarks", json={"name": "quiz", "kind": "mcq"}).status_code == 201
        rows = mcq_rows(ITEMS)
        assert setup.post("/benchmarks/quiz/items:import",
                          json={"items": rows}).status_code == 200
        dropping = DropsEveryFirstAnswer()
        notify = NotifyIn(url=receiver.url, secret=SECRET)
        with AuthenticatedClient(base_url=base, token=CI_KEY, timeout=httpx.Timeout(HANG_S),
                                 httpx_args={"transport": dropping}) as client:
            started = create_run.sync(client=client, body=RunCreate(
                model=GGUFModelIn(name="smollm2", path="smollm2.gguf"), benchmarks=["quiz"],
                repeats=1, notify=notify))
            assert isinstance(started, RunStatus), started
            scored = [score_predictions.sync("quiz", client=client, body=ScoreRequest(
                model=f"build-{n}", notify=notify, predictions=[
                    PredictionIn(external_id=row["id"], answer="ABCD"[(i + n) % 4])
                    for i, row in enumerate(rows)])) for n in range(3)]
            assert all(isinstance(s, ScoreResponse) for s in scored), scored
        runs = {started.id, *(s.run_id for s in scored if isinstance(s, ScoreResponse))}
        deliveries = receiver.wait_for(4)
        reports = [json.loads(d.body) for d in deliveries]
        assert all(verified(d, SECRET) for d in deliveries)
        assert {r["run"]["id"] for r in reports} == runs
        assert {r["type"] for r in reports} == {"run.finished"}
        gguf = next(r for r in reports if r["run"]["id"] == started.id)
        assert gguf["run"]["benchmarks"] == ["quiz"] and gguf["results"][0]["n_items"] == ITEMS
        listed = setup.get("/runs", params={"limit": 100}).json()["runs"]
        assert {r["id"] for r in listed} == runs  # no second run of any request
        assert {r["created_by"] for r in listed} == {"ci"}
        assert len(dropping.sent) == 8 and len(set(dropping.sent)) == 4  # each POST twice
