"""What the served-path tests share.

In-process tests (ASGITransport) never reach the server's protocol layer, where a request's
head is told from its body; these tests do, through `pocketeval serve` on a real port, as
`make serve` starts it. Here: the real MMLU test set read with the csv module (not with the
server's parsers, so the answers the server scores are checked against keys it did not
compute), predictions with a known number of right answers, a served process, and the
clients that are not httpx: curl, urllib and a plain socket.
"""

from __future__ import annotations

import csv
import functools
import gzip
import http.client
import io
import json
import os
import socket
import subprocess
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.support.parts import missing
from tests.support.processes import HANG_S, ROOT, free_port, start_pocketeval, stop, wait_for

DATA = Path(os.environ.get("POCKETEVAL_TEST_DATA", ROOT.parent / "shared" / "data"))
MMLU_TEST = DATA / "mmlu" / "test"
KEY = "served-key-0123456789"
AUTH = {"Authorization": f"Bearer {KEY}"}
ROWS, SUBJECTS = 14_042, 57  # the published MMLU test set
LETTERS = "ABCD"
IMPORT = "/benchmarks/mmlu/items:import"
SCORE = "/benchmarks/mmlu/score"


@dataclass(frozen=True)
class Row:
    external_id: str  # as the mmlu-csv layout names it: <subject>/test/<n>
    subject: str
    cells: list[str]  # question, four choices, answer index
    key: str  # the correct letter


def mmlu_files() -> list[Path]:
    """The 57 per-subject test CSVs; where they are not there the test is skipped, or fails
    under CI (tests.support.parts.missing)."""
    files = sorted(MMLU_TEST.glob("*_test.csv"))
    if len(files) != SUBJECTS:
        missing(f"the MMLU test set ({SUBJECTS} files *_test.csv at {MMLU_TEST})",
                "set POCKETEVAL_TEST_DATA to the folder that holds mmlu/test")
    return files


