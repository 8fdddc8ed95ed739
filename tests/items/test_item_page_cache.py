"""Item pages are served from a cache keyed by the benchmark's items version: never stale,
with an ETag that answers 304 until the items change."""

from __future__ import annotations

import httpx
import pytest
from fastapi import FastAPI

from app.items.page_cache import PageCache, PageKey
from tests.support.factories import mcq_rows

pytestmark = pytest.mark.anyio


async def _quiz(client: httpx.AsyncClient, rows: int) -> None:
    assert (await client.post("/benchmarks", json={"name": "quiz", "kind": "mcq"})
            ).status_code == 201
    assert (await client.post("/benchmarks/quiz/items:import",
                              json={"items": mcq_rows(rows)})).status_code == 200


async def test_etag_answers_304_until_an_import_changes_the_items(
        client: httpx.AsyncClient, app: FastAPI) -> None:
    await _quiz(client, 5)
    first = await client.get("/benchmarks/quiz/items", params={"limit": 10})
    assert first.status_code == 200 and first.headers["content-type"] == "application/json"
    etag = first.headers["etag"]
    assert [i["external_id"] for i in first.json()["items"]] == [f"q{i}" for i in range(5)]

    again = await client.get("/benchmarks/quiz/items", params={"limit": 10},
                             headers={"If-None-Match": f'"other", W/{etag}'})
    assert again.status_code == 304 and again.content == b"" and again.headers["etag"] == etag
    other_query = await client.get("/benchmarks/quiz/items", params={"limit": 2})
    assert other_query.headers["etag"] != etag and len(other_query.json()["items"]) == 2
    assert app.state.page_cache.size > 0

    # a replace that changes one item's answer, then new items: the same query must show both
    rows = mcq_rows(6)
    rows[0]["answer"] = "D"
    assert (await client.post("/benchmarks/quiz/items:import", params={"on_conflict": "replace"},
                              json={"items": rows})).status_code == 200
    after = await client.get("/benchmarks/quiz/items", params={"limit": 10},
                             headers={"If-None-Match": etag})
    assert after.status_code == 200 and after.headers["etag"] != etag
    items = after.json()["items"]
    assert len(items) == 6 and items[0]["answers"] == ["D"]


async def test_cached_pages_equal_freshly_built_ones(client: httpx.AsyncClient,
                                                     app: FastAPI) -> None:
    await _quiz(client, 30)
    cursor, cached = None, []
    for _ in range(2):  # the second pass is served from the cache
        pages, cursor = [], None
        while True:
            page = (await client.get("/benchmarks/quiz/items", params={
                "limit": 7, **({"cursor": cursor} if cursor else {})})).json()
            pages.append(page)
            cursor = page["next_cursor"]
            if cursor is None:
                break
        cached.append(pages)
    assert cached[0] == cached[1] and sum(len(p["items"]) for p in cached[0]) == 30
    app.state.page_cache = PageCache(0)  # nothing kept: every page built anew
    fresh = (await client.get("/benchmarks/quiz/items", params={"limit": 7})).json()
    assert fresh == cached[0][0]


def test_cache_is_bounded_in_bytes_and_drops_the_least_recent() -> None:
    from datetime import UTC, datetime

    def key(n: int) -> PageKey:
        return PageKey(1, datetime(2026, 1, 1, tzinfo=UTC), None, None, str(n), 100)

    cache = PageCache(400)
    for n in range(4):
        cache.put(key(n), b"x" * 100, 100)
    assert cache.get(key(0)) is not None  # now the most recent
    cache.put(key(4), b"y" * 100, 100)
    assert cache.get(key(1)) is None and cache.get(key(0)) is not None
    assert cache.size == 400
    cache.put(key(5), b"z" * 101, 101)  # over a quarter of the budget: not kept
    assert cache.get(key(5)) is None and cache.size == 400
    cache.put(key(0), b"w" * 50, 50)  # replacing an entry frees its old size
    assert cache.size == 350 and cache.get(key(0)) == b"w" * 50
    # an etag names the page: equal for the same page asked again, different for another
    # cursor or limit, a quoted strong validator
    assert key(1).etag == PageKey(1, datetime(2026, 1, 1, tzinfo=UTC), None, None, "1",
                                  100).etag
    assert len({key(1).etag, key(2).etag,
                PageKey(1, datetime(2026, 1, 1, tzinfo=UTC), None, None, "1", 50).etag}) == 3
    assert key(1).etag.startswith('"') and key(1).etag.endswith('"')
