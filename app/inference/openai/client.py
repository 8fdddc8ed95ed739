"""An OpenAI-compatible /chat/completions endpoint (llama-server, vLLM, hosted APIs).

One shared httpx.AsyncClient; retries with exponential backoff and full jitter on 429, 5xx,
connection errors and timeouts, honouring Retry-After; API keys travel only in the
Authorization header and never appear in what is returned or stored (errors are redacted:
an endpoint may echo the header back). Each attempt has a total deadline, not only a
per-read one, and a cap on the bytes read; a body nested too deep to parse fails the
sample, not the run.
"""

from __future__ import annotations

import asyncio
import email.utils
import json
import random
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, TypedDict

import httpx
from pydantic import JsonValue

from app.inference.base import (
    ChatMessages,
    ChatReply,
    ReplyStats,
    RunnerError,
    ToolCall,
    ToolSchemas,
)
from app.inference.openai.wire import (
    AssistantMessage,
    ChatCompletion,
    ChatCompletionChunk,
    Usage,
)

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
    sampling: Mapping[str, JsonValue] = field(default_factory=dict)  # temperature, top_p...
    timeout_s: float = 600.0  # per attempt, the whole request and response
    stream: bool = False  # streaming gives time to first token
    max_response_bytes: int = 8 * 1024 * 1024
    tool_choice: str = "auto"  # sent with tools only: "auto" is the API's default


class ResponseTooLarge(RunnerError):
    pass


def redact(text: str, secret: str | None) -> str:
    return text.replace(secret, "[redacted]") if secret else text


async def read_capped(response: httpx.Response, limit: int) -> bytes:
    chunks, size = [], 0
    async for chunk in response.aiter_bytes():
        size += len(chunk)
        if size > limit:
            raise ResponseTooLarge(f"the response is larger than {limit} bytes; not read "
                                   "further")
        chunks.append(chunk)
    return b"".join(chunks)


def parse_json(data: bytes | str, what: str) -> Any:
    try:
        return json.loads(data)
    except (ValueError, RecursionError):
        raise RunnerError(f"the endpoint {what} invalid JSON (or JSON nested too deep)") from None


def retry_after_seconds(value: str | None, now: datetime | None = None) -> float | None:
    """Retry-After as delta-seconds or an HTTP date (seconds from `now`, default the
    clock's)."""
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
    return max(0.0, (when - (now or datetime.now(UTC))).total_seconds())


def _tool_calls(message: AssistantMessage) -> list[ToolCall]:
    calls = []
    for call in message.get("tool_calls") or []:
        fn = call.get("function") or {}
        arguments = fn.get("arguments")
        calls.append(ToolCall(id=call.get("id"), name=fn.get("name"),
                              arguments=arguments if isinstance(arguments, str | dict) else ""))
    return calls


class _StreamedCall(TypedDict):
    """A tool call while its fragments arrive."""

    id: str | None
    name: str
    arguments: str


def parse_reply(body: ChatCompletion, latency_ms: float) -> ChatReply:
    choices = body.get("choices") or []
    if not choices or not isinstance(choices[0], dict):
        raise RunnerError("the response has no choices")
    message = choices[0].get("message") or {}
    usage = body.get("usage") or {}
    details = usage.get("completion_tokens_details") or {}
    return ChatReply(
        content=message.get("content"),
        tool_calls=_tool_calls(message),
        reasoning=message.get("reasoning_content") or message.get("reasoning"),
        stats=ReplyStats(latency_ms=latency_ms, prompt_tokens=usage.get("prompt_tokens"),
                         completion_tokens=usage.get("completion_tokens"),
                         reasoning_tokens=details.get("reasoning_tokens"),
                         finish_reason=choices[0].get("finish_reason")),
        raw=body,
    )