@functools.cache
def file_rows(path: Path) -> list[Row]:
    subject = path.name.removesuffix("_test.csv")
    with path.open(newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    if rows and rows[0][0].strip().lower() == "question":
        rows = rows[1:]
    return [Row(f"{subject}/test/{n}", subject, row, LETTERS[int(row[5])])
            for n, row in enumerate(rows)]


def mmlu_rows() -> list[Row]:
    return [row for path in mmlu_files() for row in file_rows(path)]


def one_csv(rows: list[Row]) -> bytes:
    """Every row in one file of the generic CSV layout, with the ids and subjects the
    per-subject files give them."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["id", "subject", "split", "question", "A", "B", "C", "D", "answer"])
    for row in rows:
        writer.writerow([row.external_id, row.subject, "test", *row.cells[:5], row.key])
    return out.getvalue().encode()


def predictions(rows: list[Row], model: str) -> tuple[bytes, int]:
    """A score request for every row, answering A, B, C, D in turn, whatever the key; and
    how many of those answers the published keys say are right."""
    answers = [LETTERS[n % 4] for n in range(len(rows))]
    body = {"model": model, "predictions": [
        {"external_id": row.external_id, "answer": answer}
        for row, answer in zip(rows, answers, strict=True)]}
    right = sum(row.key == answer for row, answer in zip(rows, answers, strict=True))
    return json.dumps(body).encode(), right


def check_counts(score: dict[str, Any], right: int) -> None:
    counts = score["metrics"]["counts"]
    assert counts["predictions"] == ROWS, counts
    assert (counts["correct"], counts["wrong"]) == (right, ROWS - right), counts
    assert counts["missing"] == counts["unknown_ids"] == counts["unparsed"] == 0, counts
    assert score["metrics"]["n_items"] == ROWS
    assert abs(score["metrics"]["accuracy"] - right / ROWS) < 1e-12


@contextmanager
def served(workdir: Path, workers: int = 1, env: dict[str, str] | None = None
           ) -> Iterator[str]:
    """`pocketeval serve` on a free port, with `workers` processes, each started (one
    answers /health before the others are up); its base URL."""
    port = free_port()
    proc = start_pocketeval(port, workdir, KEY,
                            {"POCKETEVAL_WORKERS": str(workers), **(env or {})})
    try:
        log = workdir / "server.log"
        wait_for(lambda: log.read_text(errors="replace").count(
                     "Application startup complete") >= workers,
                 proc, log, f"{workers} serving processes did not start")
        yield f"http://127.0.0.1:{port}"
    finally:
        stop(proc)


def gz(data: bytes) -> bytes:
    return gzip.compress(data, compresslevel=6)


def pieces(data: bytes, size: int = 64 * 1024) -> Iterator[bytes]:
    """`data` in chunks: a generator body, which httpx, requests and urllib send chunked."""
    for start in range(0, len(data), size):
        yield data[start:start + size]


def raw_post(url: str, body: bytes, headers: dict[str, str], chunked: bool = False
             ) -> tuple[int, bytes]:
    """The whole request in one write on a fresh socket, so the server reads the head with
    the body's first 64 KB; then the answer, also one that came before all was sent."""
    parts = urllib.parse.urlsplit(url)
    framing = ({"Transfer-Encoding": "chunked"} if chunked
               else {"Content-Length": str(len(body))})
    if chunked:
        body = b"".join(f"{len(c):x}\r\n".encode() + c + b"\r\n" for c in pieces(body))
        body += b"0\r\n\r\n"
    head = (f"POST {parts.path}{'?' if parts.query else ''}{parts.query} HTTP/1.1\r\n"
            f"Host: {parts.netloc}\r\n"
            + "".join(f"{k}: {v}\r\n" for k, v in {**headers, **framing}.items()) + "\r\n")
    with socket.create_connection((parts.hostname, parts.port), timeout=HANG_S) as sock:
        # an answer that comes before all is sent (413) must not reset the connection:
        # the server drains what follows, so sending completes, then the answer is read
        sock.sendall(head.encode() + body)
        response = http.client.HTTPResponse(sock, method="POST")
        response.begin()
        return response.status, response.read()


def curl(*args: str, cwd: Path | None = None, stdin: bytes | None = None
         ) -> tuple[int, bytes]:
    """Run curl; the status it saw (-w) and the body it read."""
    done = subprocess.run(["curl", "-sS", "--max-time", f"{HANG_S:.0f}", "-o", "-",
                           "-w", "\n%{http_code}", *args], input=stdin,
                          capture_output=True, timeout=HANG_S + 30, check=False, cwd=cwd)
    assert done.returncode == 0, done.stderr.decode()
    body, _, status = done.stdout.rpartition(b"\n")
    return int(status), body


def urlopen(url: str, data: bytes | None = None, headers: dict[str, str] | None = None,
            method: str | None = None) -> tuple[int, dict[str, str], bytes]:
    """urllib.request as a script would use it; HTTP errors are answers too."""
    request = urllib.request.Request(url, data=data, headers=headers or {}, method=method)
    try:
        with urllib.request.urlopen(request, timeout=HANG_S) as response:
            return response.status, dict(response.headers.items()), response.read()
    except urllib.error.HTTPError as error:
        with error:
            return error.code, dict(error.headers.items()), error.read()


def host_port(base: str) -> tuple[str, int]:
    host, port = base.removeprefix("http://").split(":")
    return host, int(port)


def exchange(sock: socket.socket, request: bytes, method: str = "GET"
             ) -> tuple[http.client.HTTPResponse, bytes]:
    """Send one request on an open socket and read its whole answer, leaving the socket
    open for the next one."""
    sock.sendall(request)
    response = http.client.HTTPResponse(sock, method=method)
    response.begin()
    return response, response.read()


def post_head(path: str, length: int, extra: str = "") -> bytes:
    return (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {KEY}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {length}\r\n{extra}\r\n"
            ).encode()
