"""Would a generation stopped as a degenerate loop have recovered? SmolLM2-135M on the first
POCKETEVAL_LOOP_ITEMS (default 24) MATH-500 problems, greedy, with `stop_loops` observing:
every generation runs to its end, and the loop rule only marks where it would have stopped.
Prints how many looped, how many of those still ended by themselves before the cap or were
right, and the share of all generated tokens that stopping would have saved.

Run with `make perf`.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from app.config import Settings
from tests.support.factories import smollm2_folder, wait_run
from tests.support.gguf_support import gguf_client

pytestmark = [pytest.mark.perf, pytest.mark.anyio]
ITEMS = int(os.environ.get("POCKETEVAL_LOOP_ITEMS", "24"))


async def test_how_often_a_looping_generation_recovers(settings: Settings, data_dir: Path,
                                                       tmp_path: Path) -> None:
    folder = smollm2_folder(tmp_path / "models")
    async with gguf_client(settings, folder) as client:
        path = data_dir / "math500" / "test.jsonl"
        r = await client.post("/benchmarks/math-500/items:import",
                              files={"file": (path.name, path.read_bytes())})
        assert r.status_code == 200, r.text
        r = await client.post("/runs", json={
            "model": {"name": "smollm2", "path": "smollm2.gguf",
                      "stop_loops": {"action": "observe"}},
            "benchmarks": ["math-500"], "limit": ITEMS, "repeats": 1, "order": "stored",
            "context_window": 1536, "request_timeout_s": 1800})
        assert r.status_code == 202, r.text
        status = await wait_run(client, r.json()["id"])
        assert status["status"] == "finished", status
        (result,) = (await client.get(f"/runs/{status['id']}/results")).json()
    metrics = result["metrics"]
    loops = metrics["loop_stops"]
    generated = metrics["usage"]["completion_tokens"]
    print(f"\nSmolLM2-135M, MATH-500 x {ITEMS}, greedy, cap 1536 - prompt: "
          f"{loops['found']} generations looped (rule: 4 repeats of a block of <= 64 "
          f"tokens spanning >= 32); {loops['recovered']} of them still ended by themselves, "
          f"{loops['correct']} were right; stopping would have saved {loops['tokens_saved']} "
          f"of {generated} generated tokens ({loops['tokens_saved'] / max(generated, 1):.0%}); "
          f"accuracy {metrics['accuracy']:.3f}, truncated {metrics['counts']['truncated']}")
