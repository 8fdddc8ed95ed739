"""Bytes to text for uploads, reporting the line of the first undecodable byte."""

from __future__ import annotations

import codecs


class DecodeFailure(ValueError):
    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.message = message


def check_encoding(name: str) -> str:
    """The codec's canonical name; raises LookupError for an unknown one, and for codecs
    that do not turn bytes into text (rot13, base64, zlib, hex, bz2, uu, quopri)."""
    info = codecs.lookup(name)
    if not getattr(info, "_is_text_encoding", True):  # how str.decode itself tells them apart
        raise LookupError(f"{name!r} is not a text encoding")
    return info.name


def decode_text(data: bytes, encoding: str = "utf-8") -> str:
    """Decode strictly; a UTF-8 byte-order mark is dropped. Never guesses."""
    codec = "utf-8-sig" if check_encoding(encoding) == "utf-8" else encoding
    try:
        return data.decode(codec)
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise DecodeFailure(
            line,
            f"byte 0x{data[exc.start]:02x} at offset {exc.start} is not valid {encoding}; "
            "re-save the file as UTF-8 or pass the right `encoding`",
        ) from exc
