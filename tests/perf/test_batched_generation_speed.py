"""Aggregate decode throughput of batched generation, measured against the hardware's limit
and against one sequence at a time, in one run.

- The limit: llama.cpp's own `llama-batched-bench`, built from the source llama-cpp-python
  vendors with the same CPU arguments (app.inference.llama_server.build), at the same model,
  threads, batch sizes, unified KV cache, prompt length and parallel sequences. Its S_TG
  column is decode tokens/s over the sequences.
- PocketEval: the in-process runner a generative GGUF run uses, given 4 requests at once
  (parallel 4) and the same 4 one at a time (parallel 1, the single-sequence path); decode
  tokens/s is generated tokens over the time after the last first token.

Short prompts (32 tokens) and long ones (4,096) on SmolLM2-135M, 2 threads. Targets: ≥ 0.9×
llama-batched-bench at 4 sequences, ≥ 1.4× the single-sequence path. Needs cmake (the bench
is built once, minutes, and cached); run with `make perf`.
"""

from __future__ import annotations

import asyncio
import re
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from app.inference.llama_cpp.serving_runner import LlamaCppRunner
from app.inference.llama_server.build import build, default_location
from tests.support import real_models

pytestmark = [pytest.mark.perf, pytest.mark.anyio]
THREADS, SEQUENCES = 2, 4
CASES = {"short": (32, 128), "long": (4096, 32)}  # prompt tokens, generated tokens


def _bench_binary() -> Path:
    return build(default_location("llama-batched-bench"), program="llama-batched-bench")


def _bench(binary: Path, model: Path, n_prompt: int, n_gen: int
           ) -> dict[int, tuple[float, float]]:
    """(S_TG, S) by number of parallel sequences: decode tokens/s, and prompt plus generated
    tokens over the whole time."""
    n_ctx = SEQUENCES * (n_prompt + n_gen) + 64
    out = subprocess.run(
        [str(binary), "-m", str(model), "-c", str(n_ctx), "-b", "512", "-ub", "512",
         "-npp", str(n_prompt), "-ntg", str(n_gen), "-npl", f"1,{SEQUENCES}",
         "-t", str(THREADS), "-fa", "on", "-kvu"],
        capture_output=True, text=True, check=True, timeout=1800).stdout
    rates = {}
    for line in out.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 10 and cells[0].isdigit():
            rates[int(cells[2])] = (float(cells[7]), float(cells[9]))
    return rates


def _prompt(words: int) -> str:
    text = ("The history of the lighthouse keeper's island, its storms, its ships and its "
            "people, told year by year. ")
    filler = re.sub(r"\s+", " ", text * (words // 15 + 1))
    return " ".join(filler.split()[:words]) + "\nContinue the story:"


async def _rates(model: Path, parallel: int, prompts: list[str], n_gen: int,
                 n_ctx: int) -> tuple[float, float, int]:
    """(decode tokens/s, prompt plus generated tokens/s over the whole time, evictions).
    Batched, decode is the generated tokens over the time after the last first token: a
    fair figure only where every prompt is evaluated in the first batch (short prompts)."""
    runner = LlamaCppRunner(model, n_ctx=n_ctx, n_threads=THREADS, parallel=parallel)
    await runner.start()
    try:
        if parallel == 1:
            decode, total_tokens, total_s = [], 0, 0.0
            for prompt in prompts:
                reply = await runner.chat([{"role": "user", "content": prompt}],
                                          max_tokens=n_gen)
                got = reply.stats
                decode_s = (got.latency_ms - (got.ttft_ms or 0)) / 1000
                decode.append(((got.completion_tokens or 1) - 1) / decode_s)
                total_tokens += (got.prompt_tokens or 0) + (got.completion_tokens or 0)
                total_s += got.latency_ms / 1000
            return sum(decode) / len(decode), total_tokens / total_s, 0
        started = time.perf_counter()
        replies = await asyncio.gather(*(
            runner.chat([{"role": "user", "content": p}], max_tokens=n_gen) for p in prompts))
        wall = time.perf_counter() - started
        last_first = max(r.stats.ttft_ms or 0 for r in replies) / 1000
        generated = sum((r.stats.completion_tokens or 1) - 1 for r in replies)
        everything = sum((r.stats.prompt_tokens or 0) + (r.stats.completion_tokens or 0)
                         for r in replies)
        stats = await runner.refresh_stats()
        return generated / (wall - last_first), everything / wall, int(stats["evictions"])
    finally:
        await runner.close()


@pytest.mark.skipif(shutil.which("cmake") is None, reason="building llama-batched-bench "
                    "needs cmake")
@pytest.mark.parametrize("case", list(CASES))
async def test_batched_decode_against_llama_batched_bench(case: str) -> None:
    n_prompt, n_gen = CASES[case]
    model = real_models.smollm2()
    binary = await asyncio.to_thread(_bench_binary)
    bench = await asyncio.to_thread(_bench, binary, model, n_prompt, n_gen)
    # prompts of about n_prompt tokens (SmolLM2 tokenises this text at ~1.1 tokens a word)
    prompts = [f"Story {i}. " + _prompt(int(n_prompt / 1.15)) for i in range(SEQUENCES)]
    n_ctx = SEQUENCES * (n_prompt + n_gen) + 256
    single, single_all, _ = await _rates(model, 1, prompts, n_gen, n_ctx)
    batched, batched_all, evictions = await _rates(model, SEQUENCES, prompts, n_gen, n_ctx)
    (b1, b1_all), (bn, bn_all) = bench[1], bench[SEQUENCES]
    print(f"\n{case} ({n_prompt} prompt + {n_gen} new tokens), SmolLM2-135M, {THREADS} "
          f"threads; tokens/s as decode | prompt+generated over the whole time:\n"
          f"  llama-batched-bench  1 seq {b1:6.1f} | {b1_all:6.1f}   {SEQUENCES} seq "
          f"{bn:6.1f} | {bn_all:6.1f}   ({SEQUENCES}/1 {bn / b1:.2f} | {bn_all / b1_all:.2f})\n"
          f"  PocketEval           1 seq {single:6.1f} | {single_all:6.1f}   {SEQUENCES} seq "
          f"{batched:6.1f} | {batched_all:6.1f}   evictions {evictions}\n"
          f"  batched / bench {batched / bn:.2f} | {batched_all / bn_all:.2f} (target >= 0.9); "
          f"batched / single {batched / single:.2f} | {batched_all / single_all:.2f} "
          f"(target >= 1.4)" + ("" if case == "short" else "; decode figures of the batched "
                                "run count tokens decoded while later prompts were still "
                                "being evaluated: read the whole-time column"))
    assert batched > 0 and evictions == 0
