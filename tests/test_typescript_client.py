"""The TypeScript client (clients/typescript): generated from the current OpenAPI document,
and its node test passes against a live `pocketeval serve` and a canned model."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.support.processes import ROOT, free_port, start_fake_model, start_pocketeval, stop

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


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The client built from its sources in a folder of the test's own (its tests and
    README run there): the source tree is left as it was."""
    folder = tmp_path_factory.mktemp("ts-client")
    for name in ("package.json", "tsconfig.json", "README.md"):
        shutil.copy(CLIENT / name, folder / name)
    for name in ("src", "test"):
        shutil.copytree(CLIENT / name, folder / name)
    (folder / "node_modules").symlink_to(CLIENT / "node_modules")
    subprocess.run(["npm", "run", "--silent", "build"], cwd=folder, check=True, timeout=300)
    assert (folder / "dist" / "index.js").is_file()
    return folder


def test_client_against_a_live_server(tmp_path: Path, built: Path) -> None:
    model_port, port = free_port(), free_port()
    model = start_fake_model(model_port, tmp_path / "model.log", delay=0.3)
    server = start_pocketeval(port, tmp_path, KEY)
    try:
        result = subprocess.run(
            ["node", "--test", "test/"], cwd=built, capture_output=True, text=True,
            timeout=300, env={**os.environ, "POCKETEVAL_URL": f"http://127.0.0.1:{port}",
                              "POCKETEVAL_KEY": KEY,
                              "MODEL_URL": f"http://127.0.0.1:{model_port}/v1"})
    finally:
        stop(server, model)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "# pass 1" in result.stdout and "# fail 0" in result.stdout


def test_the_readme_example_runs_as_written(tmp_path: Path, built: Path) -> None:
    """The client README's block, run with node in a built copy of the client's folder,
    against a served PocketEval."""
    (code,) = re.findall(r"```js\n(.*?)```", (CLIENT / "README.md").read_text(), flags=re.S)
    script = built / "readme.mjs"
    script.write_text(code)
    port = free_port()
    server = start_pocketeval(port, tmp_path, KEY)
    try:
        done = subprocess.run(["node", script.name], cwd=built, capture_output=True,
                              text=True, timeout=120,
                              env={**os.environ, "POCKETEVAL_URL": f"http://127.0.0.1:{port}",
                                   "POCKETEVAL_KEY": KEY})
    finally:
        stop(server)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("catalog: ") and "mmlu" in lines[0]
    assert lines[1] == "imported: 2"
    assert re.fullmatch(r"run \d+: accuracy 0\.50 \[0\.\d\d, 0\.\d\d\], 1 correct", lines[2])
