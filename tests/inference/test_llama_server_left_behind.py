"""A PocketEval killed with SIGKILL during a llama-server run leaves the server running; when
the run resumes at the next start-up, that server is stopped before a new one is started, and
the run finishes. Needs a llama-server binary (`make llama-server`)."""

from __future__ import annotations

import os
import shutil
import signal
from pathlib import Path

import pytest

from app.inference.llama_server.server import stop_left_behind
from tests.support import real_models
from tests.support.gguf_support import llama_server_binary
from tests.support.processes import api_client, free_port, start_pocketeval, stop, wait_status

KEY = "left-behind-key"


@pytest.mark.needs("llama_server")
def test_a_killed_servers_llama_server_is_stopped_on_resume(tmp_path: Path) -> None:
    models = tmp_path / "models"
    models.mkdir()
    shutil.copy(real_models.smollm2(), models / "smollm2.gguf")
    env = {"POCKETEVAL_MODEL_DIRS": str(models),
           "POCKETEVAL_LLAMA_SERVER": str(llama_server_binary())}
    port = free_port()
    server = start_pocketeval(port, tmp_path, KEY, env)
    base, headers = f"http://127.0.0.1:{port}", {"Authorization": f"Bearer {KEY}"}
    items = [{"id": f"m{i}", "question": f"Write the number {i} in words, then explain it.",
              "answer": str(i)} for i in range(2)]
    # the run is held as soon as its server is recorded: what it is left to do after the
    # resume needs only be short (a few tokens an answer, one thread: on a shared host two
    # llama.cpp threads wait on each other at every step while the other's core is taken)
    body = {"model": {"name": "smollm2", "path": "smollm2.gguf", "runtime": "llama-server",
                      "max_output_tokens": 8, "n_threads": 1},
            "benchmarks": ["math-500"], "repeats": 1, "context_window": 768}
    record = None
    try:
        with api_client(base, headers) as client:
            assert client.post("/benchmarks/math-500/items:import",
                               json={"items": items}).status_code == 200
            run_id = client.post("/runs", json=body).json()["id"]
            status = wait_status(client, run_id, lambda s: s["config"]["gguf"].get("server"))
            record = status["config"]["gguf"]["server"]
            left = record["pid"]
            # the llama-server frozen as soon as it is recorded: the run can go no further,
            # so PocketEval is killed mid-run on any host
            os.kill(left, signal.SIGSTOP)
            assert client.get(f"/runs/{run_id}").json()["status"] == "running"
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=10)
        os.kill(left, signal.SIGCONT)
        assert Path(f"/proc/{left}").exists()  # the llama-server outlived PocketEval

        server = start_pocketeval(port, tmp_path, KEY, env)
        with api_client(base, headers) as client:
            status = wait_status(client, run_id,
                                 lambda s: s["status"] not in ("queued", "running"))
        assert status["status"] == "finished", status
        assert status["config"]["gguf"]["server"]["pid"] != left
        assert not Path(f"/proc/{left}").exists()
    finally:
        try:
            stop(server)
        finally:
            stop_left_behind(record)  # whatever failed above, leave no server running
