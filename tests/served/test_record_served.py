"""The record through `pocketeval serve` on a real port, with curl and httpx: predictions
that name no item and a score on a benchmark without items are refused and leave no run;
a run is retracted with curl's DELETE and leaves the leaderboard, is refused by the
comparison and is listed with `include=retracted`."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.support.factories import mcq_rows
from tests.support.processes import api_client
from tests.support.served import AUTH, KEY, curl, served

pytestmark = pytest.mark.needs("process")


class Served:
    def __init__(self, base: str, api: httpx.Client) -> None:
        self.base, self.api = base, api  # its URL (for curl), the module's client


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with served(tmp_path_factory.mktemp("record")) as url, api_client(url, AUTH) as api:
        for name, rows in (("quiz", mcq_rows(20)), ("empty", [])):
            r = api.post("/benchmarks", json={"name": name, "kind": "mcq"})
            assert r.status_code == 201, r.text
            if rows:
                r = api.post(f"/benchmarks/{name}/items:import", json={"items": rows})
                assert r.status_code == 200, r.text
        yield Served(url, api)


def _score(api: httpx.Client, bench: str, model: str, ids: list[str]) -> httpx.Response:
    return api.post(f"/benchmarks/{bench}/score", json={
        "model": model, "predictions": [{"external_id": i, "answer": "A"} for i in ids]})


def _runs(api: httpx.Client, **params: str) -> list[int]:
    page = api.get("/runs", params=params).json()
    return [r["id"] for r in page["runs"]]


def test_nonsense_is_refused_and_leaves_no_run(server: Served, tmp_path: Path) -> None:
    before = _runs(server.api, include="retracted")
    body = json.dumps({"model": "typo", "predictions": [
        {"external_id": "abstract_algebra/test/0", "answer": "B"}]})
    (tmp_path / "score.json").write_text(body)
    status, answer = curl("-H", f"Authorization: Bearer {KEY}", "-H",
                          "Content-Type: application/json", "-d", "@score.json",
                          f"{server.base}/benchmarks/quiz/score", cwd=tmp_path)
    problem = json.loads(answer)
    assert status == 422 and problem["field"] == "predictions", problem
    assert "'abstract_algebra/test/0'" in problem["detail"]
    r = _score(server.api, "empty", "m", ["q0"])
    assert r.status_code == 409 and "no items" in r.json()["detail"], r.text
    assert r.headers["content-type"].startswith("application/problem+json")
    assert _runs(server.api, include="retracted") == before
    board = server.api.get("/leaderboard", params={"benchmarks": "quiz"}).json()
    assert "typo" not in [n for row in board["rows"] for n in row["names"]]


def test_a_run_retracted_with_curl_leaves_every_comparison(server: Served,
                                                           tmp_path: Path) -> None:
    ids = [f"q{i}" for i in range(20)]
    kept = _score(server.api, "quiz", "kept", ids).json()["run_id"]
    gone = _score(server.api, "quiz", "gone", ids[:18]).json()["run_id"]
    status, answer = curl("-X", "DELETE", "-H", f"Authorization: Bearer {KEY}",
                          f"{server.base}/runs/{gone}?reason=posted+to+the+wrong+benchmark",
                          cwd=tmp_path)
    assert status == 200, answer
    assert json.loads(answer)["retraction"]["reason"] == "posted to the wrong benchmark"
    board = server.api.get("/leaderboard", params={"benchmarks": "quiz"}).json()
    names = [n for row in board["rows"] for n in row["names"]]
    assert "kept" in names and "gone" not in names
    r = server.api.get("/compare", params={"a": str(kept), "b": str(gone)})
    assert r.status_code == 409 and "retracted" in r.json()["detail"], r.text
    assert gone not in _runs(server.api) and gone in _runs(server.api, include="retracted")
