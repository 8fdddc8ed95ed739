"""Uploads that used to crash the import with a 500 get a 4xx problem+json that names the
field or line, and change nothing."""

from __future__ import annotations

import httpx
import pytest

from tests.support.databases import store_incidental

pytestmark = [pytest.mark.anyio, store_incidental]
CSV = b"question,A,B,C,D,answer\nWhat?,w,x,y,z,A\n"


@pytest.mark.parametrize("codec", ["rot13", "base64", "zlib", "hex", "bz2", "uu", "quopri"])
async def test_non_text_codecs_are_refused(client: httpx.AsyncClient, codec: str) -> None:
    r = await client.post("/benchmarks/mmlu/items:import",
                          params={"layout": "csv", "encoding": codec},
                          files={"file": ("x.csv", CSV)})
    assert r.status_code == 422 and r.json()["field"] == "encoding", r.text


@pytest.mark.parametrize(("name", "data", "line", "field"), [
    ("big.csv", b"question,A,B,C,D,answer\n" + b"x" * 200_000 + b",w,x,y,z,A\n", 2, "csv"),
    ("deep.jsonl", b'{"question": "fine", "choices": ["a","b"], "answer": "A"}\n'
     + b'{"metadata": ' + b"[" * 10_000 + b"]" * 10_000 + b"}\n", 2, "json"),
])
async def test_unreadable_rows_name_their_line(client: httpx.AsyncClient, name: str,
                                               data: bytes, line: int, field: str) -> None:
    layout = "csv" if name.endswith(".csv") else "jsonl"
    r = await client.post("/benchmarks/mmlu/items:import", params={"layout": layout},
                          files={"file": (name, data)})
    assert r.status_code == 422, r.text
    assert r.headers["content-type"] == "application/problem+json"
    assert any(e["line"] == line and e["field"] == field for e in r.json()["errors"]), r.text
    assert (await client.get("/benchmarks/mmlu/items")).json()["items"] == []


async def test_a_header_only_file_is_refused(client: httpx.AsyncClient) -> None:
    r = await client.post("/benchmarks/mmlu/items:import", params={"layout": "csv"},
                          files={"file": ("empty.csv", b"question,A,B,C,D,answer\n")})
    assert r.status_code == 422 and r.json()["errors"][0]["message"] == "the file holds no items"
