"""Integers past 64 bits in paths, queries and cursors are a 422 naming the parameter, not
an overflow inside the database driver (500)."""

from __future__ import annotations

import httpx
import pytest

pytestmark = pytest.mark.anyio
HUGE = str(2**63)
CURSOR = str(2**64)


@pytest.mark.parametrize(("method", "url"), [
    ("GET", f"/runs/{HUGE}"), ("GET", f"/runs/{HUGE}/samples"), ("GET", f"/runs/{HUGE}/results"),
    ("GET", f"/runs/{HUGE}/submission.csv"), ("GET", f"/runs/{HUGE}/events"),
    ("POST", f"/runs/{HUGE}/cancel"), ("GET", f"/items/{HUGE}"), ("GET", f"/items/{HUGE}/prompt"),
    ("GET", f"/runs/1/samples?repeat={HUGE}"), ("GET", f"/index?runs=1,{HUGE}"),
    ("GET", f"/benchmarks/mmlu/items?cursor={CURSOR}"), ("GET", f"/runs?cursor={CURSOR}"),
])
async def test_huge_integers_are_a_422(client: httpx.AsyncClient, method: str, url: str) -> None:
    r = await client.request(method, url)
    assert r.status_code == 422, (url, r.status_code, r.text)
    assert r.headers["content-type"] == "application/problem+json"
