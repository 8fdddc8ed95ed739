"""Chat messages on their way to a model and into a sample: sizes, caps, transcripts."""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass
from typing import Any

from app.inference.base import ChatReply

CHARS_PER_TOKEN = 3.0  # a deliberately high token estimate when the endpoint cannot count
IMAGE_TOKENS = 1_000  # a generous per-image allowance (vision encoders use 256-1,500)
STORED_ELSEWHERE = "[stored once, as the sample's response]"

Message = dict[str, Any]


@dataclass(frozen=True)
class Limits:
    context_window: int = 16_384
    max_output_tokens: int | None = None
    time_limit_s: float = 60.0


def _text_and_images(messages: list[Message]) -> tuple[int, int]:
    chars = images = 0
    for message in messages:
        content = message.get("content")
        if isinstance(content, list):
            for part in content:
                if part.get("type") == "image_url":
                    images += 1
                else:
                    chars += len(str(part.get("text", "")))
        else:
            chars += len(json.dumps(message, ensure_ascii=False))
    return chars, images


def transcript(messages: list[Message]) -> str:
    """The messages as stored on the sample; image bytes are replaced by their digest."""
    def redact(part: Message) -> Message:
        if part.get("type") != "image_url":
            return part
        url = str(part["image_url"]["url"])
        digest = hashlib.sha256(url.encode()).hexdigest()[:16]
        return {"type": "image_url", "image_url": {"url": f"{url[:url.find(',')]},"
                                                          f"<sha256:{digest}>"}}

    return json.dumps([{**m, "content": [redact(p) for p in m["content"]]}
                       if isinstance(m.get("content"), list) else m for m in messages],
                      ensure_ascii=False)


def output_cap(limits: Limits, messages: list[Message],
               tools: list[Message] | None) -> int:
    """min(model limit, window - prompt), the prompt estimated at 3 characters a token and
    an image at IMAGE_TOKENS (its base64 bytes are not text the model reads)."""
    chars, images = _text_and_images(messages)
    size = chars + len(json.dumps(tools or []))
    room = limits.context_window - math.ceil(size / CHARS_PER_TOKEN) - images * IMAGE_TOKENS
    return min(limits.max_output_tokens or room, room)


def plain_calls(reply: ChatReply) -> list[Message]:
    return [{"name": c.get("name") or "", "arguments": c.get("arguments") or ""}
            for c in reply.tool_calls]


def assistant_message(reply: ChatReply, ids: list[str]) -> Message:
    """The model's step as it goes back into the conversation."""
    message: Message = {"role": "assistant", "content": reply.content}
    if reply.tool_calls:
        message["tool_calls"] = [
            {"id": call_id, "type": "function",
             "function": {"name": c.get("name") or "", "arguments": c["arguments"]
                          if isinstance(c.get("arguments"), str)
                          else json.dumps(c.get("arguments") or {})}}
            for call_id, c in zip(ids, reply.tool_calls, strict=True)]
    return message


def raw_once(reply: ChatReply) -> dict[str, object] | None:
    """The endpoint's reply as received, less the texts the sample already stores (the
    response and the reasoning): a long reply is kept once, not twice."""
    if not reply.raw:
        return None
    if "choices" not in reply.raw:  # not an endpoint's reply (the in-process runner's record)
        return dict(reply.raw)
    choices = []
    received = reply.raw.get("choices")
    for choice in received if isinstance(received, list) else []:
        message = dict(choice.get("message") or {}) if isinstance(choice, dict) else {}
        for key, text in (("content", reply.content), ("reasoning_content", reply.reasoning),
                          ("reasoning", reply.reasoning)):
            if text and message.get(key) == text:
                message[key] = STORED_ELSEWHERE
        choices.append({**choice, "message": message} if isinstance(choice, dict) else choice)
    return {**reply.raw, "choices": choices}


