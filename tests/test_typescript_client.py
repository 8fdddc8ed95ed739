"""The TypeScript client (clients/typescript): generated from the current OpenAPI document,
and its node test passes against a live `pocketeval serve` and a canned model."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from tests.processes import ROOT, free_port, start_fake_model, start_pocketeval, stop

CLIENT = ROOT / "clients" / "typescript"
KEY = "ts-client-key-0123"
pytestmark = pytest.mark.needs("ts_client")


def test_schema_is_generated_from_the_current_openapi(tmp_path: Path) -> None:
    out = tmp_path / "schema.d.ts"
    subprocess.run([str(CLIENT / "node_modules" / ".bin" / "openapi-typescript"),
                    str(ROOT / "openapi" / "openapi.json"), "-o", str(out)],
                   cwd=CLIENT, check=True, capture_output=True, timeout=120)
    assert out.read_text() == (CLIENT / "src" / "schema.d.ts").read_text(), \
        "clients/typescript is stale: run `make clients`"


def test_client_against_a_live_server(tmp_path: Path) -> None:
    if not (CLIENT / "dist" / "index.js").is_file():
        subprocess.run(["npm", "run", "--silent", "build"], cwd=CLIENT, check=True,
                       timeout=300)
    model_port, port = free_port(), free_port()
    model = start_fake_model(model_port, tmp_path / "model.log", delay=0.3)
    server = start_pocketeval(port, tmp_path, KEY)
    try:
        result = subprocess.run(
            ["node", "--test", "test/"], cwd=CLIENT, capture_output=True, text=True,
            timeout=300, env={**os.environ, "POCKETEVAL_URL": f"http://127.0.0.1:{port}",
                              "POCKETEVAL_KEY": KEY,
                              "MODEL_URL": f"http://127.0.0.1:{model_port}/v1"})
    finally:
        stop(server, model)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "# pass 1" in result.stdout and "# fail 0" in result.stdout
