"""A POST with an Idempotency-Key is served once: its retry gets the first answer and creates
nothing, the key with another request is a 422 that changes nothing, a retry while the first
is served is a 409, keys belong to the API key that sent them and expire, a refused request
is not kept, and a key whose server died unanswered is taken over. On SQLite and
PostgreSQL, in process; the served path and two processes are in
tests/served/test_idempotent_retries.py."""

from __future__ import annotations

import asyncio
import gzip
import hashlib
import json
import random
from datetime import UTC, datetime, timedelta

import httpx
import pytest
import respx
from fastapi import FastAPI
from pydantic import SecretStr
from sqlalchemy import insert, select, update

from app.config import Settings
from app.guards.idempotency import HEADER, RequestDigest
from app.tables import IdempotencyKey, Run
from tests.support.factories import db_fingerprint, mcq_rows, served, wait_run
from tests.support.fake_openai import completion, reply

pytestmark = pytest.mark.anyio
SCORE = "/benchmarks/mmlu/score"
BASE = "http://127.0.0.1:9/v1"


def _predictions(model: str, answer: str = "A") -> dict[str, object]:
    return {"model": model, "predictions": [{"external_id": f"q{i}", "answer": answer}
                                            for i in range(6)]}


def _runs(app: FastAPI) -> int:
    with app.state.engine.connect() as conn:
        return len(conn.execute(select(Run.id)).all())


async def _with_items(client: httpx.AsyncClient) -> None:
    r = await client.post("/benchmarks/mmlu/items:import", json={"items": mcq_rows(6)})
    assert r.status_code == 200, r.text


async def test_a_retry_gets_the_first_answer_and_creates_nothing(
        app: FastAPI, client: httpx.AsyncClient) -> None:
    await _with_items(client)
    runs = _runs(app)
    key = {HEADER: "ci-build-1234:score"}
    first = await client.post(SCORE, json=_predictions("m"), headers=key)
    assert first.status_code == 200 and HEADER.lower() not in first.headers
    assert "idempotent-replayed" not in first.headers
    before = db_fingerprint(app)
    again = await client.post(SCORE, json=_predictions("m"), headers=key)
    assert again.status_code == 200 and again.headers["idempotent-replayed"] == "true"
    assert again.content == first.content
    assert again.headers["content-type"] == first.headers["content-type"]
    assert again.headers["x-request-id"] != first.headers["x-request-id"]  # a request of its own
    assert db_fingerprint(app) == before and _runs(app) == runs + 1
    # a gzip-compressed retry is the same request
    body = gzip.compress(json.dumps(_predictions("m")).encode())
    squeezed = await client.post(SCORE, content=body, headers={
        **key, "Content-Type": "application/json", "Content-Encoding": "gzip"})
    assert squeezed.status_code == 200 and squeezed.content == first.content
    # without a key, the same body is a new run
    assert (await client.post(SCORE, json=_predictions("m"))).json()["run_id"] != \
        first.json()["run_id"]


async def test_a_retried_run_keeps_its_location(app: FastAPI,
                                                client: httpx.AsyncClient) -> None:
    await _with_items(client)
    runs = _runs(app)
    body = {"model": {"name": "m", "base_url": BASE}, "benchmarks": ["mmlu"], "limit": 2}
    with respx.mock() as mock:
        mock.post(f"{BASE}/chat/completions").mock(return_value=reply(completion("Answer: A")))
        first = await client.post("/runs", json=body, headers={HEADER: "run-1"})
        assert first.status_code == 202, first.text
        assert first.headers["location"] == f"/runs/{first.json()['id']}"
        again = await client.post("/runs", json=body, headers={HEADER: "run-1"})
        assert (again.status_code, again.headers["location"]) == \
            (202, first.headers["location"])
        assert again.json()["id"] == first.json()["id"]
        assert (await wait_run(client, first.json()["id"]))["status"] == "finished"
    assert _runs(app) == runs + 1


async def test_a_retry_with_the_keys_in_another_order_is_the_same_request(
        app: FastAPI, client: httpx.AsyncClient) -> None:
    await _with_items(client)
    runs = _runs(app)
    key = {HEADER: "reordered"}
    first = await client.post(SCORE, json=_predictions("m"), headers=key)
    assert first.status_code == 200, first.text
    # each object's keys reversed, spread over lines with other spacing
    reordered = {"predictions": [{"answer": "A", "external_id": f"q{i}"} for i in range(6)],
                 "model": "m"}
    text = json.dumps(reordered, indent=3, separators=(" ,", " :  "))
    assert json.loads(text) == _predictions("m")
    assert text.index('"model"') > text.index('"predictions"')
    assert text.index('"answer"') < text.index('"external_id"')
    again = await client.post(SCORE, content=text.encode(),
                              headers={**key, "Content-Type": "application/json"})
    assert again.status_code == 200, again.text
    assert again.headers["idempotent-replayed"] == "true" and again.content == first.content
    assert _runs(app) == runs + 1


