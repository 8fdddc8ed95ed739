"""Extra distractors written by a configured generator model, for option expansion. The
prompt is versioned and hashed (the expanded version records both); the reply is read as a
JSON array of strings, never evaluated."""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass

import httpx

from app.config import Settings
from app.http import Conflict, InvalidInput
from app.inference import Endpoint, OpenAIChatRunner, RunnerError
from app.scoring import LETTERS

PROMPT_VERSION = "distractors-v1"
PROMPT = """You write wrong answer options for a multiple-choice question.

Question: {question}

Options so far:
{options}

The correct answer is: {answer}

Write {n} new wrong options. Each must be plausible, clearly wrong, different from every
option above, and at least as long as the correct answer. Reply with a JSON array of {n}
strings and nothing else."""
PROMPT_SHA256 = hashlib.sha256(PROMPT.encode()).hexdigest()
CONCURRENCY = 8
ARRAY = re.compile(r"\[.*\]", re.S)


@dataclass(frozen=True)
class Request:
    external_id: str
    question: str
    choices: list[str]
    answer: str
    n: int


def parse_reply(text: str | None) -> list[str] | None:
    found = ARRAY.search(text or "")
    if found is None:
        return None
    try:
        value = json.loads(found.group())
    except (json.JSONDecodeError, RecursionError):
        return None
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        return None
    return value


def generator_endpoint(settings: Settings) -> Endpoint:
    """The configured generator; without one a 409, as a judged benchmark without a judge:
    the server's set-up lacks it, not the request."""
    if not settings.generator_base_url:
        raise Conflict("options are written by a distractor generator model: set "
                       "POCKETEVAL_GENERATOR_BASE_URL (and _MODEL)")
    key = None
    if settings.generator_api_key_env:
        key = os.environ.get(settings.generator_api_key_env)
        if key is None:
            raise Conflict(f"environment variable {settings.generator_api_key_env} is not "
                           "set on the server (POCKETEVAL_GENERATOR_API_KEY_ENV)")
    return Endpoint(settings.generator_base_url, settings.generator_model or "default", key,
                    {"temperature": 0}, 120.0)


async def generate(client: httpx.AsyncClient, endpoint: Endpoint,
                   requests: Sequence[Request]) -> tuple[dict[str, list[str]], dict[str, str]]:
    """(extras by item, why an item got none)."""
    if len(requests) > 2000:
        raise InvalidInput("at most 2,000 items per generation request: use `limit` or a "
                           "file of extras", field="limit")
    runner = OpenAIChatRunner(client, endpoint)
    semaphore = asyncio.Semaphore(CONCURRENCY)
    extras: dict[str, list[str]] = {}
    failed: dict[str, str] = {}

    async def one(r: Request) -> None:
        options = "\n".join(f"{LETTERS[i]}. {c}" for i, c in enumerate(r.choices))
        prompt = PROMPT.format(question=r.question, options=options, answer=r.answer, n=r.n)
        async with semaphore:
            try:
                reply = await runner.chat([{"role": "user", "content": prompt}])
            except RunnerError as exc:
                failed[r.external_id] = f"the generator failed: {str(exc)[:200]}"
                return
        parsed = parse_reply(reply.content)
        if parsed is None:
            failed[r.external_id] = "the generator's reply is not a JSON array of strings"
        else:
            extras[r.external_id] = parsed

    await asyncio.gather(*(one(r) for r in requests))
    return extras, failed
