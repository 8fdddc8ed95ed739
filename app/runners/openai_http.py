"""An OpenAI-compatible /chat/completions endpoint (llama-server, vLLM, hosted APIs).

One shared httpx.AsyncClient; retries with exponential backoff and full jitter on 429, 5xx,
connection errors and timeouts, honouring Retry-After; API keys travel only in the
Authorization header and never appear in what is returned or stored.
"""

from __future__ import annotations

import asyncio
import email.utils
import random
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import httpx

from app.runners.base import ChatReply, RunnerError

RETRY_STATUS = frozenset({408, 409, 425, 429, 500, 502, 503, 504})


@dataclass(frozen=True)
class RetryPolicy:
    attempts: int = 6
    base_s: float = 0.5
    max_backoff_s: float = 30.0
    max_retry_after_s: float = 120.0

    def backoff(self, attempt: int, rng: random.Random) -> float:
        return rng.uniform(0, min(self.max_backoff_s, self.base_s * 2 ** attempt))


@dataclass(frozen=True)
class Endpoint:
    base_url: str
    model: str
    api_key: str | None = None
    sampling: dict[str, Any] = field(default_factory=dict)  # temperature, top_p, seed...
    timeout_s: float = 600.0


def retry_after_seconds(value: str | None) -> float | None:
    """Retry-After as delta-seconds or an HTTP date."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max(0.0, (when - datetime.now(UTC)).total_seconds())


def _tool_calls(message: dict[str, Any]) -> list[dict[str, Any]]:
    calls = []
    for call in message.get("tool_calls") or []:
        fn = call.get("function") or {}
        arguments = fn.get("arguments")
        calls.append({"id": call.get("id"), "name": fn.get("name"),
                      "arguments": arguments if isinstance(arguments, str | dict) else ""})
    return calls


def parse_reply(body: dict[str, Any], latency_ms: float) -> ChatReply:
    choices = body.get("choices") or []
    if not choices or not isinstance(choices[0], dict):
        raise RunnerError("the response has no choices")
    message = choices[0].get("message") or {}
    usage = body.get("usage") or {}
    details = usage.get("completion_tokens_details") or {}
    return ChatReply(
        content=message.get("content"),
        tool_calls=_tool_calls(message),
        finish_reason=choices[0].get("finish_reason"),
        reasoning=message.get("reasoning_content") or message.get("reasoning"),
        prompt_tokens=usage.get("prompt_tokens"),
        completion_tokens=usage.get("completion_tokens"),
        reasoning_tokens=details.get("reasoning_tokens"),
        latency_ms=latency_ms,
        raw=body,
    )


class OpenAIChatRunner:
    def __init__(self, client: httpx.AsyncClient, endpoint: Endpoint,
                 retry: RetryPolicy | None = None, rng: random.Random | None = None) -> None:
        self.client = client
        self.endpoint = endpoint
        self.retry = retry or RetryPolicy()
        self.rng = rng or random.Random()

    @property
    def url(self) -> str:
        return self.endpoint.base_url.rstrip("/") + "/chat/completions"

    def request_body(self, messages: list[dict[str, Any]], tools: list[dict[str, Any]] | None,
                     max_tokens: int | None) -> dict[str, Any]:
        body: dict[str, Any] = {"model": self.endpoint.model, "messages": messages,
                                **self.endpoint.sampling}
        if tools:
            body["tools"] = tools
        if max_tokens is not None:
            body["max_tokens"] = max_tokens
        return body

    async def chat(self, messages: list[dict[str, Any]], *,
                   tools: list[dict[str, Any]] | None = None,
                   max_tokens: int | None = None) -> ChatReply:
        body = self.request_body(messages, tools, max_tokens)
        headers = {"Authorization": f"Bearer {self.endpoint.api_key}"} \
            if self.endpoint.api_key else {}
        last_error = "no attempt made"
        for attempt in range(self.retry.attempts):
            started = time.perf_counter()
            try:
                response = await self.client.post(self.url, json=body, headers=headers,
                                                  timeout=self.endpoint.timeout_s)
            except (httpx.TimeoutException, httpx.TransportError) as exc:
                last_error = f"{type(exc).__name__}: {exc}"
                wait = self.retry.backoff(attempt, self.rng)
            else:
                latency_ms = (time.perf_counter() - started) * 1000
                if response.status_code == 200:
                    try:
                        payload = response.json()
                    except ValueError:
                        raise RunnerError("the endpoint returned invalid JSON") from None
                    return parse_reply(payload, latency_ms)
                last_error = f"HTTP {response.status_code}: {response.text[:300]}"
                if response.status_code not in RETRY_STATUS:
                    raise RunnerError(last_error)
                hinted = retry_after_seconds(response.headers.get("retry-after"))
                wait = min(hinted, self.retry.max_retry_after_s) if hinted is not None \
                    else self.retry.backoff(attempt, self.rng)
            if attempt + 1 < self.retry.attempts:
                await asyncio.sleep(wait)
        raise RunnerError(f"gave up after {self.retry.attempts} attempts; last: {last_error}")
