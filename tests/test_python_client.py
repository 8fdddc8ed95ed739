"""The generated Python SDK, current with openapi.json, against a live `pocketeval serve`."""

from __future__ import annotations

import filecmp
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.support.processes import HANG_S, free_port, start_pocketeval, stop

pytestmark = pytest.mark.needs("process")

ROOT = Path(__file__).resolve().parents[1]
CLIENT_DIR = ROOT / "clients" / "python"
KEY = "client-test-key"


@pytest.fixture
def live_server(tmp_path: Path) -> Iterator[str]:
    port = free_port()
    proc = start_pocketeval(port, tmp_path, KEY)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        stop(proc)


def test_generated_client_is_current(tmp_path: Path) -> None:
    out = tmp_path / "python"
    subprocess.run(
        [str(Path(sys.executable).parent / "openapi-python-client"), "generate",
         "--path", str(ROOT / "openapi" / "openapi.json"),
         "--config", str(ROOT / "clients" / "python-config.yaml"),
         "--custom-template-path", str(ROOT / "clients" / "python-templates"),
         "--output-path", str(out)],
        check=True, capture_output=True)

    def differences(cmp: filecmp.dircmp[str]) -> list[str]:
        found = cmp.left_only + cmp.right_only + cmp.diff_files
        return found + [d for sub in cmp.subdirs.values() for d in differences(sub)]

    stale = [d for d in differences(filecmp.dircmp(out, CLIENT_DIR, ignore=["__pycache__"]))]
    assert not stale, f"clients/python is stale ({stale[:5]}): run `make clients`"


def test_client_imports_and_scores_against_live_server(live_server: str) -> None:
    sys.path.insert(0, str(CLIENT_DIR))
    try:
        from pocketeval_client import AuthenticatedClient
        from pocketeval_client.api.benchmarks import create_benchmark, list_benchmarks
        from pocketeval_client.api.items import import_items
        from pocketeval_client.api.runs import get_run, score_predictions
        from pocketeval_client.models import (
            BenchmarkCreate,
            BenchmarkCreateKind,
            ImportItemsFilesBody,
            PredictionIn,
            ScoreRequest,
        )
        from pocketeval_client.types import File
    finally:
        sys.path.remove(str(CLIENT_DIR))

    import io

    with AuthenticatedClient(base_url=live_server, token=KEY,
                             timeout=httpx.Timeout(HANG_S)) as client:
        catalog = list_benchmarks.sync(client=client)
        assert catalog is not None and "mmlu" in {b.name for b in catalog}
        created = create_benchmark.sync(client=client, body=BenchmarkCreate(
            name="sdk-quiz", kind=BenchmarkCreateKind.MCQ))
        assert created is not None and created.name == "sdk-quiz"

        csv_bytes = b"id,question,A,B,C,answer\nx1,2+2?,3,4,5,B\nx2,3+3?,6,7,8,A\n"
        report = import_items.sync("sdk-quiz", client=client, body=ImportItemsFilesBody(
            file=[File(payload=io.BytesIO(csv_bytes), file_name="quiz.csv")]))
        assert report is not None and report.inserted == 2

        scored = score_predictions.sync("sdk-quiz", client=client, body=ScoreRequest(
            predictions=[PredictionIn(external_id="x1", answer="B"),
                         PredictionIn(external_id="x2", response="Answer: C")]))
        assert scored is not None
        assert scored.metrics.accuracy == 0.5
        assert abs(scored.metrics.random_baseline - 1 / 3) < 1e-12  # type: ignore[operator]
        run = get_run.sync(scored.run_id, client=client)
        assert run is not None and run.benchmark == "sdk-quiz" and run.model == "predictions"


def test_the_readme_example_runs_as_written(live_server: str) -> None:
    """The SDK README's Python block, run as a user would against a served PocketEval."""
    text = (CLIENT_DIR / "README.md").read_text()
    (code,) = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, env={**os.environ, "PYTHONPATH": str(CLIENT_DIR),
                                            "POCKETEVAL_URL": live_server,
                                            "POCKETEVAL_KEY": KEY})
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("catalog: ") and "mmlu" in lines[0]
    assert lines[1] == "imported: 2"
    assert re.fullmatch(r"run \d+: accuracy 0\.50 \[0\.\d\d, 0\.\d\d\], 1 correct", lines[2])
    assert lines[3] == "stored: ['quiz']"
