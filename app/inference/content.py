"""A chat message's content in OpenAI's form when it carries images."""

from __future__ import annotations

from typing import Literal, TypedDict


class TextPart(TypedDict):
    type: Literal["text"]
    text: str


class ImageUrl(TypedDict):
    url: str  # a data URL: the image travels inside the request


class ImagePart(TypedDict):
    type: Literal["image_url"]
    image_url: ImageUrl


def content_parts(text: str, images: list[dict[str, str]]) -> list[TextPart | ImagePart]:
    """The user message content: the text, then each image as a data URL."""
    parts: list[TextPart | ImagePart] = [{"type": "text", "text": text}]
    parts += [{"type": "image_url",
               "image_url": {"url": f"data:{i['media_type']};base64,{i['data']}"}}
              for i in images]
    return parts
