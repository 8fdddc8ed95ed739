"""14,042 MMLU predictions (about 870 KB of JSON) in one POST, as services send them: from
httpx, requests, urllib, curl and a plain socket, with a Content-Length or chunked, plain or
gzip, to one and to two serving processes; large answers gzip-compressed for a client that
asks; and the run's signed bundle, checked offline by `pocketeval verify`.

Why: the served protocol once counted every byte arriving while no request was in flight as
request head, body included, and answered 431 to any request whose head and body came in one
read of more than 16 KiB, while the in-process tests passed. Whether a library's head and
body share a read depends on its writes and on timing (most did on a fresh connection); the
socket writes the request in one go, so its head always comes with 64 KB of body. The
score's counts are checked against the published answer keys, read with the csv module.
"""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import requests

from app.bundles.signing import load_or_create
from tests.support.bundles import resign, unzipped, zipped
from tests.support.processes import HANG_S, api_client
from tests.support.served import (
    AUTH,
    IMPORT,
    KEY,
    ROWS,
    SCORE,
    SUBJECTS,
    Row,
    check_counts,
    curl,
    gz,
    mmlu_files,
    mmlu_rows,
    pieces,
    predictions,
    raw_post,
    served,
    urlopen,
)

pytestmark = [pytest.mark.data, pytest.mark.needs("process")]


class Server:
    def __init__(self, base: str, rows: list[Row], workdir: Path, api: httpx.Client) -> None:
        self.base, self.rows, self.workdir = base, rows, workdir
        self.api = api  # the module's client, for what is not the sending under test


@pytest.fixture(scope="module", params=[1, 2], ids=["one-process", "two-processes"])
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
           ) -> Iterator[Server]:
    """A served process (or two on one port) holding the whole MMLU test set, imported as
    the 57 published files in one multipart request."""
    files = mmlu_files()
    workdir = tmp_path_factory.mktemp(f"score-{request.param}")
    with served(workdir, workers=request.param) as base, api_client(base, AUTH) as api:
        parts = [("file", (path.name, path.read_bytes(), "text/csv")) for path in files]
        r = api.post(IMPORT, params={"layout": "mmlu-csv"}, files=parts)
        assert r.status_code == 200, r.text[:2000]
        report = r.json()
        assert (report["inserted"], report["subjects"]) == (ROWS, SUBJECTS)
        assert len(report["files"]) == SUBJECTS
        yield Server(base, mmlu_rows(), workdir, api)


def _httpx(url: str, body: bytes, headers: dict[str, str], chunked: bool,
           workdir: Path) -> tuple[int, bytes]:
    r = httpx.post(url, content=pieces(body) if chunked else body, headers=headers,
                   timeout=HANG_S)
    return r.status_code, r.content


def _requests(url: str, body: bytes, headers: dict[str, str], chunked: bool,
              workdir: Path) -> tuple[int, bytes]:
    r = requests.post(url, data=pieces(body) if chunked else body, headers=headers,
                      timeout=HANG_S)
    return r.status_code, r.content


def _urllib(url: str, body: bytes, headers: dict[str, str], chunked: bool,
            workdir: Path) -> tuple[int, bytes]:
    if not chunked:
        status, _, content = urlopen(url, body, headers)
        return status, content
    # an iterable without a Content-Length: urllib sends it chunked
    status, _, content = urlopen(url, pieces(body), headers)  # type: ignore[arg-type]
    return status, content


def _curl(url: str, body: bytes, headers: dict[str, str], chunked: bool,
          workdir: Path) -> tuple[int, bytes]:
    path = workdir / f"body-{len(body)}.bin"
    path.write_bytes(body)
    args = [arg for name, value in headers.items() for arg in ("-H", f"{name}: {value}")]
    if chunked:
        args += ["-H", "Transfer-Encoding: chunked"]
    return curl(*args, "--data-binary", f"@{path}", url)


def _socket(url: str, body: bytes, headers: dict[str, str], chunked: bool,
            workdir: Path) -> tuple[int, bytes]:
    return raw_post(url, body, headers, chunked)


Sender = Callable[[str, bytes, dict[str, str], bool, Path], tuple[int, bytes]]
SENDERS: dict[str, Sender] = {"httpx": _httpx, "requests": _requests, "urllib": _urllib,
                              "curl": _curl, "socket": _socket}


@pytest.mark.parametrize("encoding", ["identity", "gzip"])
@pytest.mark.parametrize("framing", ["content-length", "chunked"])
@pytest.mark.parametrize("client", list(SENDERS))
def test_all_predictions_in_one_post(server: Server, client: str, framing: str,
                                     encoding: str) -> None:
    body, right = predictions(server.rows, f"{client}-{framing}-{encoding}")
    headers = {**AUTH, "Content-Type": "application/json"}
    if encoding == "gzip":
        body = gz(body)
        headers["Content-Encoding"] = "gzip"
    status, content = SENDERS[client](f"{server.base}{SCORE}", body, headers,
                                      framing == "chunked", server.workdir)
    assert status == 200, content[:2000]
    score = json.loads(content)
    check_counts(score, right)
    assert score["model"] == f"{client}-{framing}-{encoding}"


