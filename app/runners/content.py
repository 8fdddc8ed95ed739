"""A chat message's content in OpenAI's form when it carries images."""

from __future__ import annotations

from typing import Any


def content_parts(text: str, images: list[dict[str, str]]) -> list[dict[str, Any]]:
    """The user message content: the text, then each image as a data URL."""
    return [{"type": "text", "text": text}, *(
        {"type": "image_url", "image_url": {"url": f"data:{i['media_type']};base64,{i['data']}"}}
        for i in images)]
