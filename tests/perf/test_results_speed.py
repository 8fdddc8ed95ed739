"""Speed of the decision pages' API on SQLite, in one run: GET /leaderboard over 50 models x
8 benchmarks, and GET /compare of two 14,042-item runs (MMLU's test size), p50 over 20 calls
each (targets < 100 ms and < 300 ms), and how each scales (half the models, half the items).

Run with `make perf`.
"""

from __future__ import annotations

import random
import statistics
import time

import httpx
import pytest

from tests.support.factories import mcq_rows

pytestmark = [pytest.mark.perf, pytest.mark.anyio]
CALLS = 20


async def _p50(client: httpx.AsyncClient, path: str, params: dict[str, str]) -> float:
    times = []
    for _ in range(CALLS):
        start = time.perf_counter()
        r = await client.get(path, params=params)
        times.append(time.perf_counter() - start)
        assert r.status_code == 200, r.text
    return statistics.median(times) * 1000


async def _benchmark(client: httpx.AsyncClient, name: str, n: int) -> list[dict[str, object]]:
    await client.post("/benchmarks", json={"name": name, "kind": "mcq"})
    rows = [{**r, "subject": f"s{i % 57}"} for i, r in enumerate(mcq_rows(n))]
    assert (await client.post(f"/benchmarks/{name}/items:import",
                              json={"items": rows})).status_code == 200
    items: list[dict[str, object]] = []
    cursor = None
    while True:
        params = {"limit": "1000", **({"cursor": cursor} if cursor else {})}
        page = (await client.get(f"/benchmarks/{name}/items", params=params)).json()
        items += page["items"]
        if (cursor := page["next_cursor"]) is None:
            return items


async def _score(client: httpx.AsyncClient, bench: str, model: str,
                 items: list[dict[str, object]], p: float, rng: random.Random) -> None:
    preds = [{"item_id": it["id"], "answer": "A" if rng.random() < p else "B"} for it in items]
    r = await client.post(f"/benchmarks/{bench}/score", json={"model": model,
                                                              "predictions": preds})
    assert r.status_code == 200, r.text


async def test_leaderboard_and_compare_speed(client: httpx.AsyncClient) -> None:
    rng = random.Random(0)
    benches = [f"b{i}" for i in range(8)]
    for bench in benches:
        items = await _benchmark(client, bench, 100)
        for m in range(50):
            await _score(client, bench, f"model-{m:02d}", items, rng.random(), rng)
    params = {"benchmarks": ",".join(benches), "sort": "b0"}
    board = (await client.get("/leaderboard", params=params)).json()
    assert len(board["rows"]) == 50
    leaderboard_ms = await _p50(client, "/leaderboard", params)
    half = await _p50(client, "/leaderboard", {**params, "benchmarks": ",".join(benches[:4])})

    items = await _benchmark(client, "big", 14_042)
    await _score(client, "big", "a", items, 0.55, rng)
    await _score(client, "big", "b", items, 0.6, rng)
    compare_ms = await _p50(client, "/compare", {"a": "a", "b": "b", "benchmarks": "big"})
    small = await _benchmark(client, "half", 7_021)
    await _score(client, "half", "a", small, 0.55, rng)
    await _score(client, "half", "b", small, 0.6, rng)
    compare_half = await _p50(client, "/compare", {"a": "a", "b": "b", "benchmarks": "half"})
    print(f"\nleaderboard, 50 models x 8 benchmarks: p50 {leaderboard_ms:.0f} ms (target < 100);"
          f" x 4 benchmarks {half:.0f} ms (ratio {leaderboard_ms / half:.2f})")
    print(f"compare, two 14,042-item runs, 1,000 bootstrap resamples: p50 {compare_ms:.0f} ms "
          f"(target < 300); 7,021 items {compare_half:.0f} ms (ratio "
          f"{compare_ms / compare_half:.2f})")
