"""Distractors written by a generator model need one configured: without it (or without the
key variable it names) the server's set-up cannot serve the request, a 409 naming the
setting, as a judged benchmark without a judge is; not a 503, which says to try again."""

from __future__ import annotations

import httpx
import pytest

from app.config import Settings
from tests.conftest import API_KEY
from tests.support.factories import mcq_rows, served

pytestmark = pytest.mark.anyio
GENERATE = "/benchmarks/mmlu/audits/options:generate"


async def test_generating_options_without_a_generator_is_a_conflict(
        client: httpx.AsyncClient) -> None:
    await client.post("/benchmarks/mmlu/items:import", json={"items": mcq_rows(2)})
    r = await client.post(GENERATE, params={"new_name": "mmlu-gen", "target": 5})
    assert r.status_code == 409, r.text
    assert "POCKETEVAL_GENERATOR_BASE_URL" in r.json()["detail"]
    assert (await client.get("/benchmarks/mmlu-gen")).status_code == 404


async def test_a_generator_key_variable_that_is_not_set_is_a_conflict(
        settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("POCKETEVAL_ENDPOINT_KEY_GENERATOR", raising=False)
    configured = settings.model_copy(update={
        "generator_base_url": "http://127.0.0.1:9/v1",
        "generator_api_key_env": "POCKETEVAL_ENDPOINT_KEY_GENERATOR"})
    async with served(configured, API_KEY) as client:
        r = await client.post(GENERATE, params={"new_name": "mmlu-gen", "target": 5})
    assert r.status_code == 409, r.text
    assert "POCKETEVAL_ENDPOINT_KEY_GENERATOR" in r.json()["detail"]
