"""Endpoints that misbehave on purpose: a body that trickles, one that never ends, one far
too large, JSON nested 10,000 deep, an error body that echoes the Authorization header.
Each fails the sample with a clear message; none fails the run or leaks the key."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import httpx
import pytest

from app.inference.base import RunnerError
from app.inference.openai.client import Endpoint, OpenAIChatRunner, ResponseTooLarge, RetryPolicy
from tests.runs.test_endpoint_runs import CHAT, _mcq, _run_body
from tests.support.databases import store_incidental
from tests.support.factories import wait_run

pytestmark = [pytest.mark.anyio, store_incidental]
ONCE = RetryPolicy(attempts=1)
MESSAGES = [{"role": "user", "content": "Hi"}]


class Trickle(httpx.AsyncByteStream):
    """One byte every 0.2 s, for much longer than any test waits."""

    async def __aiter__(self) -> AsyncIterator[bytes]:
        for _ in range(1000):
            await asyncio.sleep(0.2)
            yield b" "


def _runner(handler: httpx.MockTransport, **endpoint: object) -> OpenAIChatRunner:
    client = httpx.AsyncClient(transport=handler)
    return OpenAIChatRunner(client, Endpoint("http://model.test/v1", "m", "sk-key-7",
                                             **endpoint), retry=ONCE)  # type: ignore[arg-type]


@pytest.mark.parametrize("stream", [False, True])
async def test_a_trickling_body_meets_the_total_deadline(stream: bool) -> None:
    runner = _runner(httpx.MockTransport(lambda r: httpx.Response(200, stream=Trickle())),
                     timeout_s=1.0, stream=stream)
    with pytest.raises(RunnerError, match="no complete response within 1 s"):
        await runner.chat(MESSAGES)


@pytest.mark.parametrize("stream", [False, True])
async def test_a_huge_body_is_not_read_past_the_cap(stream: bool) -> None:
    body = b"data: " + b"x" * 300_000 + b"\n\n" if stream else b"{" + b" " * 300_000 + b"}"
    runner = _runner(httpx.MockTransport(lambda r: httpx.Response(200, content=body)),
                     max_response_bytes=100_000, stream=stream)
    with pytest.raises(ResponseTooLarge, match="larger than 100000 bytes"):
        await runner.chat(MESSAGES)


async def test_deeply_nested_json_fails_the_sample_only(client: httpx.AsyncClient) -> None:
    import respx

    await _mcq(client)
    deep = b"[" * 10_000 + b"]" * 10_000
    with respx.mock() as mock:
        mock.post(CHAT).mock(return_value=httpx.Response(200, content=deep))
        r = await client.post("/runs", json=_run_body(repeats=1, concurrency=1))
        status = await wait_run(client, r.json()["id"])
    assert status["status"] == "failed"
    assert "internal error" not in status["error"]
    assert "nested too deep" in status["error"]


async def test_an_echoed_key_is_redacted(client: httpx.AsyncClient) -> None:
    import respx

    await _mcq(client)

    def echo(request: httpx.Request) -> httpx.Response:
        return httpx.Response(401, text=f"bad key: {request.headers['authorization']}")

    body = _run_body(repeats=1, concurrency=1)
    body["model"]["api_key"] = "sk-echoed-secret-99"
    with respx.mock() as mock:
        mock.post(CHAT).mock(side_effect=echo)
        r = await client.post("/runs", json=body)
        status = await wait_run(client, r.json()["id"])
    assert status["status"] == "failed"
    assert "sk-echoed-secret-99" not in status["error"] and "[redacted]" in status["error"]


async def test_a_key_with_a_line_break_is_refused(client: httpx.AsyncClient) -> None:
    await _mcq(client)
    body = _run_body()
    body["model"]["api_key"] = "sk-secret\n"
    r = await client.post("/runs", json=body)
    assert r.status_code == 422
    fields = [e["field"] for e in r.json()["errors"]]
    assert fields == ["body.model.endpoint.api_key"], fields  # the branch its fields chose
    assert "sk-secret" not in r.text


async def test_a_long_reply_is_stored_once(client: httpx.AsyncClient) -> None:
    import json

    import respx

    from app.inference.messages import STORED_ELSEWHERE
    from tests.support.fake_openai import completion, reply

    await _mcq(client)
    text = "x" * 1_000_000 + "\nAnswer: B"
    with respx.mock() as mock:
        mock.post(CHAT).mock(return_value=reply(completion(text)))
        r = await client.post("/runs", json=_run_body(repeats=1, concurrency=1))
        status = await wait_run(client, r.json()["id"])
    assert status["status"] == "finished"
    samples = (await client.get(f"/runs/{r.json()['id']}/samples")).json()["samples"]
    for sample in samples:
        assert sample["response"] == text
        assert sample["detail"]["raw"]["choices"][0]["message"]["content"] == STORED_ELSEWHERE
        assert len(json.dumps(sample)) < 1.1 * len(text)