async def test_the_key_with_another_request_is_refused_and_changes_nothing(
        app: FastAPI, client: httpx.AsyncClient) -> None:
    await _with_items(client)
    key = {HEADER: "one-key"}
    assert (await client.post(SCORE, json=_predictions("m"), headers=key)).status_code == 200
    before = db_fingerprint(app)
    for method_path, body in ((SCORE, _predictions("m", "B")),
                              ("/benchmarks/mmlu/items:import", {"items": mcq_rows(2)}),
                              (SCORE + "?x=1", _predictions("m"))):
        r = await client.post(method_path, json=body, headers=key)
        assert r.status_code == 422, r.text
        assert r.headers["content-type"].startswith("application/problem+json")
        assert r.json()["errors"][0]["field"] == f"header.{HEADER}"
        assert HEADER in r.json()["detail"]
    assert db_fingerprint(app) == before


async def test_keys_that_cannot_be_keys_are_named(app: FastAPI,
                                                  client: httpx.AsyncClient) -> None:
    before = db_fingerprint(app)
    for bad in (b"", b" ", b"x" * 256, "é".encode(), b"tab\there"):
        r = await client.post(SCORE, json=_predictions("m"), headers={HEADER.encode(): bad})
        assert r.status_code == 422 and r.json()["errors"][0]["field"] == f"header.{HEADER}"
    assert db_fingerprint(app) == before


async def test_a_refused_request_is_not_kept(app: FastAPI, client: httpx.AsyncClient) -> None:
    await _with_items(client)
    key = {HEADER: "fix-and-retry"}
    refused = await client.post(SCORE, json={"model": "m", "predictions": "none"}, headers=key)
    assert refused.status_code == 422
    with app.state.engine.connect() as conn:
        assert conn.execute(select(IdempotencyKey.key)).all() == []
    fixed = await client.post(SCORE, json=_predictions("m"), headers=key)
    assert fixed.status_code == 200 and "idempotent-replayed" not in fixed.headers


async def test_keys_belong_to_the_api_key_that_sent_them(settings: Settings) -> None:
    two = settings.model_copy(update={"api_keys": [*settings.api_keys,
                                                   SecretStr("other-key-987654321")]})
    async with served(two, settings.all_api_keys()[0]) as mine, \
            served(two, "other-key-987654321") as theirs:
        await _with_items(mine)
        key = {HEADER: "shared-name"}
        a = (await mine.post(SCORE, json=_predictions("m"), headers=key)).json()["run_id"]
        b = (await theirs.post(SCORE, json=_predictions("m"), headers=key)).json()["run_id"]
        assert a != b
        wrong = await theirs.post(SCORE, json=_predictions("m"),
                                  headers={**key, "Authorization": "Bearer not-a-key"})
        assert wrong.status_code == 401


async def test_an_invalid_token_claims_no_key(settings: Settings, app: FastAPI,
                                             client: httpx.AsyncClient) -> None:
    await _with_items(client)
    runs = _runs(app)
    key = {HEADER: "not-yours"}
    wrong = await client.post(SCORE, json=_predictions("m"),
                              headers={**key, "Authorization": "Bearer not-a-key-0123456"})
    assert wrong.status_code == 401
    with app.state.engine.connect() as conn:
        assert conn.execute(select(IdempotencyKey.key)).all() == []
    assert _runs(app) == runs
    fresh = await client.post(SCORE, json=_predictions("m"), headers=key)
    assert fresh.status_code == 200 and "idempotent-replayed" not in fresh.headers
    assert _runs(app) == runs + 1

    # a key retired since its answer was kept: the token no longer names a key, so neither
    # the kept answer nor a held key of its is reached; each retry is a 401
    retired = "retired-key-987654321"
    both = settings.model_copy(update={"api_keys": [*settings.api_keys, SecretStr(retired)]})
    async with served(both, retired) as before_retiring:
        kept = await before_retiring.post(SCORE, json=_predictions("m"), headers=key)
        assert kept.status_code == 200 and "idempotent-replayed" not in kept.headers
    scope = hashlib.sha256(retired.encode()).hexdigest()
    now = datetime.now(UTC)
    with app.state.engine.begin() as conn:  # and one its server is still serving
        conn.execute(insert(IdempotencyKey).values(
            scope=scope, key="held", method="POST", path=SCORE, owner="elsewhere",
            locked_until=now + timedelta(hours=1), created_at=now,
            expires_at=now + timedelta(days=1)))
    rows = db_fingerprint(app)
    async with served(settings, retired) as after_retiring:
        for name in ("not-yours", "held"):
            again = await after_retiring.post(SCORE, json=_predictions("m"),
                                              headers={HEADER: name})
            assert again.status_code == 401, again.text
            assert "idempotent-replayed" not in again.headers
    assert db_fingerprint(app) == rows


