"""A whole zero-shot loglikelihood run against bare llama.cpp, in one run: Gemma-3-270M on
MMLU's 285 dev questions (57 subjects x 5), asked as a multiple-choice set. PocketEval's run
is timed from `POST /runs` to its last stored sample, the model's load included, with the
topology it chooses on this host: first as a model file's first run on this host (which
measures the candidates on its own first items), then as a later run finds it (the figures
cached). Bare: `llama_cpp.Llama`
loaded with 2 threads, then `eval` of the same prompts' tokens from an empty cache. Target:
ratio >= 0.95, both ways.

Run with `make perf`.
"""

from __future__ import annotations

import asyncio
import csv
import json
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from app.benchmarks.prompt_builders import loglikelihood_prompt
from app.benchmarks.prompt_types import PromptItem
from app.config import Settings
from app.main import create_app
from tests.conftest import API_KEY
from tests.support import real_models

pytestmark = [pytest.mark.perf, pytest.mark.anyio, pytest.mark.data,
              pytest.mark.needs("llama_cpp")]
BENCHMARK, LETTERS = "mobile-mmlu", "ABCD"


def _rows(data_dir: Path) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for path in sorted((data_dir / "mmlu" / "dev").glob("*_dev.csv")):
        subject = path.name.removesuffix("_dev.csv")
        with path.open(newline="", encoding="utf-8") as fh:
            for i, r in enumerate(list(csv.reader(fh))[1:]):  # after the header
                rows.append({"id": f"{subject}/{i}", "subject": subject, "question": r[0],
                             "choices": r[1:5], "answer": LETTERS[int(r[5])]})
    return rows


def _bare(model: Path, rows: list[dict[str, object]]) -> tuple[float, int]:
    import llama_cpp

    start = time.perf_counter()
    llm = llama_cpp.Llama(str(model), n_ctx=2048, n_batch=512, n_ubatch=512, n_threads=2,
                          n_threads_batch=2, flash_attn=False, logits_all=False, verbose=False)
    tokens = 0
    for row in rows:
        item = PromptItem(str(row["id"]), str(row["subject"]), {
            "question": row["question"], "choices": row["choices"]})
        text = (loglikelihood_prompt(item, []).text or "").rstrip()
        seq = llm.tokenize(text.encode(), add_bos=True, special=False)
        llm.reset()
        llm.eval(seq)
        tokens += len(seq)
    seconds = time.perf_counter() - start
    llm.close()
    return seconds, tokens


def _where(runtime: dict[str, Any], seconds: float) -> str:
    """Where a run's time went: the probe, the workers' model time and idle time, and the
    serving process's scoring and database writes."""
    spent, probe = runtime["time_spent"], runtime["topology"]["probe"]
    pool = spent["pool"]
    workers = ", ".join(f"model {w['model_s']:.1f} s, idle {w['idle_serving_s']:.1f} + "
                        f"{w['idle_tail_s']:.1f} s" for w in pool["workers"])
    probed = "none (asked)" if probe is None else \
        "cached" if runtime["topology"]["probe_cached"] else \
        f"none, the candidates measured on the run's items over its first " \
        f"{probe['seconds']:.1f} s" if runtime["topology"]["chosen_by"] == "run" else \
        f"{probe['seconds']:.1f} s"
    return (f"{seconds:.1f} s from POST: probe {probed}; workers' wall {pool['wall_s']:.1f} s "
            f"({workers}); scoring {spent['scoring_s']:.2f} s, database "
            f"{spent['database_s']:.2f} s")


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
async def test_loglikelihood_run_against_bare_llama_cpp(settings: Settings, data_dir: Path,
                                                        tmp_path: Path) -> None:
    models = tmp_path / "models"
    models.mkdir()
    model = real_models.gemma3_270m(models)
    rows = _rows(data_dir)
    served = {"bulk_processes": 1, "gguf_topology": "probe"}  # as `pocketeval serve` runs
    app = create_app(settings.model_copy(update={"model_dirs": [models], **served}))
    async with app.router.lifespan_context(app), httpx.AsyncClient(
            transport=httpx.ASGITransport(app=app), base_url="http://test",
            headers={"Authorization": f"Bearer {API_KEY}"}) as client:
        body = "\n".join(json.dumps(r) for r in rows).encode()
        r = await client.post(f"/benchmarks/{BENCHMARK}/items:import",
                              files={"file": ("mmlu-dev.jsonl", body)})
        assert r.status_code == 200, r.text
        gemma = {"name": "gemma", "path": model.name, "mcq_mode": "loglikelihood"}
        run: dict[str, Any] = {"model": gemma, "benchmarks": [BENCHMARK]}
        bare_s, tokens = await asyncio.to_thread(_bare, model, rows)
        timed: dict[str, tuple[float, str]] = {}
        where: dict[str, str] = {}
        # the first run of this model file on this host measures the candidates itself
        for name, asked in (("first run, measuring", {}), ("chosen, figures cached", {}),
                            ("bare's", {"workers": 1, "n_threads": 2})):
            start = time.perf_counter()
            created = await client.post("/runs", json={**run, "model": {
                **gemma, **asked, "name": f"gemma-{len(timed)}"}})
            await asyncio.wait({app.state.executor.tasks[created.json()["id"]]})
            seconds = time.perf_counter() - start  # the run's own task: no polling beside it
            status = (await client.get(f"/runs/{created.json()['id']}")).json()
            assert status["status"] == "finished", status
            assert status["progress"]["done"] == len(rows)
            runtime = (await client.get(f"/runs/{created.json()['id']}")).json()["runtime"]
            chosen = runtime["topology"]
            timed[name] = (seconds, f"{chosen['workers']}x{chosen['threads']}x"
                                    f"{chosen['sequences']}")
            where[name] = _where(runtime, seconds)
    figures = "; ".join(
        f"{name}, topology {shape}: {seconds:.1f} s ({tokens / seconds:.0f} tok/s), ratio "
        f"{bare_s / seconds:.3f}" for name, (seconds, shape) in timed.items())
    print(f"\n{len(rows)} items, {tokens} prompt tokens; bare load + Llama.eval (1 process, 2 "
          f"threads) {bare_s:.1f} s ({tokens / bare_s:.0f} tok/s). PocketEval runs, load "
          f"included: {figures} (target >= 0.95, the first run's included)")
    for name, text in where.items():
        print(f"  {name}: {text}")
