"""Keys: reads can be closed by configuration; writes need a configured key (scopes and
constant-time comparison: tests/guards/test_scoped_keys.py)."""

from __future__ import annotations

import httpx
import pytest

from app.config import Settings
from app.main import create_app
from tests.conftest import API_KEY
from tests.support.databases import store_incidental

pytestmark = [pytest.mark.anyio, store_incidental]


async def test_reads_require_key_when_configured(settings: Settings) -> None:
    closed = settings.model_copy(update={"reads_require_key": True})
    app = create_app(closed)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://t") as c:
            r = await c.get("/benchmarks")
            assert r.status_code == 401 and r.headers["www-authenticate"] == "Bearer"
            r = await c.get("/benchmarks", headers={"Authorization": f"Bearer {API_KEY}"})
            assert r.status_code == 200
            assert (await c.get("/health")).status_code == 200  # liveness stays open


async def test_no_keys_configured_refuses_writes(settings: Settings) -> None:
    app = create_app(settings.model_copy(update={"api_keys": []}))
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://t") as c:
            r = await c.post("/benchmarks", json={"name": "x", "kind": "mcq"},
                             headers={"Authorization": "Bearer anything"})
            assert r.status_code == 401 and "POCKETEVAL_API_KEYS" in r.json()["detail"]