async def test_concurrent_duplicates_make_one_run(app: FastAPI,
                                                  client: httpx.AsyncClient) -> None:
    await _with_items(client)
    runs = _runs(app)
    answers = await asyncio.gather(*(
        client.post(SCORE, json=_predictions("race"), headers={HEADER: "same"})
        for _ in range(12)))
    served_ = [r for r in answers if r.status_code == 200]
    busy = [r for r in answers if r.status_code == 409]
    assert len(served_) + len(busy) == 12 and served_
    assert {r.json()["run_id"] for r in served_} == {served_[0].json()["run_id"]}
    assert all(r.headers["retry-after"] == "1" for r in busy)
    assert _runs(app) == runs + 1


async def test_an_expired_key_is_a_new_request(app: FastAPI, client: httpx.AsyncClient) -> None:
    await _with_items(client)
    key = {HEADER: "yesterday"}
    first = (await client.post(SCORE, json=_predictions("m"), headers=key)).json()["run_id"]
    with app.state.engine.begin() as conn:
        conn.execute(update(IdempotencyKey).values(
            expires_at=datetime.now(UTC) - timedelta(seconds=1)))
    again = await client.post(SCORE, json=_predictions("m"), headers=key)
    assert again.status_code == 200 and again.json()["run_id"] != first
    assert "idempotent-replayed" not in again.headers


async def test_a_key_left_unanswered_is_waited_for_then_taken_over(
        app: FastAPI, client: httpx.AsyncClient) -> None:
    await _with_items(client)
    runs = _runs(app)
    scope = hashlib.sha256(app.state.settings.all_api_keys()[0].encode()).hexdigest()
    now = datetime.now(UTC)
    with app.state.engine.begin() as conn:  # a first request whose server is serving it
        conn.execute(IdempotencyKey.__table__.insert().values(
            scope=scope, key="held", method="POST", path=SCORE, owner="elsewhere",
            locked_until=now + timedelta(hours=1), created_at=now,
            expires_at=now + timedelta(days=1)))
    busy = await client.post(SCORE, json=_predictions("m"), headers={HEADER: "held"})
    assert busy.status_code == 409 and busy.headers["retry-after"] == "1"
    assert HEADER in busy.json()["detail"] and _runs(app) == runs
    with app.state.engine.begin() as conn:  # ... which died without answering
        conn.execute(update(IdempotencyKey).values(locked_until=now - timedelta(seconds=1)))
    taken = await client.post(SCORE, json=_predictions("m"), headers={HEADER: "held"})
    assert taken.status_code == 200 and _runs(app) == runs + 1
    replay = await client.post(SCORE, json=_predictions("m"), headers={HEADER: "held"})
    assert replay.headers["idempotent-replayed"] == "true" and replay.content == taken.content


def test_a_multipart_boundary_is_left_out_however_the_body_is_split() -> None:
    rng = random.Random(7)
    payload = bytes(rng.randrange(256) for _ in range(5000))

    def body(boundary: bytes, data: bytes = payload) -> bytes:
        return (b"--" + boundary + b"\r\nContent-Disposition: form-data; name=\"file\"\r\n\r\n"
                + data + b"\r\n--" + boundary + b"--\r\n")

    def digest(boundary: bytes, data: bytes = payload) -> str:
        whole = body(boundary, data)
        d = RequestDigest("POST", "/x", b"", b"multipart/form-data; boundary=" + boundary)
        at = 0
        while at < len(whole):  # chunks of random sizes, some cutting the boundary
            step = rng.randrange(1, 40)
            d.update(whole[at:at + step])
            at += step
        return d.hexdigest()

    a, b = b"a1b2c3d4e5f6a7b8", b"ffeeddccbbaa9988"
    independent = hashlib.sha256(b"POST\n/x\n\nmultipart/form-data\n"
                                 + body(a).replace(a, b"\0")).hexdigest()
    assert digest(a) == digest(a) == independent
    assert digest(b) == independent
    assert digest(a, payload[:-1] + b"!") != independent


async def test_every_post_says_it_takes_the_header(app: FastAPI) -> None:
    paths = app.openapi()["paths"]
    posts = [op for item in paths.values() for method, op in item.items() if method == "post"]
    assert len(posts) > 10
    for op in posts:
        assert [p["name"] for p in op["parameters"] if p["in"] == "header"] == [HEADER], op
