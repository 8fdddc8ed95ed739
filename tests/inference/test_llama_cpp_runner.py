"""The llama.cpp runner on real models: the opt-in prefix reuse is the same from the
cache or not, MMLU 5-shot scoring on real items, and chat through the GGUF's template."""

from __future__ import annotations

import math
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from app.benchmarks.prompt_builders import PromptItem, loglikelihood_prompt
from app.inference.llama_cpp.serving_runner import LlamaCppRunner
from tests.support import real_models

pytestmark = [pytest.mark.anyio,
              pytest.mark.needs("llama_cpp")]


@pytest.fixture(scope="module")
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(scope="module")
async def gemma(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[LlamaCppRunner]:
    runner = LlamaCppRunner(real_models.gemma3_270m(tmp_path_factory.mktemp("gemma")),
                            n_ctx=4096)
    await runner.start()
    yield runner
    await runner.close()


def _mmlu(data_dir: Path, subject: str, split: str) -> list[PromptItem]:
    import csv

    path = data_dir / "mmlu" / split / f"{subject}_{split}.csv"
    with path.open(newline="", encoding="utf-8") as fh:
        rows = list(csv.reader(fh))[1:]
    return [PromptItem(f"{subject}/{split}/{i}", subject,
                       {"question": r[0], "choices": r[1:5], "answers": ["ABCD"[int(r[5])]]})
            for i, r in enumerate(rows)]


@pytest.mark.data
async def test_prefix_reuse_is_the_same_from_the_cache_or_not(gemma: LlamaCppRunner,
                                                              data_dir: Path) -> None:
    """The opt-in reuse path: a cached few-shot prefix gives the same numbers as the same
    prefix evaluated fresh (both as their own batch, then the item's tokens), and saves the
    prefix's evaluation. (The exact path, the default, is tested against plain llama.cpp in
    tests/inference/test_loglikelihood_parity.py.)"""
    shots = _mmlu(data_dir, "astronomy", "dev")
    items = _mmlu(data_dir, "astronomy", "test")[:6]
    reused = fresh_tokens = 0
    for item in items:
        prompt = loglikelihood_prompt(item, shots)
        await gemma.loglikelihood("Something else entirely.", [" A"])  # the cache misses
        fresh = await gemma.loglikelihood(prompt.text or "", prompt.continuations,
                                          prompt.shared_prefix, reuse=True)
        cached = await gemma.loglikelihood(prompt.text or "", prompt.continuations,
                                           prompt.shared_prefix, reuse=True)
        assert cached["logprobs"] == fresh["logprobs"]
        assert all(lp < 0 for lp in cached["logprobs"])
        assert math.fsum(math.exp(lp) for lp in cached["logprobs"]) <= 1.0
        reused += cached["evaluated_tokens"]
        fresh_tokens += fresh["evaluated_tokens"]
    # the shared 5-shot header is evaluated once, not once per item
    assert reused < fresh_tokens / 2


async def test_chat_through_the_gguf_template() -> None:
    runner = LlamaCppRunner(real_models.smollm2(), n_ctx=2048)
    await runner.start()
    try:
        reply = await runner.chat([{"role": "user", "content": "Say hello in one word."}],
                                  max_tokens=16)
        assert reply.content and reply.stats.completion_tokens
        assert reply.stats.ttft_ms is not None and reply.stats.ttft_ms <= reply.stats.latency_ms
        assert runner.family is None  # SmolLM2's template has no tool support
        with pytest.raises(Exception, match="no tool support"):
            await runner.chat([{"role": "user", "content": "hi"}], tools=[
                {"type": "function", "function": {"name": "f", "parameters": {}}}])
    finally:
        await runner.close()


THINKING_TEMPLATE = (
    "{% for m in messages %}<|im_start|>{{ m.role }}\n{{ m.content }}<|im_end|>\n{% endfor %}"
    "{% if add_generation_prompt %}<|im_start|>assistant\n"
    "{% if enable_thinking is defined and not enable_thinking %}<think>\n\n</think>\n\n"
    "{% endif %}{% endif %}")


async def test_variant_flips_the_templates_thinking_switch(tmp_path: Path) -> None:
    import subprocess
    import sys

    model = tmp_path / "smollm2-thinking.gguf"
    subprocess.run([sys.executable, "-m", "gguf.scripts.gguf_new_metadata",
                    str(real_models.smollm2()), str(model), "--chat-template",
                    THINKING_TEMPLATE, "--force"], check=True, capture_output=True)
    rendered = {}
    for variant in ("reasoning", "non-reasoning"):
        runner = LlamaCppRunner(model, n_ctx=1024, variant=variant)
        await runner.start()
        try:
            assert runner.stats["thinking_switch"] is True
            reply = await runner.chat([{"role": "user", "content": "Hi"}], max_tokens=4)
            rendered[variant] = reply.raw["rendered_prompt"]
        finally:
            await runner.close()
    assert rendered["non-reasoning"].endswith("<|im_start|>assistant\n<think>\n\n</think>\n\n")
    assert rendered["reasoning"].endswith("<|im_start|>assistant\n")
