"""A run against a reference takes each planned look when its share of the paired items is
in, whatever the running estimate's cadence, and `limit` and `sample` choose among the
reference's items in the reference's order."""

from __future__ import annotations

import math
import random
import re

import httpx
import pytest
import respx

from app.scoring.group_sequential import boundaries
from app.scoring.sequential_test import z_statistic
from tests.support.factories import wait_run
from tests.support.fake_openai import completion, last_user_text, reply

pytestmark = pytest.mark.anyio
BASE = "http://127.0.0.1:9/v1"
ITEMS, LOOKS, MARGIN = 200, 5, 0.05


def _answer(request: httpx.Request) -> httpx.Response:
    """Deterministic per item: right unless its number is a multiple of 7."""
    found = re.search(r"<(\d+)>", last_user_text(request))
    assert found is not None
    i = int(found.group(1))
    return reply(completion(f"Answer: {'ABCD'[(i + (i % 7 == 0)) % 4]}"))


async def _run(client: httpx.AsyncClient, **body: object) -> tuple[int, dict[str, object]]:
    request = {"model": {"name": "mock", "base_url": BASE}, "benchmarks": ["mmlu"],
               "repeats": 1, **body}
    with respx.mock() as mock:
        mock.post(f"{BASE}/chat/completions").mock(side_effect=_answer)
        r = await client.post("/runs", json=request)
        assert r.status_code == 202, r.text
        return r.json()["id"], await wait_run(client, r.json()["id"])


async def _order(client: httpx.AsyncClient, run_id: int) -> list[int]:
    samples = (await client.get(f"/runs/{run_id}/samples",
                                params={"limit": 1000})).json()["samples"]
    return [s["item_id"] for s in sorted(samples, key=lambda s: s["id"])]


async def test_each_planned_look_comes_at_its_share_of_the_items(
        client: httpx.AsyncClient) -> None:
    rows = [{"id": f"p{i}", "question": f"<{i}> Which is it?", "choices": ["w", "x", "y", "z"],
             "answer": "ABCD"[i % 4]} for i in range(ITEMS)]
    assert (await client.post("/benchmarks/mmlu/items:import",
                               json={"items": rows})).status_code == 200
    reference, status = await _run(client, concurrency=4, seed=1)
    assert status["status"] == "finished"
    ref_order = await _order(client, reference)

    # the same answers item for item: every paired difference is 0, so z grows as √n and
    # the verdict comes at a planned look; with a fast endpoint the estimate's cadence
    # (every 100 samples or 2 s) would put the looks elsewhere
    run_id, status = await _run(client, concurrency=1, reference_run=reference,
                                stop_when={"decided": {"margin": MARGIN, "looks": LOOKS}})
    assert status["status"] == "finished", status
    run = (await client.get(f"/runs/{run_id}")).json()
    sequential = run["runtime"]["sequential"]
    looks = sequential["looks"]
    planned = [math.ceil(ITEMS * k / LOOKS) for k in range(1, LOOKS + 1)]
    assert [look["items"] for look in looks] == planned[:len(looks)]
    critical = boundaries([look["fraction"] for look in looks], 0.025)
    for look, c in zip(looks, critical, strict=True):
        z = z_statistic([0.0] * look["items"], MARGIN)
        assert look["z"] == pytest.approx(z) and look["critical"] == pytest.approx(c)
    # decided at the first look whose z crosses its boundary, and not before
    first = next(k for k, (n, c) in enumerate(zip(planned, boundaries(
        [n / ITEMS for n in planned], 0.025), strict=True))
        if z_statistic([0.0] * n, MARGIN) >= c)
    assert len(looks) == first + 1 < LOOKS
    assert sequential["verdict"] == "non-inferior"
    assert run["runtime"]["early_stop"]["reason"] == "decided"

    # limit: the reference's first items; sample: a seeded sample of them, in its order
    limited, status = await _run(client, concurrency=2, reference_run=reference, limit=30)
    assert status["status"] == "finished"
    assert (await client.get(f"/runs/{limited}")).json()["plan"]["benchmarks"][0][
        "item_ids"] == ref_order[:30]
    sampled, status = await _run(client, concurrency=2, reference_run=reference,
                                 sample=25, seed=4)
    chosen = set(random.Random(4).sample(ref_order, 25))
    assert (await client.get(f"/runs/{sampled}")).json()["plan"]["benchmarks"][0][
        "item_ids"] == [i for i in ref_order if i in chosen]
    assert len(await _order(client, sampled)) == 25
