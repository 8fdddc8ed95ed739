"""Heavy requests queue in the bulk lane while cheap reads go past them."""

from __future__ import annotations

import asyncio
import gc
import time

import httpx
import pytest
from fastapi import FastAPI

from app.config import Settings
from app.main import FULL_COLLECTION_EVERY, create_app
from tests.support.factories import mcq_rows

pytestmark = pytest.mark.anyio


@pytest.fixture
def settings(settings: Settings) -> Settings:
    return settings.model_copy(update={"bulk_requests": 1})


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
async def test_heavy_requests_wait_for_a_slot_while_item_pages_are_served(
        client: httpx.AsyncClient, app: FastAPI) -> None:
    assert (await client.post("/benchmarks", json={"name": "quiz", "kind": "mcq"})
            ).status_code == 201
    assert (await client.post("/benchmarks/quiz/items:import",
                              json={"items": mcq_rows(4)})).status_code == 200
    slots = app.state.bulk_slots
    await slots.acquire()  # the one slot is busy, as with a long score batch
    try:
        heavy = [asyncio.create_task(client.get(path))
                 for path in ("/runs", "/leaderboard", "/compare?a=nobody&b=noone")]
        score = asyncio.create_task(client.post("/benchmarks/quiz/score", json={
            "model": "m", "predictions": [{"external_id": "q0", "answer": "A"}]}))
        # wait until all four queue on the slot (however long this host takes to get them
        # there), then cheap reads are served past them
        deadline = time.monotonic() + 120
        while slots.statistics().tasks_waiting < 4:
            assert time.monotonic() < deadline, (
                f"{slots.statistics().tasks_waiting} of 4 heavy requests reached the lane")
            await asyncio.sleep(0.01)
        page = await client.get("/benchmarks/quiz/items")
        assert page.status_code == 200 and len(page.json()["items"]) == 4
        assert (await client.get("/health")).status_code == 200
        assert not any(t.done() for t in [*heavy, score])
        assert slots.statistics().tasks_waiting == 4  # all still waiting for the slot
    finally:
        slots.release()
    runs, board, compare, scored = await asyncio.gather(*heavy, score)
    assert runs.status_code == 200
    assert board.status_code == 200 and compare.status_code in (404, 422)
    assert scored.status_code == 200 and scored.json()["model"] == "m"
    assert (await client.get("/runs")).json()["runs"][0]["model"] == "m"


async def test_a_served_app_freezes_its_start_up_heap(settings: Settings) -> None:
    """And makes full collections rare; a test app changes neither."""
    served = create_app(settings, serving=True)
    thresholds = gc.get_threshold()
    gc.unfreeze()
    try:
        async with served.router.lifespan_context(served):
            assert gc.get_freeze_count() > 0
            assert gc.get_threshold() == (*thresholds[:2], FULL_COLLECTION_EVERY)
    finally:
        gc.unfreeze()
        gc.set_threshold(*thresholds)
    tested = create_app(settings)
    async with tested.router.lifespan_context(tested):
        assert gc.get_freeze_count() == 0
        assert gc.get_threshold() == thresholds
