"""A run that stops when its estimate is precise enough: SmolLM2-135M on three of the mobile
device set's local benchmarks (GPQA Diamond, MATH-500, IFBench; BFCL needs a tool-capable
template), 5 repeats, items in the seeded random order, `stop_when.ci_half_width`
POCKETEVAL_STOP_TARGET (default 0.15) with at least POCKETEVAL_STOP_MIN_ITEMS (default 12)
items each, loops stopped. Prints each benchmark's interval at the stop, the items run, and
the samples saved. Run with `make perf`."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from app.config import Settings
from tests.support.factories import smollm2_folder, wait_run
from tests.support.gguf_support import gguf_client

pytestmark = [pytest.mark.perf, pytest.mark.anyio]
TARGET = float(os.environ.get("POCKETEVAL_STOP_TARGET", "0.15"))
MIN_ITEMS = int(os.environ.get("POCKETEVAL_STOP_MIN_ITEMS", "12"))
FILES = {"gpqa-diamond": "gpqa_diamond/gpqa_diamond.zip", "math-500": "math500/test.jsonl",
         "ifbench": "ifbench/IFBench_test_v2025-07-02_294.jsonl"}


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
async def test_a_run_stopped_by_its_interval(settings: Settings, data_dir: Path,
                                             tmp_path: Path) -> None:
    folder = smollm2_folder(tmp_path / "models")
    async with gguf_client(settings, folder) as client:
        for bench, name in FILES.items():
            path = data_dir / name
            r = await client.post(f"/benchmarks/{bench}/items:import",
                                  files={"file": (path.name, path.read_bytes())})
            assert r.status_code == 200, r.text
        r = await client.post("/runs", json={
            "model": {"name": "smollm2", "path": "smollm2.gguf", "stop_loops": {}},
            "benchmarks": list(FILES), "repeats": 5, "context_window": 1024,
            "stop_when": {"ci_half_width": TARGET, "min_items": MIN_ITEMS}})
        assert r.status_code == 202, r.text
        status = await wait_run(client, r.json()["id"])
        assert status["status"] == "finished", status
        results = (await client.get(f"/runs/{status['id']}/results")).json()
    early = status["runtime"]["early_stop"]
    print(f"\nstopped: {early and early['reason']} at {early and early['samples_done']} of "
          f"{status['progress']['total']} samples (target +-{TARGET}, min {MIN_ITEMS} items)")
    for result in results:
        m = result["metrics"]
        half = max(m["accuracy"] - m["ci95"]["low"], m["ci95"]["high"] - m["accuracy"])
        run = early["items_run"][result["benchmark"]] if early else []
        print(f"  {result['benchmark']}: accuracy {m['accuracy']:.3f} "
              f"[{m['ci95']['low']:.3f}, {m['ci95']['high']:.3f}] (+-{half:.3f}, "
              f"{m['ci95']['method']}), {m['n_items']} items x {len(m['repeats'])} repeats; "
              f"items run: {run[:8]}{'...' if len(run) > 8 else ''}")
        if early:
            assert half <= TARGET + 1e-9
