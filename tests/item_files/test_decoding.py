"""An upload's bytes to text: strict, never guessed, the first bad byte's line named."""

from __future__ import annotations

import pytest

from app.item_files.decoding import DecodeFailure, check_encoding, decode_text


def test_a_utf8_byte_order_mark_is_dropped_and_other_encodings_are_taken_as_named() -> None:
    assert decode_text("\ufeffq,a\n".encode()) == "q,a\n"
    assert decode_text("caf\xe9\n".encode("latin-1"), "latin-1") == "café\n"
    assert decode_text("é".encode("utf-16"), "utf-16") == "é"


def test_the_first_undecodable_byte_is_named_with_its_line() -> None:
    data = "first\nsecond\ncaf\xe9 third\n".encode("cp1252")  # not UTF-8, and not guessed
    with pytest.raises(DecodeFailure) as failure:
        decode_text(data)
    assert failure.value.line == 3
    assert failure.value.message.startswith(f"byte 0xe9 at offset {data.index(0xe9)} ")


@pytest.mark.parametrize("codec", ["rot13", "base64", "zlib", "hex", "no-such-codec"])
def test_codecs_that_do_not_make_text_are_refused(codec: str) -> None:
    with pytest.raises(LookupError):
        check_encoding(codec)
    assert check_encoding("UTF8") == "utf-8"
