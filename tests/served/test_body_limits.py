"""Request bodies past the cap (POCKETEVAL_MAX_BODY_BYTES, 200,000 bytes for this server)
and gzip bodies at a served process: 413 problem+json naming the setting, read by the client
that sent the body; a gzip bomb stopped at the inflated cap; bad gzip 400, other encodings
415; a gzip upload under the cap read whole.

Why: the served protocol once answered 431 (not 413) to a body that arrived with its head in
one read, whatever the cap; and a refusal is only useful when the client can read it, which
an in-process test cannot show: a server that closes with the rest of the body unread makes
the client's kernel drop the answer it has not read yet (a TCP reset).
"""

from __future__ import annotations

import gzip
import http.client
import json
import random
import socket
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest
import requests

from tests.support.served import (
    AUTH,
    IMPORT,
    KEY,
    SCORE,
    curl,
    gz,
    host_port,
    pieces,
    post_head,
    predictions,
    raw_post,
    served,
    urlopen,
)
from tests.support.synthetic_mmlu import synthetic_rows

pytestmark = pytest.mark.needs("process")

CAP = 200_000
SETTING = "POCKETEVAL_MAX_BODY_BYTES"
JSON = {**AUTH, "Content-Type": "application/json"}


class Server:
    def __init__(self, base: str, workdir: Path) -> None:
        self.base, self.workdir = base, workdir


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    workdir = tmp_path_factory.mktemp("limits")
    with served(workdir, env={"POCKETEVAL_MAX_BODY_BYTES": str(CAP)}) as base:
        yield Server(base, workdir)


def _post(client: str, base: str, body: bytes, headers: dict[str, str], chunked: bool,
          workdir: Path) -> tuple[int, bytes]:
    url = f"{base}{SCORE}"
    content = pieces(body) if chunked else body
    if client == "httpx":
        r = httpx.post(url, content=content, headers=headers, timeout=120)
        return r.status_code, r.content
    if client == "requests":
        response = requests.post(url, data=content, headers=headers, timeout=120)
        return response.status_code, response.content
    if client == "urllib":
        status, _, answer = urlopen(url, content, headers)  # type: ignore[arg-type]
        return status, answer
    if client == "socket":
        return raw_post(url, body, headers, chunked)
    path = workdir / f"body-{len(body)}.bin"
    path.write_bytes(body)
    args = [arg for name, value in headers.items() for arg in ("-H", f"{name}: {value}")]
    return curl(*args, *(["-H", "Transfer-Encoding: chunked"] if chunked else []),
                "--data-binary", f"@{path}", url)


def _check_413(status: int, answer: bytes, inflated: bool = False) -> None:
    assert status == 413, answer[:500]
    problem = json.loads(answer)
    assert problem["status"] == 413 and SETTING in problem["detail"], problem
    assert f"limit of {CAP} bytes" in problem["detail"]
    assert ("inflated" in problem["detail"]) is inflated


@pytest.mark.parametrize(("client", "framing"), [
    (client, framing) for client in ("httpx", "requests", "urllib", "curl", "socket")
    for framing in ("content-length", "chunked")])
def test_all_predictions_past_the_cap_are_answered_413(server: Server, client: str,
                                                       framing: str) -> None:
    """A prediction for each of MMLU's 14,042 test items (about 870 KB) against a
    200,000-byte cap."""
    body, _ = predictions(synthetic_rows(), "over-the-cap")
    status, answer = _post(client, server.base, body, JSON, framing == "chunked",
                           server.workdir)
    _check_413(status, answer)


FAR_PAST = 32_000_000  # past what the sockets' buffers hold, so the client is still sending


