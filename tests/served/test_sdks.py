"""Both generated SDKs against a served process at real sizes: the README's MMLU file and all
14,042 rows in one file imported, and 14,042 predictions scored in one call.

Why: the SDKs are how services reach PocketEval, and they send a request's head and body
together on a fresh connection; the served protocol once counted such bodies as request head
and answered 431 to anything over 16 KiB, which no in-process test could see.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.support.dropping_transport import DropsEveryFirstAnswer
from tests.support.processes import HANG_S, ROOT, api_client
from tests.support.served import (
    AUTH,
    IMPORT,
    KEY,
    ROWS,
    check_counts,
    file_rows,
    mmlu_files,
    mmlu_rows,
    one_csv,
    predictions,
    served,
)

pytestmark = [pytest.mark.data, pytest.mark.needs("process")]
PYTHON_SDK = ROOT / "clients" / "python"
TS_SDK = ROOT / "clients" / "typescript"
README_FILE = "abstract_algebra_test.csv"


class Server:
    def __init__(self, base: str, workdir: Path, api: httpx.Client) -> None:
        self.base, self.workdir, self.api = base, workdir, api  # api: the module's client


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    files = mmlu_files()
    workdir = tmp_path_factory.mktemp("sdks")
    with served(workdir) as base, api_client(base, AUTH) as api:
        parts = [("file", (path.name, path.read_bytes(), "text/csv")) for path in files]
        r = api.post(IMPORT, params={"layout": "mmlu-csv"}, files=parts)
        assert r.status_code == 200 and r.json()["inserted"] == ROWS, r.text[:2000]
        yield Server(base, workdir, api)


def _readme_file() -> Path:
    return next(path for path in mmlu_files() if path.name == README_FILE)


def test_python_sdk_imports_and_scores_at_full_size(server: Server) -> None:
    sys.path.insert(0, str(PYTHON_SDK))
    try:
        from pocketeval_client import AuthenticatedClient
        from pocketeval_client.api.items import import_items
        from pocketeval_client.api.runs import score_predictions
        from pocketeval_client.models import (
            ImportItemsFilesBody,
            ImportReport,
            PredictionIn,
            ScoreRequest,
            ScoreResponse,
        )
        from pocketeval_client.models.import_items_on_conflict import ImportItemsOnConflict
        from pocketeval_client.types import File
    finally:
        sys.path.remove(str(PYTHON_SDK))

    readme = _readme_file()
    uploads = [(readme.name, readme.read_bytes(), "mmlu-csv", len(file_rows(readme))),
               ("mmlu_all.csv", one_csv(mmlu_rows()), "csv", ROWS)]
    with AuthenticatedClient(base_url=server.base, token=KEY,
                             timeout=httpx.Timeout(HANG_S)) as client:
        for name, data, layout, rows in uploads:
            report = import_items.sync(
                "mmlu", client=client, layout=layout, on_conflict=ImportItemsOnConflict.REPLACE,
                body=ImportItemsFilesBody(file=[File(payload=io.BytesIO(data), file_name=name,
                                                     mime_type="text/csv")]))
            assert isinstance(report, ImportReport), report
            assert (report.received, report.unchanged, report.inserted) == (rows, rows, 0)

        body, right = predictions(mmlu_rows(), "python-sdk")
        posted = json.loads(body)["predictions"]
        scored = score_predictions.sync("mmlu", client=client, body=ScoreRequest(
            model="python-sdk", predictions=[PredictionIn(external_id=p["external_id"],
                                                          answer=p["answer"])
                                             for p in posted]))
        assert isinstance(scored, ScoreResponse), scored
        check_counts(scored.to_dict(), right)


def test_python_sdk_retries_a_dropped_post_into_one_run(server: Server) -> None:
    sys.path.insert(0, str(PYTHON_SDK))
    try:
        from pocketeval_client import AuthenticatedClient
        from pocketeval_client.api.runs import score_predictions
        from pocketeval_client.models import PredictionIn, ScoreRequest, ScoreResponse
    finally:
        sys.path.remove(str(PYTHON_SDK))
    dropping = DropsEveryFirstAnswer()
    rows = mmlu_rows()[:500]
    with AuthenticatedClient(base_url=server.base, token=KEY, timeout=httpx.Timeout(HANG_S),
                             httpx_args={"transport": dropping}) as client:
        scored = score_predictions.sync("mmlu", client=client, body=ScoreRequest(
            model="sdk-retry", predictions=[PredictionIn(external_id=row.external_id,
                                                         answer=row.key) for row in rows]))
    assert isinstance(scored, ScoreResponse), scored
    assert scored.metrics.counts.correct == 500
    first, again = dropping.sent
    assert first is not None and len(first) == 32 and again == first
    runs = server.api.get("/runs", params={"model": "sdk-retry"}).json()["runs"]
    assert [run["id"] for run in runs] == [scored.run_id]


def _ts_sdk_built() -> None:
    if not (TS_SDK / "dist" / "index.js").is_file():
        subprocess.run(["npm", "run", "--silent", "build"], cwd=TS_SDK, check=True,
                       timeout=300)


NODE_SCRIPT = """
import { readFileSync } from "node:fs";
const [sdk, url, key, csvPath, bodyPath] = process.argv.slice(2);
const { pocketeval } = await import(sdk);
const api = pocketeval({ baseUrl: url, apiKey: key });
const form = new FormData();
form.append("file", new Blob([readFileSync(csvPath)], { type: "text/csv" }),
            csvPath.split("/").pop());