@pytest.fixture(scope="module")
def run_id(server: Server) -> int:
    body, _ = predictions(server.rows, "read-back")
    r = server.api.post(SCORE, content=body, headers={"Content-Type": "application/json"})
    assert r.status_code == 200, r.text[:2000]
    return int(r.json()["run_id"])


def _targets(run: int) -> list[str]:
    return [f"/runs/{run}/samples?limit=1000", f"/runs/{run}/submission.csv",
            "/benchmarks/mmlu/items?limit=1000"]


def test_large_answers_come_gzip_compressed_when_asked(server: Server, run_id: int) -> None:
    """What a client that sends Accept-Encoding: gzip reads is compressed on the wire and
    decodes to what a client that does not ask reads."""
    for target in _targets(run_id):
        url = f"{server.base}{target}"
        plain = server.api.get(target, headers={"Accept-Encoding": "identity"})
        assert plain.status_code == 200 and "content-encoding" not in plain.headers
        assert len(plain.content) > 100_000, target

        packed = server.api.get(target, headers={"Accept-Encoding": "gzip"})
        assert packed.headers.get("content-encoding") == "gzip", (target, packed.headers)
        assert int(packed.headers["content-length"]) < len(plain.content) / 3
        assert packed.content == plain.content, target  # httpx decoded it

        status, headers, raw = urlopen(url, headers={"Accept-Encoding": "gzip"})
        assert status == 200 and headers.get("content-encoding") == "gzip", headers
        assert gzip.decompress(raw) == plain.content

        r = requests.get(url, timeout=HANG_S)  # requests asks for gzip by itself
        assert r.headers.get("content-encoding") == "gzip" and r.content == plain.content

        status, content = curl("--compressed", url)
        assert status == 200 and content == plain.content
    samples: dict[str, Any] = server.api.get(_targets(run_id)[0]).json()
    assert len(samples["samples"]) == 1000


def _pocketeval(workdir: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The CLI on the served process's database and folder, as its operator runs it."""
    env = {"POCKETEVAL_DATABASE_URL": f"sqlite:///{workdir / 'live.db'}",
           "POCKETEVAL_VAR_DIR": str(workdir), "PATH": "/usr/bin:/bin"}
    return subprocess.run([sys.executable, "-m", "app.cli", *args], cwd=workdir, env=env,
                          capture_output=True, text=True, timeout=HANG_S)


def _flip_first_wrong(bundle: bytes, workdir: Path) -> tuple[bytes, int]:
    """The bundle with its first wrong verdict made correct, hashed and signed again with
    the server's own key, as a server that stored the wrong verdict would sign it; and the
    samples line edited."""
    files = unzipped(bundle)
    lines = [json.loads(line) for line in files["samples.jsonl"].splitlines()]
    index = next(i for i, s in enumerate(lines) if s["verdict"] == "wrong")
    lines[index].update(verdict="correct", score=1.0)
    files["samples.jsonl"] = b"".join(json.dumps(s).encode() + b"\n" for s in lines)
    resign(files, load_or_create(workdir / "signing-key.pem").private)
    return zipped(files), index + 1


@pytest.mark.parametrize("server", [1], indirect=True, ids=["one-process"])
def test_the_run_s_bundle_verifies_offline(server: Server, run_id: int) -> None:
    """The whole posted set's bundle, fetched with curl, checked by `pocketeval verify`
    against the key the server serves; made again by `pocketeval bundle` from the database;
    an edited copy signed again with the server's key refused with its place named."""
    workdir = server.workdir
    key = workdir / "key.pem"
    key.write_text(server.api.get("/signing-key").json()["public_key_pem"])
    status, data = curl("-H", f"Authorization: Bearer {KEY}",
                        f"{server.base}/runs/{run_id}/bundle")
    assert status == 200, data[:2000]
    (workdir / "bundle.zip").write_bytes(data)
    checked = _pocketeval(workdir, "verify", str(workdir / "bundle.zip"), "--public-key",
                          str(key))
    assert checked.returncode == 0, checked.stdout[-3000:] + checked.stderr[-3000:]
    assert f"{ROWS} verdicts" in checked.stdout and "OK: every check holds" in checked.stdout

    made = _pocketeval(workdir, "bundle", str(run_id), "-o", str(workdir / "again.zip"))
    assert made.returncode == 0, made.stderr
    again = _pocketeval(workdir, "verify", str(workdir / "again.zip"), "--public-key", str(key))
    assert again.returncode == 0, again.stdout[-3000:]

    edited, line = _flip_first_wrong(data, workdir)
    (workdir / "edited.zip").write_bytes(edited)
    refused = _pocketeval(workdir, "verify", str(workdir / "edited.zip"), "--public-key",
                          str(key))
    assert refused.returncode == 1
    assert f"MISMATCH samples.jsonl: line {line}: verdict: the bundle says 'correct', " \
        "recomputed 'wrong'" in refused.stdout
    assert "MISMATCH results.json: mmlu: counts.correct" in refused.stdout