async def read_stream(response: httpx.Response, started: float,
                      limit: int = Endpoint.max_response_bytes) -> ChatReply:
    """Assemble a streamed completion (SSE `data:` chunks): content and reasoning deltas,
    tool-call fragments by index, the finish reason and the final usage chunk."""
    content: list[str] = []
    reasoning: list[str] = []
    calls: dict[int, _StreamedCall] = {}
    finish_reason = None
    usage: Usage = {}
    first: float | None = None
    size = 0
    async for line in response.aiter_lines():
        size += len(line) + 1
        if size > limit:
            raise ResponseTooLarge(f"the streamed response is larger than {limit} bytes; not "
                                   "read further")
        if not line.startswith("data:"):
            continue
        data = line[5:].strip()
        if data == "[DONE]":
            break
        chunk: ChatCompletionChunk = parse_json(data, "streamed")
        if not isinstance(chunk, dict):
            raise RunnerError("the endpoint streamed a chunk that is not an object")
        usage = chunk.get("usage") or usage
        for choice in chunk.get("choices") or []:
            delta = choice.get("delta") or {}
            piece = delta.get("content")
            thought = delta.get("reasoning_content") or delta.get("reasoning")
            if (piece or thought or delta.get("tool_calls")) and first is None:
                first = time.perf_counter()
            if piece:
                content.append(piece)
            if thought:
                reasoning.append(thought)
            for fragment in delta.get("tool_calls") or []:
                call = calls.setdefault(int(fragment.get("index", 0)),
                                        {"id": None, "name": "", "arguments": ""})
                call["id"] = fragment.get("id") or call["id"]
                fn = fragment.get("function") or {}
                call["name"] += fn.get("name") or ""
                call["arguments"] += fn.get("arguments") or ""
            finish_reason = choice.get("finish_reason") or finish_reason
    done = time.perf_counter()
    details = usage.get("completion_tokens_details") or {}
    return ChatReply(
        content="".join(content) if content or not calls else None,
        tool_calls=[ToolCall(id=c["id"], name=c["name"], arguments=c["arguments"])
                    for c in (calls[i] for i in sorted(calls))],
        reasoning="".join(reasoning) or None,
        stats=ReplyStats(latency_ms=(done - started) * 1000,
                         ttft_ms=None if first is None else (first - started) * 1000,
                         prompt_tokens=usage.get("prompt_tokens"),
                         completion_tokens=usage.get("completion_tokens"),
                         reasoning_tokens=details.get("reasoning_tokens"),
                         finish_reason=finish_reason))


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

    def request_body(self, messages: ChatMessages, tools: ToolSchemas | None,
                     max_tokens: int | None) -> dict[str, object]:
        """The JSON body: messages and tools as given, the endpoint's sampling settings."""
        body: dict[str, object] = {"model": self.endpoint.model, "messages": messages,
                                **self.endpoint.sampling}
        if self.endpoint.stream:
            body["stream"] = True
            body["stream_options"] = {"include_usage": True}
        if tools:
            body["tools"] = tools
            if self.endpoint.tool_choice != "auto":
                body["tool_choice"] = self.endpoint.tool_choice
        if max_tokens is not None:
            body["max_tokens"] = max_tokens
        return body

    async def chat(self, messages: ChatMessages, *, tools: ToolSchemas | None = None,
                   max_tokens: int | None = None, seed: int | None = None) -> ChatReply:
        body = self.request_body(messages, tools, max_tokens)
        if seed is not None:  # llama-server's per-request seed (endpoint runs pass none)
            body["seed"] = seed
        headers = {"Authorization": f"Bearer {self.endpoint.api_key}"} \
            if self.endpoint.api_key else {}
        secret = self.endpoint.api_key
        limit = self.endpoint.max_response_bytes
        last_error = "no attempt made"
        for attempt in range(self.retry.attempts):
            started = time.perf_counter()
            try:
                async with asyncio.timeout(self.endpoint.timeout_s):
                    request = self.client.build_request("POST", self.url, json=body,
                                                        headers=headers,
                                                        timeout=self.endpoint.timeout_s)
                    response = await self.client.send(request, stream=True)
                    try:
                        if response.status_code == 200:
                            if self.endpoint.stream:
                                return await read_stream(response, started, limit)
                            payload: ChatCompletion = parse_json(
                                await read_capped(response, limit), "returned")
                            if not isinstance(payload, dict):
                                raise RunnerError("the endpoint returned JSON that is not an "
                                                  "object")
                            return parse_reply(payload,
                                               (time.perf_counter() - started) * 1000)
                        text = (await read_capped(response, 64 * 1024)).decode(
                            "utf-8", "replace")
                    finally:
                        await response.aclose()
            except TimeoutError:
                last_error = f"no complete response within {self.endpoint.timeout_s:g} s"
                wait = self.retry.backoff(attempt, self.rng)
            except (httpx.TimeoutException, httpx.TransportError) as exc:
                last_error = redact(f"{type(exc).__name__}: {exc}", secret)
                wait = self.retry.backoff(attempt, self.rng)
            else:
                last_error = redact(f"HTTP {response.status_code}: {text[:300]}", secret)
                if response.status_code not in RETRY_STATUS:
                    raise RunnerError(last_error)
                hinted = retry_after_seconds(response.headers.get("retry-after"))
                wait = min(hinted, self.retry.max_retry_after_s) if hinted is not None \
                    else self.retry.backoff(attempt, self.rng)
            if attempt + 1 < self.retry.attempts:
                await asyncio.sleep(wait)
        raise RunnerError(f"gave up after {self.retry.attempts} attempts; last: {last_error}")
