"""The whole MMLU test set imported through the HTTP import endpoint of a served process: each
of the 57 published CSVs with curl, as the README writes the command, and the same 14,042
rows again in one request, from requests, httpx, urllib and curl, plain and gzip.

Why: the served protocol once answered 431 to a POST whose head and body arrived in one read
of more than 16 KiB, so the README's own import of abstract_algebra_test.csv (17 KB) and
every larger upload were refused by `make serve` while in-process tests passed. A repeated
import with on_conflict=replace that finds every row unchanged shows the server read the
same 14,042 items from each way of sending them.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import requests

from tests.support.processes import HANG_S, api_client
from tests.support.served import (
    AUTH,
    IMPORT,
    KEY,
    MMLU_TEST,
    ROWS,
    SUBJECTS,
    curl,
    file_rows,
    gz,
    mmlu_files,
    mmlu_rows,
    one_csv,
    raw_post,
    served,
    urlopen,
)

pytestmark = [pytest.mark.data, pytest.mark.needs("process")]
REPLACE = {"on_conflict": "replace"}


class Imported:
    def __init__(self, base: str, reports: dict[str, dict[str, Any]], workdir: Path,
                 api: httpx.Client) -> None:
        self.base, self.reports, self.workdir = base, reports, workdir
        self.api = api  # the module's client, for what is not the upload under test


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Imported]:
    """A served process into which each published test CSV was imported with the README's
    curl command, run in the folder that holds the files; the reports by file name."""
    files = mmlu_files()
    workdir = tmp_path_factory.mktemp("import")
    with served(workdir) as base, api_client(base, AUTH) as api:
        reports = {}
        for path in files:
            status, body = curl("-H", f"Authorization: Bearer {KEY}",
                                "-F", f"file=@{path.name}",
                                f"{base}{IMPORT}?layout=mmlu-csv", cwd=MMLU_TEST)
            reports[path.name] = {"status": status, **json.loads(body)}
        yield Imported(base, reports, workdir, api)


def _check_unchanged(report: dict[str, Any]) -> None:
    """An import of rows that are all there already, with the same content."""
    assert (report["received"], report["unchanged"]) == (ROWS, ROWS), report
    assert report["inserted"] == report["replaced"] == 0, report
    assert report["subjects"] == SUBJECTS and report["splits"] == {"test": ROWS}


def test_each_published_file_imports_with_the_readme_curl(imported: Imported) -> None:
    assert len(imported.reports) == SUBJECTS
    for path in mmlu_files():
        report = imported.reports[path.name]
        assert report["status"] == 200, report
        assert report["inserted"] == report["received"] == len(file_rows(path)), report
        assert report["subjects"] == 1
    assert sum(r["inserted"] for r in imported.reports.values()) == ROWS
    listed = imported.api.get("/benchmarks/mmlu/items", params={"limit": 1})
    assert listed.status_code == 200 and listed.json()["items"]


@pytest.mark.parametrize("client", ["requests", "curl", "socket"])
def test_one_file_of_every_row(imported: Imported, client: str) -> None:
    """About 6 MB of CSV as one multipart file. curl asks Expect: 100-continue first and
    sends the body once answered; the socket writes head and body in one go."""
    data = one_csv(mmlu_rows())
    url = f"{imported.base}{IMPORT}?layout=csv&on_conflict=replace"
    if client == "requests":
        r = requests.post(url, files={"file": ("mmlu_all.csv", data, "text/csv")},
                          headers=AUTH, timeout=HANG_S)
        status, body = r.status_code, r.content
    elif client == "socket":
        request = httpx.Request("POST", url, files={"file": ("mmlu_all.csv", data)})
        status, body = raw_post(url, request.read(), {
            **AUTH, "Content-Type": request.headers["content-type"]})
    else:
        path = imported.workdir / "mmlu_all.csv"
        path.write_bytes(data)
        status, body = curl("-H", f"Authorization: Bearer {KEY}", "-F", f"file=@{path}", url)
    assert status == 200, body[:2000]
    _check_unchanged(json.loads(body))


@pytest.mark.parametrize("encoding", ["identity", "gzip"])
def test_all_57_files_in_one_request_from_httpx(imported: Imported, encoding: str) -> None:
    parts = [("file", (path.name, path.read_bytes(), "text/csv")) for path in mmlu_files()]
    request = httpx.Request("POST", f"{imported.base}{IMPORT}", files=parts)
    body = request.read()
    headers = {**AUTH, "Content-Type": request.headers["content-type"]}
    if encoding == "gzip":
        body = gz(body)
        headers["Content-Encoding"] = "gzip"
    # httpx's own request on a fresh connection, as a service sends it
    r = httpx.post(f"{imported.base}{IMPORT}", params={"layout": "mmlu-csv", **REPLACE},
                   content=body, headers=headers, timeout=HANG_S)
    assert r.status_code == 200, r.text[:2000]
    report = r.json()
    _check_unchanged(report)
    assert sorted(f["filename"] for f in report["files"]) == [p.name for p in mmlu_files()]


@pytest.mark.parametrize("encoding", ["identity", "gzip"])
def test_every_row_as_json_from_urllib(imported: Imported, encoding: str) -> None:
    items = [{"id": row.external_id, "subject": row.subject, "split": "test",
              "question": row.cells[0], "choices": row.cells[1:5], "answer": row.key}
             for row in mmlu_rows()]
    body = json.dumps({"items": items}).encode()
    headers = {**AUTH, "Content-Type": "application/json"}
    if encoding == "gzip":
        body = gz(body)
        headers["Content-Encoding"] = "gzip"
    status, _, content = urlopen(f"{imported.base}{IMPORT}?on_conflict=replace", body, headers)
    assert status == 200, content[:2000]
    _check_unchanged(json.loads(content))


def test_a_stray_csv_does_not_join_the_published_set(imported: Imported,
                                                     tmp_path: Path) -> None:
    """A user's `mytopic_test.csv` beside the published files, imported as the README
    imports one: refused with a 409 naming the subject, and MMLU keeps its 14,042 items."""
    (tmp_path / "mytopic_test.csv").write_text(
        '"What is 2+2?",3,4,5,6,B\n"What is 3+3?",5,6,7,8,B\n', encoding="utf-8")
    status, body = curl("-H", f"Authorization: Bearer {KEY}", "-F", "file=@mytopic_test.csv",
                        f"{imported.base}{IMPORT}?layout=mmlu-csv", cwd=tmp_path)
    problem = json.loads(body)
    assert status == 409, problem
    assert "subject 'mytopic' (2 items)" in problem["detail"], problem
    assert "test split to 14044 items; the published files hold 14042" in problem["detail"]
    counts = imported.api.get("/benchmarks/mmlu").json()
    assert {c["split"]: c["items"] for c in counts["splits"]}["test"] == ROWS, counts
