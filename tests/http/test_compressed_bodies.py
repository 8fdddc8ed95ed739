"""gzip-compressed request bodies and responses, in process: a body sent with
`Content-Encoding: gzip` reads as its plain bytes on JSON and multipart endpoints, the body
cap applies to the inflated size (a bomb is a 413 naming the setting and changes nothing),
broken gzip is a 400 and other encodings a 415; large responses are compressed for clients
that accept it. The served path (sockets, real clients, real sizes) is tests/served/."""

from __future__ import annotations

import gzip
import json
import zlib

import httpx
import pytest
from fastapi import FastAPI

from app.http.body_limit import GzipBody
from tests.support.databases import store_incidental
from tests.support.factories import db_fingerprint, jsonl, mcq_rows

pytestmark = [pytest.mark.anyio, store_incidental]
PROBLEM = "application/problem+json"
GZIP = {"Content-Encoding": "gzip", "Content-Type": "application/json"}


async def _quiz(client: httpx.AsyncClient, rows: int = 40) -> None:
    r = await client.post("/benchmarks", json={"name": "quiz", "kind": "mcq"})
    assert r.status_code == 201, r.text
    r = await client.post("/benchmarks/quiz/items:import", json={"items": mcq_rows(rows)})
    assert r.status_code == 200, r.text


async def test_a_gzip_json_body_scores_as_the_plain_one(client: httpx.AsyncClient) -> None:
    await _quiz(client)
    body = {"model": "m", "predictions": [{"external_id": f"q{i}", "answer": "A"}
                                          for i in range(40)]}
    plain = await client.post("/benchmarks/quiz/score", json=body)
    packed = await client.post("/benchmarks/quiz/score", headers=GZIP,
                               content=gzip.compress(json.dumps(body).encode()))
    assert plain.status_code == packed.status_code == 200, packed.text
    assert packed.json()["metrics"]["counts"] == plain.json()["metrics"]["counts"]
    assert packed.json()["metrics"]["counts"]["correct"] == 10  # answers cycle A-D


async def test_a_gzip_multipart_upload_imports(client: httpx.AsyncClient) -> None:
    r = await client.post("/benchmarks", json={"name": "quiz", "kind": "mcq"})
    assert r.status_code == 201, r.text
    request = client.build_request("POST", "/benchmarks/quiz/items:import",
                                   files={"file": ("rows.jsonl", jsonl(mcq_rows(300)))})
    raw = b"".join(request.stream)  # type: ignore[union-attr]
    headers = {"Content-Type": request.headers["content-type"], "Content-Encoding": "gzip"}
    r = await client.post("/benchmarks/quiz/items:import", headers=headers,
                          content=gzip.compress(raw))
    assert r.status_code == 200, r.text
    assert r.json()["inserted"] == 300


async def test_a_gzip_bomb_is_413_and_changes_nothing(client: httpx.AsyncClient,
                                                      app: FastAPI) -> None:
    await _quiz(client)
    before = db_fingerprint(app)
    limit = app.state.settings.max_body_bytes
    bomb = gzip.compress(b"[" + b" " * (limit + 1024) + b"]", compresslevel=9)
    assert len(bomb) < limit // 100
    r = await client.post("/benchmarks/quiz/items:import", headers=GZIP, content=bomb)
    assert r.status_code == 413 and r.headers["content-type"] == PROBLEM
    assert "POCKETEVAL_MAX_BODY_BYTES" in r.json()["detail"]
    assert db_fingerprint(app) == before


@pytest.mark.parametrize(("body", "headers", "status", "detail"), [
    (b"not gzip at all", {"Content-Encoding": "gzip"}, 400, "not valid gzip"),
    (gzip.compress(b'{"items": []}', mtime=0)[:-6], {"Content-Encoding": "gzip"}, 400,
     "ends before its end"),
    (b'{"items": []}', {"Content-Encoding": "br"}, 415, "'br' is not supported"),
], ids=["not-gzip", "cut-gzip", "brotli"])
async def test_unreadable_encodings_are_refused(client: httpx.AsyncClient, app: FastAPI,
                                                body: bytes, headers: dict[str, str],
                                                status: int, detail: str) -> None:
    await _quiz(client)
    before = db_fingerprint(app)
    r = await client.post("/benchmarks/quiz/items:import", content=body,
                          headers={**headers, "Content-Type": "application/json"})
    assert r.status_code == status and r.headers["content-type"] == PROBLEM, r.text
    assert detail in r.json()["detail"] and r.json()["field"] == "Content-Encoding"
    assert db_fingerprint(app) == before


def test_inflating_stops_past_the_room_and_reads_several_members() -> None:
    packed = gzip.compress(b"a" * 5000) + gzip.compress(b"b" * 10)
    body = GzipBody()
    assert body.feed(packed[:7], 10_000) is not None  # a header alone inflates to nothing
    rest = body.feed(packed[7:], 10_000)
    assert rest is not None and len(rest) == 5010 and rest.endswith(b"b" * 10)
    assert body.complete
    assert GzipBody().feed(packed, 5009) is None
    with pytest.raises(zlib.error):
        GzipBody().feed(b"\x1f\x8b\x08\x00garbage-after-a-gzip-magic", 100)


async def test_large_responses_are_compressed_for_clients_that_accept_it(
        client: httpx.AsyncClient) -> None:
    await _quiz(client, rows=200)
    compressed = await client.get("/benchmarks/quiz/items", params={"limit": 200},
                                  headers={"Accept-Encoding": "gzip"})
    plain = await client.get("/benchmarks/quiz/items", params={"limit": 200},
                             headers={"Accept-Encoding": "identity"})
    assert compressed.headers["content-encoding"] == "gzip"
    assert "content-encoding" not in plain.headers
    assert compressed.json() == plain.json() and len(plain.json()["items"]) == 200
    assert int(compressed.headers["content-length"]) < len(plain.content) / 3
