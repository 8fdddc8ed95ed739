"""A short run, where the samples are about as many as the sequences: MATH-500 × 8 at a
512-token window, the topology the run chooses (probe on) against its own single sequence
(one worker, one thread, one sequence), in one run of this benchmark.

Eight samples on eight sequences make the longest answer the whole run: what decides the
wall is how the last answers decode once the others ended. The benchmark prints both walls
(from the first sample's start to the last one's end, the model load and probe excluded),
their ratio (goal: >= 1.5x where two 1-thread processes scale >= 1.6x, which the probe
measures), the chosen topology, the threads lent at the tail and the tail's length, and
whether the verdicts are the same. Each configuration is run ROUNDS times, in turns, and
the medians are compared (POCKETEVAL_PERF_ROUNDS, default 3).

SmolLM2-135M and Qwen2.5-Coder-1.5B-Instruct: `make perf`, or `-k smollm2` / `-k qwen`."""

from __future__ import annotations

import os
import shutil
import statistics
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from app.config import Settings
from tests.support import real_models
from tests.support.factories import wait_run
from tests.support.gguf_support import gguf_client

pytestmark = [pytest.mark.perf, pytest.mark.anyio, pytest.mark.needs("llama_cpp"),
              pytest.mark.data, pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)]
SAMPLES, WINDOW = 8, 512
ROUNDS = int(os.environ.get("POCKETEVAL_PERF_ROUNDS", "3"))
MODELS: dict[str, Callable[[Path], Path]] = {
    "smollm2": lambda folder: Path(shutil.copy(real_models.smollm2(), folder / "model.gguf")),
    "qwen": lambda folder: real_models.qwen25_coder_15b(folder).rename(folder / "model.gguf"),
}


async def _run(client: httpx.AsyncClient, model: dict[str, Any]) -> dict[str, Any]:
    r = await client.post("/runs", json={
        "model": {"name": "model", "path": "model.gguf", **model},
        "benchmarks": ["math-500"], "limit": SAMPLES, "repeats": 1, "order": "stored",
        "context_window": WINDOW, "request_timeout_s": 3600})
    assert r.status_code == 202, r.text
    run_id = r.json()["id"]
    status = await wait_run(client, run_id, poll=2.0)
    assert status["status"] == "finished", status.get("error")
    samples = (await client.get(f"/runs/{run_id}/samples",
                                params={"limit": 100})).json()["samples"]
    starts = [s["detail"]["decode_window"][0] - (s["ttft_ms"] or 0) / 1000 for s in samples]
    ends = [s["detail"]["decode_window"][1] for s in samples]
    run = (await client.get(f"/runs/{run_id}")).json()
    return {"wall": max(ends) - min(starts), "topology": run["runtime"]["topology"],
            "pool": run["runtime"]["time_spent"]["pool"],
            "lends": run["runtime"]["measured"].get("thread_lends"),
            "verdicts": sorted((s["item_id"], s["verdict"]) for s in samples),
            "tokens": sum(s["completion_tokens"] or 0 for s in samples)}


@pytest.mark.parametrize("model", list(MODELS))
async def test_a_short_run_against_its_single_sequence(settings: Settings, data_dir: Path,
                                                       tmp_path: Path, model: str) -> None:
    folder = tmp_path / "models"
    folder.mkdir()
    MODELS[model](folder)
    single_model = {"workers": 1, "n_threads": 1, "parallel": 1}
    chosen: list[dict[str, Any]] = []
    single: list[dict[str, Any]] = []
    async with gguf_client(settings, folder, gguf_topology="probe",
                           probe_dir=tmp_path / "probes") as client:
        path = data_dir / "math500" / "test.jsonl"
        assert (await client.post("/benchmarks/math-500/items:import", files={
            "file": (path.name, path.read_bytes())})).status_code == 200
        for _ in range(ROUNDS):
            chosen.append(await _run(client, {}))
            single.append(await _run(client, single_model))
    walls = [statistics.median(r["wall"] for r in runs) for runs in (chosen, single)]
    probe = chosen[0]["topology"]["probe"]
    figures = {(f["workers"], f["threads"], f["sequences"]): f for f in probe["figures"]}
    scales = figures[2, 1, 1]["decode_tok_s"] / figures[1, 1, 1]["decode_tok_s"]
    topology = chosen[-1]["topology"]
    pool = chosen[-1]["pool"]
    same = all(r["verdicts"] == single[0]["verdicts"] for r in chosen + single)
    print(f"\n{model}: MATH-500 x {SAMPLES}, window {WINDOW}, {ROUNDS} rounds in turns\n"
          f"  chosen {topology['workers']}x{topology['threads']}x{topology['sequences']} "
          f"(lends threads: {topology['lends_threads']}, lent {chosen[-1]['lends']} times; "
          f"tail after the last full batch {pool['tail_s']:.1f} s): walls "
          f"{[round(r['wall'], 1) for r in chosen]}\n"
          f"  single 1x1x1: walls {[round(r['wall'], 1) for r in single]}\n"
          f"  chosen / single: {walls[1] / walls[0]:.2f}x (goal >= 1.5 where two 1-thread "
          f"processes scale >= 1.6: here {scales:.2f}); generated tokens "
          f"{chosen[-1]['tokens']} and {single[-1]['tokens']}; verdicts the same: {same}")
    assert walls[0] > 0 and walls[1] > 0
