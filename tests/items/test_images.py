"""Items with images: validated at import, sent to vision endpoints as image content parts,
kept out of stored transcripts."""

from __future__ import annotations

import base64
import json
import struct
import zlib

import httpx
import pytest
import respx

from tests.support.databases import store_incidental
from tests.support.factories import wait_run
from tests.support.fake_openai import completion, reply

pytestmark = [pytest.mark.anyio, store_incidental]


def tiny_png() -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data)))
    header = struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(b"\x00\xff\x00\x00")) + chunk(b"IEND", b""))


async def test_images_reach_the_endpoint_as_content_parts(client: httpx.AsyncClient) -> None:
    assert (await client.post("/benchmarks", json={
        "name": "chart-quiz", "kind": "mcq", "description": "Charts"})).status_code == 201
    png = base64.b64encode(tiny_png()).decode()
    rows = [{"id": "c1", "question": "What colour is the pixel?", "choices": ["red", "green"],
             "answer": "B", "images": [f"data:image/png;base64,{png}"]},
            {"id": "c2", "question": "Same?", "choices": ["yes", "no"], "answer": "A",
             "images": [{"media_type": "image/png", "data": png}]}]
    r = await client.post("/benchmarks/chart-quiz/items:import", json={"items": rows})
    assert r.status_code == 200, r.text
    seen = []

    def model(request: httpx.Request) -> httpx.Response:
        content = json.loads(request.content)["messages"][0]["content"]
        seen.append(content)
        return reply(completion("Answer: B" if "pixel" in content[0]["text"] else "Answer: A"))

    with respx.mock() as mock:
        mock.post("http://127.0.0.1:9/v1/chat/completions").mock(side_effect=model)
        r = await client.post("/runs", json={
            "model": {"name": "vision", "base_url": "http://127.0.0.1:9/v1"},
            "benchmarks": ["chart-quiz"], "repeats": 1})
        run_id = r.json()["id"]
        status = await wait_run(client, run_id)
    assert status["status"] == "finished", status
    assert all(c[1] == {"type": "image_url", "image_url": {"url": f"data:image/png;base64,{png}"}}
               for c in seen)
    samples = (await client.get(f"/runs/{run_id}/samples")).json()["samples"]
    assert all(png not in s["prompt"] and "<sha256:" in s["prompt"] for s in samples)
    assert {s["verdict"] for s in samples} == {"correct"}


@pytest.mark.parametrize(("image", "message"), [
    ("data:image/png;base64,!!!notbase64", "not valid base64"),
    ({"media_type": "image/png", "data": base64.b64encode(b"GIF89a....").decode()},
     "not a image/png image"),
    ({"media_type": "image/svg+xml", "data": "PHN2Zz4="}, "is not one of"),
])
async def test_bad_images_are_rejected(client: httpx.AsyncClient, image: object,
                                       message: str) -> None:
    await client.post("/benchmarks", json={"name": "pics", "kind": "mcq",
                                           "description": "x"})
    r = await client.post("/benchmarks/pics/items:import", json={"items": [
        {"id": "p", "question": "?", "choices": ["a", "b"], "answer": "A", "images": [image]}]})
    assert r.status_code == 422 and message in r.text
    assert r.json()["errors"][0]["field"] == "images"