@pytest.mark.parametrize("client", ["httpx", "requests", "socket", "urllib", "socket-close"])
def test_a_body_far_past_the_cap_gets_a_413_without_a_reset(server: Server,
                                                            client: str) -> None:
    """32 MB: the client is still writing when the 413 is sent (curl is not here: it asks
    Expect: 100-continue and sends nothing after the 413). urllib sends Connection: close
    and reads the answer only once all is written; so does socket-close, where a reset
    while writing fails the test: the server closes in stages (half-close, then drains)."""
    body = b'{"predictions": [' + b" " * FAR_PAST + b"]}"
    if client == "socket-close":
        with socket.create_connection(host_port(server.base), timeout=120) as sock:
            sock.sendall(post_head(SCORE, len(body), "Connection: close\r\n") + body)
            response = http.client.HTTPResponse(sock, method="POST")
            response.begin()
            status, answer = response.status, response.read()
    else:
        status, answer = _post(client, server.base, body, JSON, False, server.workdir)
    _check_413(status, answer)
    assert httpx.get(f"{server.base}/health", timeout=30).status_code == 200


BOMB = 50_000_000  # zeros: about 50 KB gzipped, 250 times the cap inflated


@pytest.mark.parametrize("client", ["httpx", "requests", "urllib", "curl", "socket"])
def test_a_gzip_bomb_is_stopped_at_the_inflated_cap(server: Server, client: str) -> None:
    bomb = gzip.compress(b"0" * BOMB, compresslevel=9)
    assert len(bomb) < CAP
    status, answer = _post(client, server.base, bomb, {**JSON, "Content-Encoding": "gzip"},
                           False, server.workdir)
    _check_413(status, answer, inflated=True)


Case = Callable[[], bytes]
CASES: dict[str, tuple[str, Case, int]] = {
    "not-gzip": ("gzip", lambda: b'{"predictions": []}' * 1000, 400),
    "truncated-gzip": ("gzip", lambda: gz(random.Random(0).randbytes(40_000))[:-100], 400),
    "brotli": ("br", lambda: b'{"predictions": []}' * 1000, 415),
    "deflate": ("deflate", lambda: b'{"predictions": []}' * 1000, 415),
}


@pytest.mark.parametrize("case", list(CASES))
def test_a_body_it_cannot_read_is_refused_by_its_encoding(server: Server, case: str) -> None:
    """A body the server would read wrong is refused as such, naming Content-Encoding."""
    encoding, make, expected = CASES[case]
    body = make()
    assert len(body) > 16 * 1024  # head and body in one read past the head limit
    for client in ("httpx", "urllib", "socket"):
        status, answer = _post(client, server.base, body,
                               {**JSON, "Content-Encoding": encoding}, False, server.workdir)
        assert status == expected, (client, answer[:500])
        problem = json.loads(answer)
        assert problem["field"] == "Content-Encoding", problem


def test_a_gzip_upload_under_the_cap_is_read_whole(server: Server) -> None:
    """A subject of 100 items, as the README's file holds, as JSON items (about 60 KB,
    12 KB gzipped) imported, then scored with gzip predictions; the cap counts the inflated
    bytes, which are under it."""
    rows = synthetic_rows(100, ("abstract_algebra",))
    items = [{"id": row.external_id, "subject": row.subject, "question": row.cells[0],
              "choices": row.cells[1:5], "answer": row.key} for row in rows]
    status, _, answer = urlopen(f"{server.base}{IMPORT}?on_conflict=replace",
                                gz(json.dumps({"items": items}).encode()),
                                {**JSON, "Content-Encoding": "gzip"})
    assert status == 200, answer[:500]
    assert json.loads(answer)["received"] == len(rows)
    body, right = predictions(rows, "gzip-under-the-cap")
    status, answer = curl("-H", f"Authorization: Bearer {KEY}", "-H",
                          "Content-Type: application/json", "-H", "Content-Encoding: gzip",
                          "--data-binary", "@-", f"{server.base}{SCORE}", stdin=gz(body))
    assert status == 200, answer[:500]
    counts = json.loads(answer)["metrics"]["counts"]
    assert (counts["predictions"], counts["correct"]) == (len(rows), right)
