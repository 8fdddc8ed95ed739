"""Connections of the model client go only where the endpoint rule allows, judged on the
address actually connected to: IPv4-mapped and other embedded forms of metadata addresses
are refused when a run is planned, and a name that resolves to loopback first and to a
metadata address next (DNS rebinding) is refused at connect time."""

from __future__ import annotations

import ipaddress
from pathlib import Path

import httpx
import pytest

from app.inference.base import EndpointRefused
from app.inference.openai.guarded_network import GuardedTransport
from app.inference.openai.urls import IPAddress, address_forms, refusal
from tests.runs.test_endpoint_runs import _mcq, _run_body
from tests.support.databases import store_incidental
from tests.support.processes import free_port, start_fake_model, stop

pytestmark = [pytest.mark.anyio, store_incidental]
LIMITS = httpx.Limits(max_connections=4)


@pytest.mark.parametrize("url", [
    "http://[::ffff:169.254.169.254]/v1", "http://[::ffff:a9fe:a9fe]/v1",
    "http://[0:0:0:0:0:ffff:169.254.169.254]/v1", "http://[::ffff:100.100.100.200]/v1",
    "http://[::ffff:169.254.170.2]/v1", "http://[::169.254.169.254]/v1",
    "http://[2002:a9fe:a9fe::1]/v1", "http://[64:ff9b::a9fe:a9fe]/v1",
])
async def test_embedded_metadata_addresses_are_refused(client: httpx.AsyncClient,
                                                       url: str) -> None:
    await _mcq(client)
    body = _run_body()
    body["model"]["base_url"] = url
    r = await client.post("/runs", json=body)
    assert r.status_code == 422, r.text
    assert r.json()["field"] == "model.base_url" and "metadata" in r.json()["detail"]


def test_address_forms_and_loopback() -> None:
    mapped = ipaddress.ip_address("::ffff:169.254.169.254")
    assert ipaddress.ip_address("169.254.169.254") in address_forms(mapped)
    assert refusal("::1", [ipaddress.ip_address("::1")], []) is None
    assert refusal("127.0.0.1", [ipaddress.ip_address("127.0.0.1")], []) is None
    assert refusal("x", [mapped], ["169.254.169.254/32"]) is None  # allow-listed by operator


@pytest.mark.needs("process")
async def test_a_rebinding_name_is_refused_at_connect_time(tmp_path: Path) -> None:
    port = free_port()
    model = start_fake_model(port, tmp_path / "model.log")
    answers = iter(["127.0.0.1", "169.254.169.254"])
    asked = []

    async def rebinding(host: str, _port: int) -> list[IPAddress]:
        asked.append(host)
        return [ipaddress.ip_address(next(answers))]

    body = {"model": "m", "messages": [{"role": "user", "content": "Hi?"}]}
    url = f"http://model.example:{port}/v1/chat/completions"
    try:
        transport = GuardedTransport(httpx.Limits(max_keepalive_connections=0), [], rebinding)
        async with httpx.AsyncClient(transport=transport) as client:
            first = await client.post(url, json=body)
            assert first.status_code == 200 and "Answer:" in first.text
            with pytest.raises(EndpointRefused, match="169.254.169.254.*metadata"):
                await client.post(url, json=body)
    finally:
        stop(model)
    assert asked == ["model.example", "model.example"]  # resolved once per connection
