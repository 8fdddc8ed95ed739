"""GGUF models: registration by path and by streamed upload (inside the model folder only),
and device-measured figures posted to a run."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest
from gguf import LlamaFileType

from app.config import Settings
from app.main import create_app
from tests.conftest import API_KEY
from tests.support.gguf_shapes import LLAMA_3_1_8B, write_header

pytestmark = pytest.mark.anyio


@pytest.fixture
async def env(settings: Settings, tmp_path: Path) -> AsyncIterator[tuple[httpx.AsyncClient,
                                                                         Path]]:
    folder = tmp_path / "models"
    folder.mkdir()
    app = create_app(settings.model_copy(update={"model_dirs": [folder],
                                                 "max_model_upload_bytes": 200_000}))
    async with app.router.lifespan_context(app):
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app),
                                     base_url="http://test",
                                     headers={"Authorization": f"Bearer {API_KEY}"}) as c:
            yield c, folder


async def test_register_upload_list(env: tuple[httpx.AsyncClient, Path],
                                    tmp_path: Path) -> None:
    client, folder = env
    write_header(folder / "q4.gguf", LLAMA_3_1_8B, LlamaFileType.MOSTLY_Q4_K_M, "Q4_K", "Q6_K")
    r = await client.post("/models", json={"name": "llama-8b-q4", "path": "q4.gguf"})
    assert r.status_code == 201, r.text
    assert r.json()["eligibility"]["eligible"] is True
    assert (await client.post("/models", json={"name": "llama-8b-q4", "path": "q4.gguf"})
            ).status_code == 409
    r = await client.post("/eligibility", json={"model": "llama-8b-q4"})
    assert r.status_code == 200 and r.json()["terms"]["kv_bytes"] == 1024**3
    assert (await client.post("/eligibility", json={"model": "nope"})).status_code == 404
    assert (await client.post("/eligibility", json={})).status_code == 422

    q8 = write_header(tmp_path / "q8.gguf", LLAMA_3_1_8B, LlamaFileType.MOSTLY_Q8_0, "Q8_0",
                      "Q8_0")
    r = await client.put("/models/llama-8b-q8/file", content=q8.read_bytes())
    assert r.status_code == 201, r.text
    assert r.json()["eligibility"]["eligible"] is False  # registered, flagged
    assert (folder / "llama-8b-q8.gguf").read_bytes() == q8.read_bytes()

    r = await client.put("/models/not-a-model/file", content=b"<html>hello</html>")
    assert r.status_code == 422 and not (folder / "not-a-model.gguf").exists()
    r = await client.put("/models/huge/file", content=b"GGUF" + b"\0" * 300_000)
    assert r.status_code == 413
    r = await client.put("/models/..%2Fescape/file", content=q8.read_bytes())
    assert r.status_code in (404, 422)
    assert sorted(p.name for p in folder.iterdir()) == ["llama-8b-q8.gguf", "q4.gguf"]
    names = [m["name"] for m in (await client.get("/models")).json()]
    assert names == ["llama-8b-q4", "llama-8b-q8"]
    assert (await client.get("/models/nope")).status_code == 404


async def test_device_metrics_are_attached_to_a_run(env: tuple[httpx.AsyncClient, Path]
                                                    ) -> None:
    client, _ = env
    await client.post("/benchmarks/mmlu/items:import", json={"items": [
        {"id": "q1", "question": "1+1?", "choices": ["1", "2", "3", "4"], "answer": "B"}]})
    run = (await client.post("/benchmarks/mmlu/score", json={
        "predictions": [{"external_id": "q1", "answer": "B"}]})).json()
    body = {"device": "Pixel 8", "decode_tokens_per_s": 18.5, "ttft_ms": 420.0,
            "peak_memory_bytes": 1_400_000_000, "energy_joules": 35.2}
    r = await client.post(f"/runs/{run['run_id']}/device-metrics", json=body)
    assert r.status_code == 200, r.text
    (entry,) = r.json()["config"]["device_metrics"]
    assert entry["device"] == "Pixel 8" and entry["decode_tokens_per_s"] == 18.5
    r = await client.post("/runs/999/device-metrics", json=body)
    assert r.status_code == 404
    r = await client.post(f"/runs/{run['run_id']}/device-metrics",
                          json={"device": "x", "ttft_ms": -1})
    assert r.status_code == 422
