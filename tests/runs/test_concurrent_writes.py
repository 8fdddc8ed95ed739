"""Concurrent writes through the real app on a real SQLite file: requests run in worker
threads at the same time, so races between them are real."""

from __future__ import annotations

import asyncio

import httpx
import pytest

pytestmark = pytest.mark.anyio


async def test_concurrent_first_use_of_a_model_name(client: httpx.AsyncClient) -> None:
    rows = [{"id": f"q{i}", "question": f"Q{i}?", "choices": list("wxyz"), "answer": "A"}
            for i in range(4)]
    assert (await client.post("/benchmarks/mmlu/items:import",
                              json={"items": rows})).status_code == 200
    body = {"model": "brand-new-model", "predictions": [
        {"external_id": f"q{i}", "answer": "A"} for i in range(4)]}
    replies = await asyncio.gather(*(client.post("/benchmarks/mmlu/score", json=body)
                                     for _ in range(12)))
    assert [r.status_code for r in replies] == [200] * 12, [r.text for r in replies
                                                            if r.status_code != 200]
    runs = (await client.get("/runs", params={"model": "brand-new-model"})).json()["runs"]
    assert len(runs) == 12 and {r["model"] for r in runs} == {"brand-new-model"}
