"""Item images: validated once at import, stored as base64 with their media type, and sent
to vision endpoints as OpenAI image content parts (data URLs)."""

from __future__ import annotations

import base64
import binascii
from typing import Any

MAX_IMAGES = 8
MAX_IMAGE_BYTES = 5 * 1024 * 1024
SIGNATURES = {"image/png": (b"\x89PNG\r\n\x1a\n",), "image/jpeg": (b"\xff\xd8\xff",),
              "image/gif": (b"GIF87a", b"GIF89a"), "image/webp": (b"RIFF",)}


class ImageError(ValueError):
    pass


def _one(value: Any, index: int) -> dict[str, str]:
    if isinstance(value, str) and value.startswith("data:"):
        header, _, data = value.partition(",")
        media_type = header[5:].removesuffix(";base64")
        if not header.endswith(";base64"):
            raise ImageError(f"images[{index}]: only base64 data URLs are accepted")
    elif isinstance(value, dict):
        media_type, data = str(value.get("media_type", "")), str(value.get("data", ""))
    else:
        raise ImageError(f"images[{index}]: a data URL or {{media_type, data}} (base64)")
    if media_type not in SIGNATURES:
        raise ImageError(f"images[{index}]: media type {media_type!r} is not one of "
                         f"{', '.join(SIGNATURES)}")
    if len(data) > MAX_IMAGE_BYTES * 4 // 3 + 4:
        raise ImageError(f"images[{index}]: larger than {MAX_IMAGE_BYTES} bytes")
    try:
        raw = base64.b64decode(data, validate=True)
    except (binascii.Error, ValueError):
        raise ImageError(f"images[{index}]: not valid base64") from None
    if not raw.startswith(SIGNATURES[media_type]) or (
            media_type == "image/webp" and raw[8:12] != b"WEBP"):
        raise ImageError(f"images[{index}]: the bytes are not a {media_type} image")
    return {"media_type": media_type, "data": base64.b64encode(raw).decode()}


def parse_images(value: Any) -> list[dict[str, str]]:
    if not isinstance(value, list):
        raise ImageError("images must be a list")
    if len(value) > MAX_IMAGES:
        raise ImageError(f"at most {MAX_IMAGES} images per item")
    return [_one(v, i) for i, v in enumerate(value)]
