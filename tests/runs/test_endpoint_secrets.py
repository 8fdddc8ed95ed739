"""A run's endpoint key may come only from variables the operator allowed: naming any other
server variable is refused the same way whether or not it exists, so it cannot be used to
send a server secret to the caller's endpoint, nor to learn which variables exist."""

from __future__ import annotations

import json

import httpx
import pytest
import respx
from fastapi import FastAPI

from tests.runs.test_endpoint_runs import CHAT, _answer_for, _mcq, _run_body
from tests.support.databases import store_incidental
from tests.support.factories import db_fingerprint, wait_run
from tests.support.fake_openai import completion, reply

pytestmark = [pytest.mark.anyio, store_incidental]


@pytest.mark.parametrize("name", ["POCKETEVAL_API_KEYS", "PATH", "HOME",
                                  "NO_SUCH_VARIABLE_6c1f", "POCKETEVAL_ENDPOINT_KEY_"])
async def test_other_variables_are_refused_alike(client: httpx.AsyncClient, app: FastAPI,
                                                 name: str) -> None:
    await _mcq(client)
    before = db_fingerprint(app)
    body = _run_body()
    body["model"]["api_key_env"] = name
    with respx.mock(assert_all_called=False) as mock:
        route = mock.post(CHAT)
        r = await client.post("/runs", json=body)
    assert r.status_code == 409  # the server's set-up refuses it, not the document
    assert r.headers["content-type"].startswith("application/problem+json")
    problem = r.json()
    assert problem["field"] == "model.api_key_env"
    assert problem["detail"] == ("api_key_env must start with POCKETEVAL_ENDPOINT_KEY_ or be "
                                 "listed in POCKETEVAL_ENDPOINT_KEY_ENVS")
    assert not route.called
    assert db_fingerprint(app) == before  # nothing was created or changed


async def test_an_allowed_variable_is_sent_and_never_stored(
        client: httpx.AsyncClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POCKETEVAL_ENDPOINT_KEY_TINY", "sk-allowed-42")
    await _mcq(client)
    body = _run_body(repeats=1)
    body["model"]["api_key_env"] = "POCKETEVAL_ENDPOINT_KEY_TINY"
    seen = []

    def model(request: httpx.Request) -> httpx.Response:
        seen.append(request.headers["authorization"])
        return reply(completion(_answer_for(request)))

    with respx.mock() as mock:
        mock.post(CHAT).mock(side_effect=model)
        r = await client.post("/runs", json=body)
        assert r.status_code == 202, r.text
        status = await wait_run(client, r.json()["id"])
    assert status["status"] == "finished"
    assert seen == ["Bearer sk-allowed-42"] * 4
    assert "sk-allowed-42" not in json.dumps(status)
