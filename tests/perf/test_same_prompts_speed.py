"""Answers of uneven length at the host's limit: PocketEval's chosen topology against
llama.cpp's own server, on the same prompts, each answer as long as PocketEval's was.

Why: `llama-batched-bench` (test_topology_speed.py) decodes sequences of one length, so it
has no tail, while a workload whose answers run from a few tokens to the cap (IFBench) ends,
in any server, with its longest answers decoding in part-filled batches. Here llama.cpp gets
the same work: llama-server (`make llama-server`, built from the source llama-cpp-python
vendors, run as PocketEval's llama-server runtime runs it) is sent each sample's rendered
prompt, with `n_predict` that sample's answer length in PocketEval's first run and
`ignore_eos`, greedy, by a client that keeps every slot of every server busy from one queue
in the run's order, as a harness would. Prompt caching is llama-server's default (on).

- The sweep: 1 and 2 processes × 1, 2, ... threads within the host's cores × 1, 2, 4 and 8
  slots. Each server answers one short warm-up request first (its first evaluation touches
  the weights); the figure is the run's tokens over the time from the first request sent to
  the last answer.
- PocketEval: the run API, probe on; its figure as in test_topology_speed.py (first sample's
  start to last one's end, the samples' tokens). Paired rounds as there.
- Workloads: short stories and IFBench at the published method's settings, on SmolLM2-135M
  and Qwen2.5-Coder-1.5B-Instruct (tests/perf/topology_runs.py).

Target: ≥ 0.95× llama.cpp's best configuration on the same prompts. Run with `make perf`, or
one model with `-k smollm2` / `-k qwen`.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections import deque
from datetime import datetime
from pathlib import Path

import httpx
import pytest

from app.config import Settings
from app.inference.llama_server.server import LlamaServer
from tests.perf.topology_runs import (
    SUBJECT_IDS,
    SUBJECTS,
    Asked,
    Config,
    Measured,
    Paired,
    Subject,
    measure_run,
    prepare,
)
from tests.support.gguf_support import gguf_client, llama_server_binary

BINARY = llama_server_binary()
pytestmark = [pytest.mark.perf, pytest.mark.anyio,
              pytest.mark.skipif(BINARY is None, reason="no llama-server: `make llama-server`")]
SLOTS = (1, 2, 4, 8)
WARM_UP = "Say hello."


def _configurations() -> list[Config]:
    cores = os.cpu_count() or 1
    shapes = [(p, t) for p in (1, 2) for t in (1, 2, 4, 8, 16, 32, 64) if p * t <= cores]
    return [Config(p, t, s) for p, t in shapes for s in SLOTS]


async def _complete(client: httpx.AsyncClient, url: str, prompt: str, n_predict: int) -> int:
    r = await client.post(f"{url}/completion", json={
        "prompt": prompt, "n_predict": n_predict, "ignore_eos": True, "temperature": 0})
    r.raise_for_status()
    predicted = int(r.json()["tokens_predicted"])
    assert predicted == n_predict, (predicted, n_predict)
    return predicted


async def _serve(model: Path, config: Config, asked: tuple[Asked, ...]) -> float:
    """The run's work through llama-server in `config`: tokens/s over the whole time."""
    assert BINARY is not None
    window = max(a.prompt_tokens + a.answer_tokens for a in asked) + 64
    servers = [LlamaServer(BINARY, model, n_ctx=window, parallel=config.sequences,
                           n_threads=config.threads) for _ in range(config.processes)]
    try:
        await asyncio.gather(*(s.start() for s in servers))
        urls = [s.base_url.removesuffix("/v1") for s in servers]
        async with httpx.AsyncClient(timeout=3600) as client:
            await asyncio.gather(*(_complete(client, url, WARM_UP, 4) for url in urls))
            queue = deque(asked)

            async def slot(url: str) -> int:
                done = 0
                while queue:
                    a = queue.popleft()
                    done += await _complete(client, url, a.prompt, max(1, a.answer_tokens))
                return done

            started = time.perf_counter()
            await asyncio.gather(*(slot(url) for url in urls for _ in range(config.sequences)))
            elapsed = time.perf_counter() - started
    finally:
        await asyncio.gather(*(s.close() for s in servers))
    return sum(a.prompt_tokens + max(1, a.answer_tokens) for a in asked) / elapsed


async def _best(model: Path, asked: tuple[Asked, ...]) -> tuple[Config, list[str]]:
    """The sweep's best configuration, and a line per figure."""
    lines, best, best_rate = [], Config(1, 1, 1), 0.0
    for config in _configurations():
        rate = await _serve(model, config, asked)
        lines.append(f"{config.processes} process(es) x {config.threads} thread(s) x "
                     f"{config.sequences} slot(s): {rate:7.1f}")
        if rate > best_rate:
            best, best_rate = config, rate
    return best, lines


@pytest.mark.parametrize("subject", SUBJECTS, ids=SUBJECT_IDS)
@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)  # the database is not measured
async def test_uneven_answers_against_llama_server(settings: Settings, data_dir: Path,
                                                   tmp_path: Path, subject: Subject) -> None:
    folder = tmp_path / "models"
    folder.mkdir()
    model = subject.file(folder)
    started = datetime.now()
    workloads = [w for w in subject.workloads if w.same_prompts]
    async with gguf_client(settings, folder, gguf_topology="probe", load_bundled_data=True,
                           probe_dir=tmp_path / "probes") as client:
        await prepare(client, data_dir)
        first = {w.label: await measure_run(client, w.benchmark, w.model, **w.body)
                 for w in workloads}
    sweeps = {w.label: await _best(model, first[w.label].asked) for w in workloads}
    pairs = {w.label: Paired([], []) for w in workloads}
    last: dict[str, Measured] = {}
    async with gguf_client(settings, folder, gguf_topology="probe",
                           probe_dir=tmp_path / "probes") as client:
        for _ in range(subject.rounds):
            for w in workloads:
                pairs[w.label].llama_cpp.append(
                    await _serve(model, sweeps[w.label][0], first[w.label].asked))
                last[w.label] = await measure_run(client, w.benchmark, w.model, **w.body)
                pairs[w.label].pocketeval.append(last[w.label].tok_s)
    lines = [f"\n{subject.name}, {started:%Y-%m-%d %H:%M}; whole-time tokens/s, llama-server "
             "on PocketEval's prompts and answer lengths."]
    for w in workloads:
        best, sweep = sweeps[w.label]
        run, pair, asked = last[w.label], pairs[w.label], first[w.label].asked
        answers = sorted(a.answer_tokens for a in asked)
        lines += [f"{w.label}: PocketEval {run.shape}; answers {answers[0]}..{answers[-1]} "
                  f"tokens (median {answers[len(answers) // 2]}); llama-server sweep:",
                  *(f"  {line}" for line in sweep), f"  best: {best}",
                  f"  rounds, PocketEval/llama-server {best}: {pair.rounds}",
                  f"  median of rounds {pair.ratio:.2f} (target >= {w.target})",
                  f"  last round's {run.where}"]
        assert run.tok_s > 0 and run.memory["evictions"] == 0
    print("\n".join(lines))
