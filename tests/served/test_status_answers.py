"""The statuses a served process gives, over a real port: a peak memory past its 64-bit
column is a 422 naming it (the database's overflow made it a 500), and so is a run id past
the 32-bit id columns (a 404 in SQLite, a 500 in PostgreSQL); a `notify.url` whose
host does not resolve is a 422 naming it on each route that takes one (it was a 502); asking
for generated options with no generator configured is a 409 (it was a 503); and the 414 and
431 the protocol layer writes itself, before any middleware, carry an X-Request-ID like
every other answer (they carried none): the caller's where its header line was read whole
and usable, else a new one, the same in the header and the body."""

from __future__ import annotations

import json
import re
import socket
from collections.abc import Iterator

import httpx
import pytest

from tests.support.served import AUTH, exchange, host_port, served

pytestmark = pytest.mark.needs("process")

NEW_ID = re.compile(r"[0-9a-f]{32}")


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with served(tmp_path_factory.mktemp("statuses"),
                env={"POCKETEVAL_GENERATOR_BASE_URL": ""}) as url:
        yield url


@pytest.fixture(scope="module")
def client(base: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=base, headers=AUTH, timeout=60) as c:
        items = [{"id": f"q{i}", "question": f"Question {i}?", "answer": "A",
                  "choices": ["opt 0", "opt 1", "opt 2", "opt 3"]} for i in range(2)]
        assert c.post("/benchmarks/mmlu/items:import", json={"items": items}).is_success
        yield c


def test_a_peak_memory_past_its_column_is_a_422_naming_it(client: httpx.Client) -> None:
    scored = client.post("/benchmarks/mmlu/score",
                         json={"predictions": [{"external_id": "q0", "answer": "A"}]})
    assert scored.status_code == 200, scored.text
    for value in (2**63, 73 * 10**24, 7.3e25):  # JSON integers past the column, and a float
        r = client.post(f"/runs/{scored.json()['run_id']}/device-metrics",
                        json={"device": "Pixel 8", "peak_memory_bytes": value})
        assert r.status_code == 422, (value, r.text)
        assert r.headers["content-type"] == "application/problem+json"
        assert [e["field"] for e in r.json()["errors"]] == ["body.peak_memory_bytes"]


def test_a_run_id_past_the_id_columns_is_a_422_naming_it(client: httpx.Client) -> None:
    r = client.get(f"/runs/{2**31}")
    assert r.status_code == 422, r.text
    assert [e["field"] for e in r.json()["errors"]] == ["path.run_id"]
    r = client.post("/runs", json={"model": {"name": "m", "base_url": "http://127.0.0.1:9/v1"},
                                   "benchmarks": ["mmlu"], "reference_run": 2**31})
    assert r.status_code == 422, r.text
    assert [e["field"] for e in r.json()["errors"]] == ["body.reference_run"]


def test_a_notify_host_that_does_not_resolve_is_a_422_naming_it(client: httpx.Client) -> None:
    notify = {"url": "https://ci.example.invalid/hooks"}
    run = {"model": {"name": "m", "base_url": "http://127.0.0.1:9/v1"},
           "benchmarks": ["mmlu"], "notify": notify}
    posted = {"predictions": [{"external_id": "q0", "answer": "A"}], "notify": notify}
    for path, body in (("/runs", run), ("/evaluate", run), ("/benchmarks/mmlu/score", posted)):
        r = client.post(path, json=body)
        assert r.status_code == 422 and r.json()["field"] == "notify.url", (path, r.text)


def test_generating_options_without_a_generator_is_a_409(client: httpx.Client) -> None:
    r = client.post("/benchmarks/mmlu/audits/options:generate",
                    params={"new_name": "mmlu-gen", "target": 5})
    assert r.status_code == 409, r.text
    assert "POCKETEVAL_GENERATOR_BASE_URL" in r.json()["detail"]


@pytest.mark.parametrize(("target", "headers", "status", "caller"), [
    # the request line never ends within what is read: no header line is read
    ("/health?x=" + "x" * 600_000, "X-Request-ID: served-414\r\n", 414, None),
    ("/health", "X-Request-ID: served-431\r\nX-Long: " + "y" * 100_000 + "\r\n", 431,
     "served-431"),
    ("/health", "X-Request-ID: not usable\r\nX-Long: " + "y" * 100_000 + "\r\n", 431, None),
], ids=["414", "431-caller-id", "431-unusable-id"])
def test_an_oversized_head_is_answered_with_a_request_id(
        base: str, target: str, headers: str, status: int, caller: str | None) -> None:
    with socket.create_connection(host_port(base), timeout=60) as sock:
        response, answer = exchange(
            sock, f"GET {target} HTTP/1.1\r\nHost: 127.0.0.1\r\n{headers}\r\n".encode())
    assert response.status == status, answer[:500]
    given = response.getheader("x-request-id")
    assert given is not None and json.loads(answer)["request_id"] == given
    assert given == caller if caller is not None else NEW_ID.fullmatch(given), given
    assert httpx.get(f"{base}/health", timeout=30).status_code == 200
