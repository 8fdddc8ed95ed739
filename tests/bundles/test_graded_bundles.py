"""AA-Omniscience bundles: the grade decides each verdict. An uploaded grade is the
prediction; a grader's stored reply is read again by the methodology's reply rule (one
letter, else the published fallback). The hallucination rate, component score and
Omniscience Index are recomputed from the grades."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import httpx
import pytest
import respx

from app.bundles.signing import load_or_create
from app.config import Settings
from pocketeval_verify.cli import verify
from tests.conftest import API_KEY
from tests.support.bundles import fetch_bundle, resign, unzipped, verified, zipped
from tests.support.databases import store_incidental
from tests.support.factories import omniscience_csv, served, wait_run
from tests.support.fake_openai import completion, last_user_text, reply

pytestmark = [pytest.mark.anyio, store_incidental]

BASE, JUDGE = "http://127.0.0.1:9/v1", "http://127.0.0.1:10/v1"
GRADES = ["CORRECT", "INCORRECT", "PARTIAL", "NOT_ATTEMPTED"]


async def test_uploaded_grades_verify_with_their_figures(client: httpx.AsyncClient,
                                                          tmp_path: Path) -> None:
    assert (await client.post("/benchmarks/aa-omniscience/items:import", files={
        "file": ("omniscience.csv", omniscience_csv(12))})).status_code == 200
    predictions = [{"external_id": f"row:{i}", "response": "Someone",
                    "grade": GRADES[i % 4].lower()} for i in range(1, 11)]  # two unanswered
    r = await client.post("/benchmarks/aa-omniscience/score",
                          json={"predictions": predictions})
    assert r.status_code == 200, r.text
    report = await verified(client, r.json()["run_id"], tmp_path / "b.zip")
    assert report.checked["verdicts"] == 10 and report.checked["figures"] > 0


async def test_a_graders_replies_are_read_again(settings: Settings, tmp_path: Path) -> None:
    """The grader answers A, B, C or D by the question, and once a sentence (not one letter:
    the published fallback grade)."""
    def model(request: httpx.Request) -> httpx.Response:
        return reply(completion("It was Author 1."))

    def judge(request: httpx.Request) -> httpx.Response:
        text = last_user_text(request)
        number = int(text.split("Who wrote work ")[1].split("?")[0])
        return reply(completion("The grade is A" if number == 5 else "ABCD"[number % 4]))

    async with served(settings.model_copy(update={"judge_base_url": JUDGE,
                                                  "judge_model": "judge"}), API_KEY) as client:
        assert (await client.post("/benchmarks/aa-omniscience/items:import", files={
            "file": ("omniscience.csv", omniscience_csv(8))})).status_code == 200
        with respx.mock() as mock:
            mock.post(f"{BASE}/chat/completions").mock(side_effect=model)
            mock.post(f"{JUDGE}/chat/completions").mock(side_effect=judge)
            r = await client.post("/runs", json={"model": {"name": "tiny", "base_url": BASE},
                                                 "benchmarks": ["aa-omniscience"]})
            assert r.status_code == 202, r.text
            status = await wait_run(client, r.json()["id"])
        assert status["status"] == "finished", status
        path = await fetch_bundle(client, r.json()["id"], tmp_path / "b.zip")
    report, unjudged = verify(path, None)
    assert report.ok and not unjudged, [str(m) for m in report.mismatches]
    with zipfile.ZipFile(path) as archive:
        samples = [json.loads(x) for x in archive.read("samples.jsonl").splitlines()]
    assert {s["detail"]["judge_reply"] for s in samples} >= {"A", "B", "The grade is A"}

    # a grade stored other than its reply says, signed again: named where it stands
    edited = next(i for i, s in enumerate(samples) if s["detail"]["judge_reply"] == "B")
    samples[edited]["detail"]["grade"] = "PARTIAL"
    files = unzipped(path)
    files["samples.jsonl"] = b"".join(json.dumps(s).encode() + b"\n" for s in samples)
    resign(files, load_or_create(settings.signing_key_path).private)
    report, _ = verify(zipped(files), None)
    assert f"samples.jsonl: line {edited + 1}: detail.grade: the bundle says 'PARTIAL', " \
        "recomputed 'INCORRECT'" in [str(m) for m in report.mismatches]


@pytest.mark.parametrize("methodology", [None, {"name": "pocketeval", "version": "1"}])
async def test_a_math_graders_replies_are_read_again(settings: Settings, tmp_path: Path,
                                                     methodology: dict[str, str] | None
                                                     ) -> None:
    """math-verify rejects every answer ("one half, case i" against 1/2); the grader finds
    the odd cases' answers equal. The published method reads "Yes"; PocketEval's own reads its
    keyword. The verifier reads each stored reply again by the bundle's rule."""
    yes, no = ("Yes", "No") if methodology is None else ("EQUIVALENT", "DIFFERENT")

    def model(request: httpx.Request) -> httpx.Response:
        number = last_user_text(request).split("Problem number ")[1].split(".")[0]
        answer = f"\\boxed{{\\text{{one half, case {number}}}}}"
        return reply(completion(f"The answer is ${answer}$."))

    def judge(request: httpx.Request) -> httpx.Response:  # the answer is in every checker
        number = int(last_user_text(request).split("case ")[1][0])
        return reply(completion(yes if number % 2 else no))

    items = [{"id": f"m{i}", "question": f"Problem number {i}. Half of one?",
              "answer": "\\frac{1}{2}"} for i in range(4)]
    body: dict[str, object] = {"model": {"name": "tiny", "base_url": BASE},
                               "benchmarks": ["math-500"], "repeats": 1}
    if methodology is not None:
        body["methodology"] = methodology
    async with served(settings.model_copy(update={"judge_base_url": JUDGE,
                                                  "judge_model": "judge"}), API_KEY) as client:
        assert (await client.post("/benchmarks/math-500/items:import",
                                  json={"items": items})).status_code == 200
        with respx.mock() as mock:
            mock.post(f"{BASE}/chat/completions").mock(side_effect=model)
            mock.post(f"{JUDGE}/chat/completions").mock(side_effect=judge)
            r = await client.post("/runs", json=body)
            assert r.status_code == 202, r.text
            status = await wait_run(client, r.json()["id"])
        assert status["status"] == "finished", status
        path = await fetch_bundle(client, r.json()["id"], tmp_path / "b.zip")
    report, unjudged = verify(path, None)
    assert report.ok and not unjudged, ([str(m) for m in report.mismatches], unjudged)
    assert report.checked["verdicts"] == 4
    with zipfile.ZipFile(path) as archive:
        samples = [json.loads(x) for x in archive.read("samples.jsonl").splitlines()]
    assert sorted((s["verdict"], s["detail"]["decided_by"], s["detail"]["judge_reply"])
                  for s in samples) == [("correct", "judge", yes)] * 2 + [
                      ("wrong", "math_verify+judge", no)] * 2

    # a reply changed from "no" to "yes", signed again: the verdict it now reads is named
    edited = next(i for i, s in enumerate(samples) if s["verdict"] == "wrong")
    samples[edited]["detail"]["judge_reply"] = yes
    files = unzipped(path)
    files["samples.jsonl"] = b"".join(json.dumps(s).encode() + b"\n" for s in samples)
    resign(files, load_or_create(settings.signing_key_path).private)
    report, _ = verify(zipped(files), None)
    assert f"samples.jsonl: line {edited + 1}: verdict: the bundle says 'wrong', " \
        "recomputed 'correct'" in [str(m) for m in report.mismatches]
