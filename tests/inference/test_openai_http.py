"""The OpenAI-compatible runner on its own, over httpx.MockTransport: streaming assembly,
Retry-After forms, error bodies."""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime, timedelta
from email.utils import format_datetime

import httpx
import pytest

from app.inference.base import RunnerError
from app.inference.openai.client import Endpoint, OpenAIChatRunner, RetryPolicy, retry_after_seconds

pytestmark = pytest.mark.anyio


def _sse(chunks: list[dict[str, object]]) -> bytes:
    return b"".join(f"data: {json.dumps(c)}\n\n".encode() for c in chunks) + b"data: [DONE]\n\n"


async def test_streamed_reply_assembles_text_tool_calls_and_usage() -> None:
    chunks: list[dict[str, object]] = [
        {"choices": [{"index": 0, "delta": {"role": "assistant", "reasoning_content": "hm"}}]},
        {"choices": [{"index": 0, "delta": {"content": "Calling "}}]},
        {"choices": [{"index": 0, "delta": {"tool_calls": [
            {"index": 0, "id": "call_1", "function": {"name": "get_", "arguments": "{\"ci"}}]}}]},
        {"choices": [{"index": 0, "delta": {"tool_calls": [
            {"index": 0, "function": {"name": "weather", "arguments": "ty\": \"Paris\"}"}}]}}]},
        {"choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]},
        {"choices": [], "usage": {"prompt_tokens": 12, "completion_tokens": 9,
                                  "completion_tokens_details": {"reasoning_tokens": 3}}},
    ]
    seen = {}

    def handler(request: httpx.Request) -> httpx.Response:
        seen.update(json.loads(request.content))
        return httpx.Response(200, content=_sse(chunks),
                              headers={"content-type": "text/event-stream"})

    async with httpx.AsyncClient(transport=httpx.MockTransport(handler)) as client:
        runner = OpenAIChatRunner(client, Endpoint("http://m/v1", "tiny", stream=True))
        reply = await runner.chat([{"role": "user", "content": "hi"}], max_tokens=64)
    assert seen["stream"] is True and seen["stream_options"] == {"include_usage": True}
    assert reply.content == "Calling " and reply.reasoning == "hm"
    assert reply.tool_calls == [{"id": "call_1", "name": "get_weather",
                                 "arguments": "{\"city\": \"Paris\"}"}]
    got = reply.stats  # one record of its timings and tokens
    assert got.finish_reason == "tool_calls"
    assert (got.prompt_tokens, got.completion_tokens, got.reasoning_tokens) == (12, 9, 3)
    assert got.ttft_ms is not None and got.ttft_ms <= got.latency_ms


def test_retry_after_as_seconds_or_http_date() -> None:
    assert retry_after_seconds("7") == 7.0
    now = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)
    later = format_datetime(now + timedelta(seconds=30), usegmt=True)
    assert retry_after_seconds(later, now) == 30.0  # however long this line took
    assert retry_after_seconds(later, now + timedelta(seconds=45)) == 0.0  # past: at once
    assert 0 < (retry_after_seconds(format_datetime(datetime.now(UTC) + timedelta(days=1),
                                                    usegmt=True)) or 0) <= 86_400
    assert retry_after_seconds("soon") is None and retry_after_seconds(None) is None


async def test_client_errors_are_not_retried_and_keys_stay_in_the_header() -> None:
    calls = []

    def handler(request: httpx.Request) -> httpx.Response:
        calls.append(request.headers["authorization"])
        return httpx.Response(401, json={"error": {"message": "bad key"}})

    async with httpx.AsyncClient(transport=httpx.MockTransport(handler)) as client:
        runner = OpenAIChatRunner(client, Endpoint("http://m/v1", "tiny", api_key="sk-abc"),
                                  RetryPolicy(attempts=3), random.Random(0))
        with pytest.raises(RunnerError) as info:
            await runner.chat([{"role": "user", "content": "hi"}])
    assert calls == ["Bearer sk-abc"] and "HTTP 401" in str(info.value)
    assert "sk-abc" not in str(info.value)


async def test_gives_up_after_the_attempts() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(503, headers={"Retry-After": "0"})

    async with httpx.AsyncClient(transport=httpx.MockTransport(handler)) as client:
        runner = OpenAIChatRunner(client, Endpoint("http://m/v1", "tiny"),
                                  RetryPolicy(attempts=3))
        with pytest.raises(RunnerError, match="gave up after 3 attempts"):
            await runner.chat([{"role": "user", "content": "hi"}])


async def test_tool_choice_goes_with_tools_only() -> None:
    """`required` is sent where the request offers tools; without tools it would be an
    error on OpenAI's API, and `auto` is its default, so neither is sent."""
    bodies: list[dict[str, object]] = []

    def handler(request: httpx.Request) -> httpx.Response:
        bodies.append(json.loads(request.content))
        return httpx.Response(200, json={"choices": [{"message": {"content": "ok"},
                                                      "finish_reason": "stop"}]})

    tools = [{"type": "function", "function": {"name": "f", "parameters": {}}}]
    async with httpx.AsyncClient(transport=httpx.MockTransport(handler)) as client:
        for choice in ("required", "auto"):
            runner = OpenAIChatRunner(client, Endpoint("http://m/v1", "tiny",
                                                       tool_choice=choice))
            for offered in (tools, None):
                await runner.chat([{"role": "user", "content": "hi"}], tools=offered,
                                  max_tokens=8)
    assert [b.get("tool_choice") for b in bodies] == ["required", None, None, None]
    assert [("tools" in b) for b in bodies] == [True, False, True, False]
