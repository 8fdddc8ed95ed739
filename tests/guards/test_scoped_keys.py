"""Scoped keys: a key's scope covers what it may do (admin > write > read), a wrong scope is
a 403 problem naming the scope needed and changes nothing, keys may be configured by their
sha256 alone, every run records the name of the key that asked for it, and the OpenAPI
document lists each operation's scope."""

from __future__ import annotations

import ast
import hashlib
import inspect
import json

import httpx
import pytest
from pydantic import ValidationError

from app.api_keys import KeyConfig, Scope
from app.config import Settings
from app.guards.security import identify
from app.main import create_app
from tests.conftest import API_KEY
from tests.support.databases import store_incidental
from tests.support.factories import db_fingerprint, mcq_rows, served

pytestmark = [pytest.mark.anyio, store_incidental]
READER, WRITER, OPERATOR = "reader-key-0123456789", "writer-key-0123456789", \
    "operator-key-0123456789"


def _sha(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def _keyed(settings: Settings, **changes: object) -> Settings:
    """The fixture's settings with three named keys, the writer's given by its hash alone."""
    keys = [KeyConfig(name="dashboard", scope=Scope.READ, key=READER),  # type: ignore[arg-type]
            KeyConfig(name="ci", scope=Scope.WRITE, sha256=_sha(WRITER)),
            KeyConfig(name="ops", scope=Scope.ADMIN, sha256=_sha(OPERATOR))]
    return settings.model_copy(update={"keys": keys, **changes})


def _auth(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


SCORE = {"model": "m", "predictions": [{"external_id": f"q{i}", "answer": "A"}
                                       for i in range(4)]}


@pytest.mark.needs("process")
async def test_each_scope_does_what_it_covers_and_no_more(settings: Settings) -> None:
    app = create_app(_keyed(settings))
    async with app.router.lifespan_context(app), httpx.AsyncClient(
            transport=httpx.ASGITransport(app=app), base_url="http://test") as c:
        r = await c.post("/benchmarks/mmlu/items:import", json={"items": mcq_rows(4)},
                         headers=_auth(OPERATOR))
        assert r.status_code == 200, r.text
        before = db_fingerprint(app)
        for key, path, body, needed in [
                (WRITER, "/benchmarks/mmlu/items:import", {"items": mcq_rows(4)}, "admin"),
                (WRITER, "/benchmarks", {"name": "mine", "kind": "mcq"}, "admin"),
                (READER, "/benchmarks/mmlu/score", SCORE, "write")]:
            r = await c.post(path, json=body, headers=_auth(key))
            assert r.status_code == 403, (path, r.text)
            assert r.headers["content-type"] == "application/problem+json"
            problem = r.json()
            assert problem["scope"] == needed
            assert f"'{needed}' scope" in problem["detail"]
            assert db_fingerprint(app) == before
        r = await c.get("/system", headers=_auth(WRITER))
        assert r.status_code == 403 and r.json()["scope"] == "admin"
        assert (await c.get("/system", headers=_auth(OPERATOR))).status_code == 200
        r = await c.post("/benchmarks/mmlu/score", json=SCORE, headers=_auth(WRITER))
        assert r.status_code == 200, r.text
        run = (await c.get(f"/runs/{r.json()['run_id']}")).json()
        assert run["created_by"] == "ci"  # the writer's name, from its hash alone
        r = await c.post("/benchmarks/mmlu/score", json=SCORE, headers=_auth(OPERATOR))
        assert (await c.get(f"/runs/{r.json()['run_id']}")).json()["created_by"] == "ops"
        r = await c.post("/benchmarks/mmlu/score", json=SCORE, headers=_auth(API_KEY))
        unnamed = f"key-{_sha(API_KEY)[:8]}"  # a key of POCKETEVAL_API_KEYS: every scope
        assert (await c.get(f"/runs/{r.json()['run_id']}")).json()["created_by"] == unnamed
        assert (await c.post("/benchmarks/mmlu/score", json=SCORE,
                             headers=_auth("not-a-key-at-all"))).status_code == 401


async def test_reads_need_a_key_when_the_setting_says_so(
        settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POCKETEVAL_READS_NEED_KEY", "true")
    assert Settings(_env_file=None).reads_require_key  # type: ignore[call-arg]
    async with served(_keyed(settings, reads_require_key=True), API_KEY) as c:
        r = await c.get("/benchmarks", headers={"Authorization": ""})
        assert r.status_code == 401
        for key in (READER, WRITER, OPERATOR):
            assert (await c.get("/benchmarks", headers=_auth(key))).status_code == 200
    async with served(_keyed(settings), API_KEY) as c:  # open reads ask for nothing
        assert (await c.get("/benchmarks", headers={"Authorization": ""})).status_code == 200


def test_keys_are_read_from_the_environment_hashed_or_in_clear(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POCKETEVAL_KEYS", json.dumps([
        {"name": "ci", "scope": "write", "sha256": _sha(WRITER)},
        {"name": "ops", "scope": "admin", "key": OPERATOR}]))
    table = Settings(_env_file=None).api_key_table()  # type: ignore[call-arg]
    assert identify(WRITER, table) == table[0] and table[0].scope is Scope.WRITE
    assert identify(OPERATOR, table) == table[1] and table[1].name == "ops"
    assert identify(READER, table) is None
    for wrong in ([{"name": "x", "scope": "write"}],  # no secret
                  [{"name": "x", "scope": "write", "key": OPERATOR, "sha256": _sha(WRITER)}],
                  [{"name": "x", "scope": "root", "sha256": _sha(WRITER)}],
                  [{"name": "x", "scope": "read", "sha256": "ABC"}],
                  [{"name": "x", "scope": "read", "sha256": _sha(WRITER)},
                   {"name": "x", "scope": "write", "sha256": _sha(READER)}]):
        monkeypatch.setenv("POCKETEVAL_KEYS", json.dumps(wrong))
        with pytest.raises(ValidationError):
            Settings(_env_file=None)  # type: ignore[call-arg]


async def test_the_document_names_each_operations_scope(client: httpx.AsyncClient) -> None:
    paths = (await client.get("/openapi.json")).json()["paths"]
    assert paths["/benchmarks"]["post"]["security"] == [{"HTTPBearer": ["admin"]}]
    assert paths["/models/{name}/file"]["put"]["security"] == [{"HTTPBearer": ["admin"]}]
    assert paths["/runs"]["post"]["security"] == [{"HTTPBearer": ["write"]}]
    assert paths["/runs"]["get"]["security"] == [{}, {"HTTPBearer": ["read"]}]
    assert "403" in paths["/runs"]["post"]["responses"]
    scopes = {tuple(req.get("HTTPBearer", ())) for ops in paths.values() for op in ops.values()
              for req in op.get("security", [])}
    assert scopes <= {(), ("read",), ("write",), ("admin",)}


def test_keys_are_compared_in_constant_time() -> None:
    """By inspection of the code: the presented key's hash is compared with every configured
    key's by hmac.compare_digest (no early exit on a match), and nothing compares them with
    == or `in`, whose time depends on the first differing byte."""
    tree = ast.parse(inspect.getsource(identify))
    calls = [ast.unparse(n.func) for n in ast.walk(tree) if isinstance(n, ast.Call)]
    assert "hmac.compare_digest" in calls
    loops = [n for n in ast.walk(tree) if isinstance(n, ast.For)]
    assert len(loops) == 1 and ast.unparse(loops[0].iter) == "keys"
    assert not [n for n in ast.walk(loops[0]) if isinstance(n, ast.Return | ast.Break)]
    assert [n for n in ast.walk(tree) if isinstance(n, ast.Compare)] == []
