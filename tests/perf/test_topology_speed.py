"""Generation at the host's limit: PocketEval's chosen topology (workers × threads ×
sequences, from the host probe) against llama.cpp's best configuration on the same host, in
one run.

- llama.cpp: `llama-batched-bench` (built from the source llama-cpp-python vendors, same CPU
  arguments) at 1..4 sequences × 1..2 threads, and two 1-thread processes at once (their
  figures summed); the best of all is the reference. Whole-time figures: prompt plus
  generated tokens over the time.
- PocketEval, through the run API, probe on: the short-story workload (8 prompts × 127 new
  tokens) and the real one (MATH-500 × 16, repeats 1, the default window, output cap 512);
  and its own single worker, single sequence on the real workload. Time is from the first
  sample's start to the last one's end (model load and probe excluded); tokens are the
  samples' prompt and generated tokens.

Targets (issue 33): real workload ≥ 0.9× llama.cpp's best and ≥ 1.5× single where two
processes scale; short stories ≥ 0.95× llama-batched-bench. Run with `make perf`.
"""

from __future__ import annotations

import asyncio
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from pathlib import Path
from typing import Any

import httpx
import pytest

from app.config import Settings
from app.runners.llama_server_build import build, default_location
from tests.factories import smollm2_folder, wait_run
from tests.runs.gguf_support import gguf_client

pytestmark = [pytest.mark.perf, pytest.mark.anyio,
              pytest.mark.skipif(shutil.which("cmake") is None,
                                 reason="building llama-batched-bench needs cmake")]
STORY = ("The history of the lighthouse keeper's island, its storms, its ships and its "
         "people, told year by year. Continue the story:")


def _bench(model: Path, threads: int, n_prompt: int, n_gen: int) -> dict[int, float]:
    """Whole-time tokens/s (prompt + generated over the time) by parallel sequences."""
    binary = build(default_location("llama-batched-bench"), program="llama-batched-bench")
    out = subprocess.run(
        [str(binary), "-m", str(model), "-c", str(4 * (n_prompt + n_gen) + 64), "-b", "512",
         "-ub", "512", "-npp", str(n_prompt), "-ntg", str(n_gen), "-npl", "1,2,3,4",
         "-t", str(threads), "-fa", "on"],
        capture_output=True, text=True, check=True, timeout=3600).stdout
    rates = {}
    for line in out.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 10 and cells[0].isdigit():
            rates[int(cells[2])] = float(cells[9])
    return rates


def _llama_cpp_best(model: Path, n_prompt: int, n_gen: int) -> tuple[str, float, list[str]]:
    lines, best = [], ("", 0.0)
    for threads in (1, 2):
        for seqs, rate in _bench(model, threads, n_prompt, n_gen).items():
            lines.append(f"1 process x {threads} threads x {seqs} seq: {rate:7.1f}")
            best = max(best, (f"1x{threads}x{seqs}", rate), key=lambda b: b[1])
    with ThreadPoolExecutor(2) as pool:  # two processes at once
        both = list(pool.map(lambda _: _bench(model, 1, n_prompt, n_gen), range(2)))
    for seqs in both[0]:
        rate = both[0][seqs] + both[1][seqs]
        lines.append(f"2 processes x 1 thread x {seqs} seq: {rate:7.1f}")
        best = max(best, (f"2x1x{seqs}", rate), key=lambda b: b[1])
    return best[0], best[1], lines