const imported = await api.POST("/benchmarks/{name}/items:import", {
  params: { path: { name: "mmlu" },
            query: { layout: "mmlu-csv", on_conflict: "replace" } },
  body: form,
});
const scored = await api.POST("/benchmarks/{name}/score", {
  params: { path: { name: "mmlu" } },
  body: JSON.parse(readFileSync(bodyPath, "utf8")),
});
console.log(JSON.stringify({
  import: { status: imported.response.status, body: imported.data ?? imported.error },
  score: { status: scored.response.status, body: scored.data ?? scored.error },
}));
"""


@pytest.mark.needs("ts_client")
def test_typescript_sdk_imports_and_scores_at_full_size(server: Server) -> None:
    _ts_sdk_built()
    script = server.workdir / "sdk_at_size.mjs"
    script.write_text(NODE_SCRIPT)
    body, right = predictions(mmlu_rows(), "typescript-sdk")
    body_path = server.workdir / "predictions.json"
    body_path.write_bytes(body)
    done = subprocess.run(
        ["node", str(script), (TS_SDK / "dist" / "index.js").as_uri(), server.base, KEY,
         str(_readme_file()), str(body_path)],
        capture_output=True, text=True, timeout=600, env=dict(os.environ), check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    out: dict[str, Any] = json.loads(done.stdout)
    imported, scored = out["import"], out["score"]
    rows = len(file_rows(_readme_file()))
    assert imported["status"] == 200, imported
    assert (imported["body"]["received"], imported["body"]["unchanged"]) == (rows, rows)
    assert imported["body"]["subjects"] == 1
    assert scored["status"] == 200, scored
    check_counts(scored["body"], right)


RETRY_SCRIPT = """
import { readFileSync } from "node:fs";
const [sdk, url, key, bodyPath] = process.argv.slice(2);
const { pocketeval } = await import(sdk);
const keys = [];
let dropped = false;
// the server gets the first POST and answers it; the client never sees the answer
const dropping = async (input, init) => {
  const request = new Request(input, init);
  keys.push(request.headers.get("idempotency-key"));
  const response = await fetch(request);
  if (!dropped && request.method === "POST") {
    dropped = true;
    await response.arrayBuffer();
    throw new TypeError("the connection dropped");
  }
  return response;
};
const api = pocketeval({ baseUrl: url, apiKey: key, fetch: dropping });
const scored = await api.POST("/benchmarks/{name}/score", {
  params: { path: { name: "mmlu" } },
  body: JSON.parse(readFileSync(bodyPath, "utf8")),
});
console.log(JSON.stringify({ status: scored.response.status, body: scored.data ?? scored.error,
                             keys }));
"""


@pytest.mark.needs("ts_client")
def test_typescript_sdk_retries_a_dropped_post_into_one_run(server: Server) -> None:
    _ts_sdk_built()
    script = server.workdir / "sdk_retry.mjs"
    script.write_text(RETRY_SCRIPT)
    rows = mmlu_rows()[:500]
    body_path = server.workdir / "retry.json"
    body_path.write_text(json.dumps({"model": "ts-retry", "predictions": [
        {"external_id": row.external_id, "answer": row.key} for row in rows]}))
    done = subprocess.run(
        ["node", str(script), (TS_SDK / "dist" / "index.js").as_uri(), server.base, KEY,
         str(body_path)], capture_output=True, text=True, timeout=600, env=dict(os.environ),
        check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    out: dict[str, Any] = json.loads(done.stdout)
    assert out["status"] == 200, out
    assert out["body"]["metrics"]["counts"]["correct"] == 500
    first, again = out["keys"]
    assert first is not None and len(first) == 32 and again == first
    runs = server.api.get("/runs", params={"model": "ts-retry"}).json()["runs"]
    assert [run["id"] for run in runs] == [out["body"]["run_id"]]
