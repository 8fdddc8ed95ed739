"""Hostile chat templates in a GGUF run in-process: a template that loops for ever is
stopped by the request timeout, one that builds a gigabyte-sized string hits the worker's
address-space limit, and neither takes the host down."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.inference.base import RunnerDied, RunnerError
from app.inference.llama_cpp.serving_model_facts import address_space_limit
from app.inference.llama_cpp.serving_runner import LlamaCppRunner
from tests.support import real_models
from tests.support.gguf_template import with_chat_template

pytestmark = [pytest.mark.anyio,
              pytest.mark.needs("llama_cpp")]
MESSAGES = [{"role": "user", "content": "Hi"}]


async def _runner(tmp_path: Path, template: str, timeout: float) -> LlamaCppRunner:
    """No grace past the timeout: a template never reaches the decode loop that would use it."""
    path = with_chat_template(real_models.smollm2(), tmp_path / "hostile.gguf",
                                          template)
    runner = LlamaCppRunner(path, n_ctx=512, n_threads=1, request_timeout_s=timeout,
                            deadline_grace_s=0.0)
    await runner.start()
    return runner


async def test_an_endless_template_is_stopped_by_the_timeout(tmp_path: Path) -> None:
    endless = ("{% for a in range(100000) %}{% for b in range(100000) %}{% endfor %}"
               "{% endfor %}")
    runner = await _runner(tmp_path, endless, timeout=3)
    try:
        with pytest.raises(RunnerDied, match="did not answer chat within 3 s"):
            await runner.chat(MESSAGES, max_tokens=4)
    finally:
        await runner.close()


async def test_a_template_that_grows_without_bound_hits_the_memory_cap(tmp_path: Path) -> None:
    greedy = "{% set s = 'x' * 100000000 %}{% for i in range(200) %}{{ s }}{% endfor %}"
    runner = await _runner(tmp_path, greedy, timeout=120)
    try:
        with pytest.raises(RunnerError, match="MemoryError"):
            await runner.chat(MESSAGES, max_tokens=4)
        stats = await runner.refresh_stats()  # the worker is still there and answers
        assert stats["process_peak_rss_bytes"] <= address_space_limit(runner.path)
    finally:
        await runner.close()
