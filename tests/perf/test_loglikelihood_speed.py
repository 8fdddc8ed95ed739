"""Loglikelihood MCQ speed of the llama.cpp runner, in one run on the same 5-shot MMLU items
of Gemma-3-270M: the exact path's prompt tokens/s beside bare `Llama.eval` over the same tokens
with the same settings (flash attention off; target >= 0.95), the opt-in prefix reuse's
speed-up and drift (max |delta log P| and changed letters against the exact path), the
speed-up over naive per-option re-evaluation, and the worker's peak RSS against weights + KV
+ 1.5 GB.

Run with `make perf`.
"""

from __future__ import annotations

import csv
import time
from pathlib import Path

import pytest

from app.benchmarks.prompt_builders import PromptItem, loglikelihood_prompt
from app.gguf.eligibility import estimate
from app.gguf.header import read_header
from app.inference.llama_cpp.serving_runner import LlamaCppRunner
from tests.support import real_models

pytestmark = [pytest.mark.perf, pytest.mark.anyio]
ITEMS = 8


def _items(data_dir: Path, subject: str, split: str) -> list[PromptItem]:
    path = data_dir / "mmlu" / split / f"{subject}_{split}.csv"
    with path.open(newline="", encoding="utf-8") as fh:
        rows = list(csv.reader(fh))[1:]
    return [PromptItem(f"{subject}/{split}/{i}", subject,
                       {"question": r[0], "choices": r[1:5], "answers": ["ABCD"[int(r[5])]]})
            for i, r in enumerate(rows)]


async def test_loglikelihood_speed(data_dir: Path, tmp_path: Path) -> None:
    import llama_cpp

    model = real_models.gemma3_270m(tmp_path)
    shots = _items(data_dir, "astronomy", "dev")
    test_items = _items(data_dir, "astronomy", "test")[:ITEMS]
    prompts = [loglikelihood_prompt(item, shots) for item in test_items]
    zero_shot = [loglikelihood_prompt(item, []) for item in test_items]

    runner = LlamaCppRunner(model, n_ctx=4096, n_threads=2, flash_attn=False)
    await runner.start()
    try:
        start = time.perf_counter()
        results = [await runner.loglikelihood(p.text or "", p.continuations, p.shared_prefix)
                   for p in prompts]
        runner_s = time.perf_counter() - start
        start = time.perf_counter()
        reused = [await runner.loglikelihood(p.text or "", p.continuations, p.shared_prefix,
                                             reuse=True) for p in prompts]
        reuse_s = time.perf_counter() - start
        start = time.perf_counter()
        for p in zero_shot:
            await runner.loglikelihood(p.text or "", p.continuations)
        zero_s = time.perf_counter() - start
        stats = await runner.refresh_stats()
    finally:
        await runner.close()
    drift = max(abs(a - b) for r, q in zip(results, reused, strict=True)
                for a, b in zip(r["logprobs"], q["logprobs"], strict=True))
    flips = sum(r["logprobs"].index(max(r["logprobs"])) != q["logprobs"].index(max(q["logprobs"]))
                for r, q in zip(results, reused, strict=True))

    llm = llama_cpp.Llama(str(model), n_ctx=4096, n_batch=512, n_ubatch=512, flash_attn=False,
                          n_threads=2, verbose=False)
    tokens = [llm.tokenize((p.text or "").encode(), add_bos=True) for p in prompts]
    start = time.perf_counter()
    for seq in tokens:  # bare: every prompt evaluated in full, logits of the last position
        llm.reset()
        llm.eval(seq)
    bare_s = time.perf_counter() - start
    zero_tokens = [llm.tokenize((p.text or "").encode(), add_bos=True) for p in zero_shot]
    start = time.perf_counter()
    for seq in zero_tokens:
        llm.reset()
        llm.eval(seq)
    bare_zero_s = time.perf_counter() - start
    start = time.perf_counter()
    for p in prompts:  # naive: prompt + option, evaluated from scratch per option
        for option in p.continuations:
            llm.reset()
            llm.eval(llm.tokenize(((p.text or "") + option).encode(), add_bos=True))
    naive_s = time.perf_counter() - start

    total = sum(len(t) for t in tokens)
    with model.open("rb") as fh:
        est = estimate(read_header(fh, model.stat().st_size), n_ctx=4096)
    limit = est.weights_bytes + est.kv_bytes + 1.5 * 1024**3
    print(f"\n{ITEMS} items, {total} prompt tokens: runner {total / runner_s:.0f} tok/s "
          f"(evaluated {sum(r['evaluated_tokens'] for r in results)}), bare Llama.eval "
          f"{total / bare_s:.0f} tok/s, ratio {bare_s / runner_s:.2f} (target >= 0.95); "
          f"opt-in prefix reuse {total / reuse_s:.0f} tok/s, x{runner_s / reuse_s:.2f}, drift "
          f"max |delta log P| {drift:.3f}, {flips} of {ITEMS} letters changed; "
          f"naive per-option re-evaluation {naive_s:.1f} s, speed-up x{naive_s / runner_s:.1f}; "
          f"zero-shot: runner {zero_s / ITEMS * 1000:.0f} ms/item, bare "
          f"{bare_zero_s / ITEMS * 1000:.0f} ms/item, ratio {bare_zero_s / zero_s:.2f} (target "
          f">= 0.95); 5-shot per item costs x{runner_s / zero_s:.2f} zero-shot's "
          f"({total / sum(len(t) for t in zero_tokens):.1f}x the tokens); "
          f"worker peak RSS {stats['peak_rss_bytes'] / 1024**2:.0f} MiB, limit "
          f"{limit / 1024**2:.0f} MiB (weights + KV + 1.5 GB)")
    assert stats["peak_rss_bytes"] <= limit
