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
from tests.support.served import AUTH, KEY, curl, served


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with served(tmp_path_factory.mktemp("record")) as url:
        for name, rows in (("quiz", mcq_rows(20)), ("empty", [])):
            r = httpx.post(f"{url}/benchmarks", json={"name": name, "kind": "mcq"},
                           headers=AUTH, timeout=60)
            assert r.status_code == 201, r.text
            if rows:
                r = httpx.post(f"{url}/benchmarks/{name}/items:import", json={"items": rows},
                               headers=AUTH, timeout=60)
                assert r.status_code == 200, r.text
        yield url


def _score(base: str, bench: str, model: str, ids: list[str]) -> httpx.Response:
    return httpx.post(f"{base}/benchmarks/{bench}/score", headers=AUTH, timeout=60, json={
        "model": model, "predictions": [{"external_id": i, "answer": "A"} for i in ids]})


def _runs(base: str, **params: str) -> list[int]:
    page = httpx.get(f"{base}/runs", params=params, timeout=60).json()
    return [r["id"] for r in page["runs"]]


def test_nonsense_is_refused_and_leaves_no_run(base: str, tmp_path: Path) -> None:
    before = _runs(base, include="retracted")
    body = json.dumps({"model": "typo", "predictions": [
        {"external_id": "abstract_algebra/test/0", "answer": "B"}]})
    (tmp_path / "score.json").write_text(body)
    status, answer = curl("-H", f"Authorization: Bearer {KEY}", "-H",
                          "Content-Type: application/json", "-d", "@score.json",
                          f"{base}/benchmarks/quiz/score", cwd=tmp_path)
    problem = json.loads(answer)
    assert status == 422 and problem["field"] == "predictions", problem
    assert "'abstract_algebra/test/0'" in problem["detail"]
    r = _score(base, "empty", "m", ["q0"])
    assert r.status_code == 409 and "no items" in r.json()["detail"], r.text
    assert r.headers["content-type"].startswith("application/problem+json")
    assert _runs(base, include="retracted") == before
    board = httpx.get(f"{base}/leaderboard", params={"benchmarks": "quiz"}, timeout=60).json()
    assert "typo" not in [n for row in board["rows"] for n in row["names"]]


def test_a_run_retracted_with_curl_leaves_every_comparison(base: str, tmp_path: Path) -> None:
    ids = [f"q{i}" for i in range(20)]
    kept = _score(base, "quiz", "kept", ids).json()["run_id"]
    gone = _score(base, "quiz", "gone", ids[:18]).json()["run_id"]
    status, answer = curl("-X", "DELETE", "-H", f"Authorization: Bearer {KEY}",
                          f"{base}/runs/{gone}?reason=posted+to+the+wrong+benchmark",
                          cwd=tmp_path)
    assert status == 200, answer
    assert json.loads(answer)["retraction"]["reason"] == "posted to the wrong benchmark"
    board = httpx.get(f"{base}/leaderboard", params={"benchmarks": "quiz"}, timeout=60).json()
    names = [n for row in board["rows"] for n in row["names"]]
    assert "kept" in names and "gone" not in names
    r = httpx.get(f"{base}/compare", params={"a": str(kept), "b": str(gone)}, timeout=60)
    assert r.status_code == 409 and "retracted" in r.json()["detail"], r.text
    assert gone not in _runs(base) and gone in _runs(base, include="retracted")
