"""Keys: reads can be closed by configuration; keys compare in constant time."""

from __future__ import annotations

import httpx
import pytest

from app.config import Settings
from app.http.security import key_is_valid
from app.main import create_app
from tests.conftest import API_KEY

pytestmark = pytest.mark.anyio


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


def test_key_is_valid() -> None:
    assert key_is_valid("b", ["a", "b"])
    assert not key_is_valid("c", ["a", "b"])
    assert not key_is_valid("", ["a"])


def test_keys_compare_in_constant_time() -> None:
    """By inspection of the code: every configured key is compared with
    hmac.compare_digest (no early exit on a match), and nothing compares a key with == or
    `in`, whose time depends on the first differing byte."""
    import ast
    import inspect

    tree = ast.parse(inspect.getsource(key_is_valid))
    calls = [ast.unparse(n.func) for n in ast.walk(tree) if isinstance(n, ast.Call)]
    assert "hmac.compare_digest" in calls
    loops = [n for n in ast.walk(tree) if isinstance(n, ast.For)]
    assert len(loops) == 1 and ast.unparse(loops[0].iter) == "keys"
    assert not [n for n in ast.walk(loops[0]) if isinstance(n, ast.Return | ast.Break)]
    compares = [n for n in ast.walk(tree) if isinstance(n, ast.Compare)]
    assert compares == []
