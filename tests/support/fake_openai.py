"""Realistic OpenAI chat-completions bodies for endpoint tests (respx / MockTransport)."""

from __future__ import annotations

import itertools
import json
from typing import Any

import httpx

_ids = itertools.count(1)


def completion(content: str | None = None, *, tool_calls: list[dict[str, Any]] | None = None,
               finish_reason: str | None = None, prompt_tokens: int = 50,
               completion_tokens: int = 20, reasoning_tokens: int | None = None,
               reasoning: str | None = None) -> dict[str, Any]:
    message: dict[str, Any] = {"role": "assistant", "content": content}
    if tool_calls:
        message["tool_calls"] = [
            {"id": f"call_{next(_ids)}", "type": "function",
             "function": {"name": c["name"], "arguments": c["arguments"]
                          if isinstance(c["arguments"], str) else json.dumps(c["arguments"])}}
            for c in tool_calls]
    if reasoning is not None:
        message["reasoning_content"] = reasoning
    usage: dict[str, Any] = {"prompt_tokens": prompt_tokens,
                             "completion_tokens": completion_tokens,
                             "total_tokens": prompt_tokens + completion_tokens}
    if reasoning_tokens is not None:
        usage["completion_tokens_details"] = {"reasoning_tokens": reasoning_tokens}
    return {
        "id": f"chatcmpl-{next(_ids)}", "object": "chat.completion", "created": 1764489600,
        "model": "tiny-phone-model",
        "choices": [{"index": 0, "message": message,
                     "finish_reason": finish_reason or ("tool_calls" if tool_calls else "stop")}],
        "usage": usage,
    }


def reply(body: dict[str, Any], status: int = 200,
          headers: dict[str, str] | None = None) -> httpx.Response:
    return httpx.Response(status, json=body, headers=headers)


def streamed(body: dict[str, Any]) -> httpx.Response:
    """A completion body as a server streams it: its content in two deltas, then the finish
    reason, then the usage chunk (stream_options.include_usage) and [DONE]."""
    choice = body["choices"][0]
    text = choice["message"].get("content") or ""
    cut = len(text) // 2
    chunks = [{"choices": [{"index": 0, "delta": {"role": "assistant", "content": part}}]}
              for part in (text[:cut], text[cut:]) if part]
    chunks.append({"choices": [{"index": 0, "delta": {},
                                "finish_reason": choice["finish_reason"]}]})
    chunks.append({"choices": [], "usage": body["usage"]})
    lines = "".join(f"data: {json.dumps({'id': body['id'], **c})}\n\n" for c in chunks)
    return httpx.Response(200, content=(lines + "data: [DONE]\n\n").encode(),
                          headers={"content-type": "text/event-stream"})


def last_user_text(request: httpx.Request) -> str:
    payload = json.loads(request.content)
    users = [m for m in payload["messages"] if m["role"] == "user"]
    return str(users[-1]["content"])