async def _run(client: httpx.AsyncClient, benchmark: str, model: dict[str, Any],
               **body: Any) -> tuple[float, dict[str, Any], dict[str, Any]]:
    """(tokens/s from the first sample's start to the last one's end, topology, memory)."""
    r = await client.post("/runs", json={"model": {"name": "smollm2", "path": "smollm2.gguf",
                                                   **model},
                                         "benchmarks": [benchmark], "repeats": 1,
                                         "order": "stored", "request_timeout_s": 3600, **body})
    assert r.status_code == 202, r.text
    # seldom: each poll is the serving process's CPU, taken from the workers beside it (a
    # poll every 50 ms cost a loglikelihood run a tenth of its speed on a 2-core host)
    status = await wait_run(client, r.json()["id"], poll=2.0)
    assert status["status"] == "finished", status.get("error")
    samples = (await client.get(f"/runs/{r.json()['id']}/samples",
                                params={"limit": 1000})).json()["samples"]
    starts = [s["detail"]["decode_window"][0] - (s["ttft_ms"] or 0) / 1000 for s in samples]
    ends = [s["detail"]["decode_window"][1] for s in samples]
    run = (await client.get(f"/runs/{r.json()['id']}")).json()
    (result,) = (await client.get(f"/runs/{r.json()['id']}/results")).json()
    usage = result["metrics"]["usage"]
    tokens = usage["prompt_tokens"] + usage["completion_tokens"]
    return tokens / (max(ends) - min(starts)), run["runtime"]["topology"], \
        result["metrics"]["memory"]


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)  # the database is not measured
async def test_chosen_topology_against_llama_cpp(settings: Settings, data_dir: Path,
                                                 tmp_path: Path) -> None:
    folder = smollm2_folder(tmp_path / "models")
    model = folder / "smollm2.gguf"
    started = datetime.now()
    async with gguf_client(settings, folder, gguf_topology="probe",
                           probe_dir=tmp_path / "probes") as client:
        path = data_dir / "math500" / "test.jsonl"
        r = await client.post("/benchmarks/math-500/items:import",
                              files={"file": (path.name, path.read_bytes())})
        assert r.status_code == 200, r.text
        await client.post("/benchmarks", json={"name": "stories", "kind": "freeform",
                                                 "prompt_template": "{question}"})
        await client.post("/benchmarks/stories/items:import", json={"items": [
            {"id": f"s{i}", "question": f"Story {i}. {STORY}", "answer": "-"}
            for i in range(8)]})
        chosen, topology, memory = await _run(client, "math-500", {"max_output_tokens": 512},
                                              limit=16)
        single, _, _ = await _run(client, "math-500", {"max_output_tokens": 512, "workers": 1,
                                                       "n_threads": 1, "parallel": 1},
                                  limit=16)
        stories, story_topology, _ = await _run(client, "stories", {"max_output_tokens": 127},
                                                context_window=1024)
    n_prompt = 150  # about a MATH-500 prompt under SmolLM2's template
    best_name, best, lines = await asyncio.to_thread(_llama_cpp_best, model, n_prompt, 512)
    s_name, s_best, s_lines = await asyncio.to_thread(_llama_cpp_best, model, 40, 127)
    probe = topology["probe"]
    two = {(f["workers"], f["threads"], f["sequences"]): f for f in probe["figures"]}
    scales = two[2, 1, 1]["decode_tok_s"] / two[1, 1, 1]["decode_tok_s"]
    print(f"\nSmolLM2-135M, {started:%Y-%m-%d %H:%M}; whole-time tokens/s.\n"
          f"probe ({probe['seconds']} s): two 1-thread decoders {scales:.2f}x one; prefill "
          f"{two[2, 1, 1]['prefill_tok_s'] / two[1, 1, 1]['prefill_tok_s']:.2f}x\n"
          f"llama-batched-bench, {n_prompt} + 512 tokens:\n  " + "\n  ".join(lines) +
          f"\n  best {best_name}: {best:.1f}\n"
          f"MATH-500 x 16, cap 512: PocketEval {topology['workers']}x{topology['threads']}x"
          f"{topology['sequences']} ({topology['kv_mode']} KV, lane "
          f"{topology['prefill_lane']}, evictions {memory['evictions']}): {chosen:.1f}; "
          f"single 1x1x1: {single:.1f}\n"
          f"  chosen / llama.cpp best {chosen / best:.2f} (target >= 0.9); chosen / single "
          f"{chosen / single:.2f} (target >= 1.5 where two processes scale: "
          f"{'yes' if scales >= 1.5 else 'no'})\n"
          f"short stories, 40 + 127 tokens: llama-batched-bench best {s_name}: {s_best:.1f}; "
          f"PocketEval {story_topology['workers']}x{story_topology['threads']}x"
          f"{story_topology['sequences']}: {stories:.1f} ({stories / s_best:.2f}, target "
          f">= 0.95)\n  " + "\n  ".join(s_lines))
    assert chosen > 0 and memory["evictions"] == 0
