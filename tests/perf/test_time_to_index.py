"""Time from a GGUF file to its Mobile Intelligence Index, with every saving against every
repeat generated, in one run of this benchmark.

A served PocketEval runs the mobile device set on a fixed stratified sample (the first
ITEMS items of each benchmark, of each BFCL category) at the published method's settings:
its repeats (GPQA Diamond x5, IFBench x5, MATH-500 x3) and temperature 0, with an output cap
(CAP tokens, listed as a deviation) so a small model's loops end. AA-Omniscience's grader is
a loopback model answering "B" (INCORRECT). The same run is made twice, alternately with
`repeats_generated` at `once` (the default) and `all`, over ROUNDS rounds; it prints per mode:
- the wall time (queued to finished, the model load included: a model's first run);
- the tokens generated, and the samples that took an earlier repeat's generation;
- the extrapolated time for the full sets: each benchmark's share of the sample time, scaled
  by its published size over the items run;
- the Index and its 95% interval;
and the ratio of the walls, with the regeneration sample's differences (goal: <= 0.55x, the
two Indexes within each other's intervals).

On SmolLM2-135M with Qwen2.5-Coder's tool template, and Qwen2.5-Coder-1.5B-Instruct: `make
perf`, or one with `-k smollm2` / `-k qwen`. POCKETEVAL_PERF_INDEX_ITEMS sets ITEMS."""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import httpx
import pytest

from app.benchmarks.registry import benchmarks
from tests.support import real_models
from tests.support.device_set_items import device_set_server
from tests.support.processes import (
    wait_status,
)
from tests.support.tool_models import smollm2_with_tools

pytestmark = [pytest.mark.perf, pytest.mark.needs("llama_cpp"), pytest.mark.data]
ITEMS = int(os.environ.get("POCKETEVAL_PERF_INDEX_ITEMS", "4"))
CAP = 256
ROUNDS = 1
KEY = "time-to-index-key-0123456789"
MODELS: dict[str, Callable[[Path], Path]] = {
    "smollm2": lambda folder: smollm2_with_tools(folder / "model.gguf"),
    "qwen": lambda folder: real_models.qwen25_coder_15b(folder).rename(folder / "model.gguf"),
}


@dataclass
class Measured:
    mode: str
    wall_s: float
    generated_tokens: int
    generated: int
    shared: int
    extrapolated_s: float
    index: float
    ci95: tuple[float, float]
    regenerated: int
    outputs_different: int


def _samples(api: httpx.Client, run_id: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    cursor = None
    while True:
        page = api.get(f"/runs/{run_id}/samples",
                       params={"limit": 1000, **({"cursor": cursor} if cursor else {})}).json()
        out += page["samples"]
        if not (cursor := page["next_cursor"]):
            return out


def _one_run(api: httpx.Client, mode: str) -> Measured:
    started = time.perf_counter()
    r = api.post("/runs", json={
        "model": {"name": f"model-{mode}", "path": "model.gguf", "max_output_tokens": CAP,
                  "repeats_generated": mode},
        "benchmarks": ["mobile-device-set"], "limit": ITEMS, "context_window": 8192})
    assert r.status_code == 202, r.text
    run = wait_status(api, r.json()["id"], lambda s: s["status"] not in ("queued", "running"),
                      3600)
    wall = time.perf_counter() - started
    assert run["status"] == "finished", run.get("error")
    samples = _samples(api, run["id"])
    plans = run["plan"]["benchmarks"]
    benchmark_of = {i: p["name"] for p in plans for i in p["item_ids"]}
    ran = {p["name"]: len(p["item_ids"]) for p in plans}
    own = [s for s in samples if "generation_of_repeat" not in s["detail"]]
    seconds: dict[str, float] = {}  # each benchmark's sample time
    for s in own:
        name = benchmark_of[s["item_id"]]
        seconds[name] = seconds.get(name, 0.0) + (s["latency_ms"] or 0.0) / 1000
    full = sum(t * _published(name) / ran[name] for name, t in seconds.items())
    index = api.get("/index", params={"runs": str(run["id"])}).json()
    records = run["runtime"]["shared_generations"]
    return Measured(mode, wall, sum(s["completion_tokens"] or 0 for s in own), len(own),
                    len(samples) - len(own), wall * full / max(sum(seconds.values()), 1e-9),
                    index["index"], (index["ci95"]["low"], index["ci95"]["high"]),
                    sum(r["regenerated"] for r in records),
                    sum(r["outputs_different"] for r in records))


def _published(name: str) -> int:
    """The full set's items: the catalog's published size, or BFCL's three files."""
    if name == "bfcl-v4":  # multiple 200 + irrelevance 240 + multi_turn_base 200 (bfcl-eval)
        return sum(len(resources.files("bfcl_eval.data").joinpath(f).read_text().splitlines())
                   for f in ("BFCL_v4_multiple.json", "BFCL_v4_irrelevance.json",
                             "BFCL_v4_multi_turn_base.json"))
    return benchmarks()[name].spec.published.sizes["test"]


@pytest.mark.parametrize("model", sorted(MODELS))
def test_time_to_the_index(model: str, tmp_path: Path, data_dir: Path) -> None:
    models = tmp_path / "models"
    models.mkdir()
    MODELS[model](models)
    measured: list[Measured] = []
    try:
        with device_set_server(tmp_path, models, KEY, data_dir, ITEMS) as (_, api):
            for _round in range(ROUNDS):
                for mode in ("once", "all"):
                    measured.append(_one_run(api, mode))
    finally:
        shutil.rmtree(models, ignore_errors=True)
    print(f"\ntime to the Index, {model}, {ITEMS} items a benchmark, cap {CAP} tokens")
    for m in measured:
        print(f"  {m.mode:4}: {m.wall_s:7.1f} s wall, {m.generated} generations "
              f"({m.shared} shared), {m.generated_tokens} tokens generated; full set "
              f"~{m.extrapolated_s / 3600:.1f} h; Index {m.index:.4f} "
              f"[{m.ci95[0]:.4f}, {m.ci95[1]:.4f}]; regenerated {m.regenerated}, "
              f"different {m.outputs_different}")
    once = [m for m in measured if m.mode == "once"]
    every = [m for m in measured if m.mode == "all"]
    wall = sum(m.wall_s for m in once) / sum(m.wall_s for m in every)
    tokens = sum(m.generated_tokens for m in once) / max(sum(m.generated_tokens
                                                             for m in every), 1)
    print(f"  once / all: wall {wall:.3f}x, tokens generated {tokens:.3f}x, work saved "
          f"{1 - tokens:.1%} (goal: wall <= 0.55x)")
    one, two = once[-1], every[-1]
    overlap = one.ci95[0] <= two.index <= one.ci95[1] and two.ci95[0] <= one.index <= two.ci95[1]
    print(f"  Index {one.index:.4f} against {two.index:.4f}: "
          f"{'each within the other' if overlap else 'OUTSIDE'}'s interval")
    assert all(m.shared == 0 for m in every) and all(m.shared > 0 for m in once)
