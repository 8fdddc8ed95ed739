"""The grader model: a configured chat model that benchmarks ask to grade answers (their own
prompts live with them). Its prompts are versioned and hashed into each run's config."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from app.inference.base import ChatRunner

JUDGE_PROMPT_VERSION = "2026-11-30"


def prompts_sha256(prompts: Sequence[str]) -> str:
    """The hash a run records of the grader prompts its benchmarks may use."""
    return hashlib.sha256("\n".join([JUDGE_PROMPT_VERSION, *prompts]).encode()).hexdigest()


async def ask(grader: ChatRunner, prompt: str, max_tokens: int) -> str | None:
    """One user message to the grader; its reply's text."""
    reply = await grader.chat([{"role": "user", "content": prompt}], tools=None,
                              max_tokens=max_tokens)
    return reply.content
