"""`pocketeval gate` run as a CI job runs it: against a served process holding the MMLU test
set and posted predictions, one build that is non-inferior, one that is inferior and one
that too few items cannot decide, each with its exit code (0, 1, 2), its Markdown summary
and its JUnit report; the same verdicts over HTTP; and no verdict (3) from a server that
cannot be reached. The verdicts expected are worked out here from the posted answers with a
normal interval, for builds chosen far from the margin on either side."""

from __future__ import annotations

import json
import math
import os
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from xml.etree import ElementTree

import httpx
import pytest

from tests.support.processes import api_client, free_port
from tests.support.served import AUTH, IMPORT, KEY, SCORE, Row, mmlu_files, mmlu_rows, served

pytestmark = [pytest.mark.data, pytest.mark.needs("process")]
MARGIN = 0.02
POCKETEVAL = Path(sys.executable).parent / "pocketeval"


def _wrong(row: Row) -> str:
    return "ABCD"[("ABCD".index(row.key) + 1) % 4]


def _post(api: httpx.Client, rows: list[Row], right: set[str], model: str) -> int:
    body = {"model": model, "missing": "exclude", "predictions": [
        {"external_id": row.external_id,
         "answer": row.key if row.external_id in right else _wrong(row)} for row in rows]}
    r = api.post(SCORE, json=body)
    assert r.status_code == 200, r.text[:2000]
    run_id: int = r.json()["run_id"]
    return run_id


def _expected(rows: list[Row], reference: set[str], build: set[str]) -> str:
    """The verdict from a normal interval of the paired difference, asserted far enough from
    the margin that the server's Newcombe interval cannot give another."""
    d = [(r.external_id in build) - (r.external_id in reference) for r in rows]
    n = len(d)
    mean = sum(d) / n
    se = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1) / n)
    lower, upper = mean - 1.96 * se, mean + 1.96 * se
    if lower > -MARGIN + 2 * se:
        return "non-inferior"
    if upper < -MARGIN - 2 * se:
        return "inferior"
    assert lower < -MARGIN - se and upper > -MARGIN + se, (lower, upper)
    return "inconclusive"


class Builds:
    def __init__(self, base: str, api: httpx.Client, workdir: Path, reference: int,
                 builds: dict[str, tuple[int, str, int, int]]) -> None:
        self.base, self.api, self.workdir, self.reference = base, api, workdir, reference
        self.builds = builds  # outcome -> run, expected verdict, items lost, items gained


@pytest.fixture(scope="module")
def posted(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Builds]:
    files = mmlu_files()
    rows = mmlu_rows()
    workdir = tmp_path_factory.mktemp("gate")
    rng = random.Random(7)
    reference = {r.external_id for r in rows if rng.random() < 0.7}
    right = sorted(reference)
    wrong = sorted({r.external_id for r in rows} - reference)
    near = (reference - set(rng.sample(right, 140))) | set(rng.sample(wrong, 140))
    worse = reference - set(rng.sample(right, 1400))
    few_rows = rng.sample(rows, 200)
    few_right = [r.external_id for r in few_rows if r.external_id in reference]
    few = reference - set(few_right[:3])
    cases = {"pass": (rows, near, 140, 140), "fail": (rows, worse, 1400, 0),
             "undecided": (few_rows, few, 3, 0)}
    with served(workdir) as base, api_client(base, AUTH) as api:
        parts = [("file", (path.name, path.read_bytes(), "text/csv")) for path in files]
        r = api.post(IMPORT, params={"layout": "mmlu-csv"}, files=parts)
        assert r.status_code == 200, r.text[:2000]
        ref_run = _post(api, rows, reference, "reference")
        builds = {}
        for outcome, (subset, build, lost, gained) in cases.items():
            builds[outcome] = (_post(api, subset, build, f"build-{outcome}"),
                               _expected(subset, reference, build), lost, gained)
        yield Builds(base, api, workdir, ref_run, builds)


def _gate(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "POCKETEVAL_API_KEY": KEY}
    return subprocess.run([str(POCKETEVAL), "gate", *args], capture_output=True, text=True,
                          env=env, timeout=600, check=False)


@pytest.mark.parametrize(("outcome", "code"), [("pass", 0), ("fail", 1), ("undecided", 2)])
def test_the_gate_exits_with_each_outcomes_code(posted: Builds, outcome: str,
                                                code: int) -> None:
    run, verdict, lost, gained = posted.builds[outcome]
    summary, report = posted.workdir / f"{outcome}.md", posted.workdir / f"{outcome}.xml"
    done = _gate("--server", posted.base, "--reference", str(posted.reference),
                 "--build", str(run), "--margin", str(MARGIN), "--summary", str(summary),
                 "--junit", str(report), "--link-base", "https://evals.example")
    assert done.returncode == code, done.stderr
    assert done.stderr.strip().endswith(f"gate: {outcome}")
    text = summary.read_text()
    assert f"| mmlu | {verdict} |" in text
    assert f"**mmlu**: {lost} item(s) lost, {gained} gained." in text
    assert f"https://evals.example/runs/{run}/samples?item_id=" in text
    assert "| Mobile Intelligence Index | not checked" in text
    if outcome == "undecided":
        needed = text.split("| mmlu |")[1].split("\n")[0].rsplit("|", 2)[-2]
        assert int(needed.split()[0]) > 200  # more paired items than the build scored
    suite = ElementTree.parse(report).getroot()
    cases = {c.get("name"): [e.tag for e in c] for c in suite.iter("testcase")}
    assert cases == {"mmlu": {"pass": [], "fail": ["failure"], "undecided": ["error"]}[outcome],
                     "Mobile Intelligence Index": ["skipped"]}
    assert (suite.get("tests"), suite.get("skipped")) == ("2", "1")


def test_the_same_verdicts_over_http(posted: Builds) -> None:
    for outcome, (run, verdict, _, _) in posted.builds.items():
        params = {"reference": posted.reference, "build": run, "margin": MARGIN}
        r = posted.api.get("/gate", params=params)
        assert r.status_code == 200, r.text
        body = r.json()
        assert body["outcome"] == outcome
        assert body["exit_code"] == {"pass": 0, "fail": 1, "undecided": 2}[outcome]
        assert [c["verdict"] for c in body["checks"]] == [verdict, None]
        r = posted.api.get("/gate", params={**params, "format": "markdown"})
        assert r.headers["content-type"].startswith("text/markdown")
        assert f"| mmlu | {verdict} |" in r.text
    by_name = posted.api.get("/gate", params={
        "reference": "reference", "build": "build-fail", "margin": MARGIN}).json()
    assert by_name["outcome"] == "fail"
    r = posted.api.get("/gate", params={
        "reference": posted.reference, "build": "no-such-model", "margin": MARGIN})
    assert r.status_code in (404, 422) and r.headers["content-type"] == \
        "application/problem+json"


def test_no_verdict_without_a_server(tmp_path: Path) -> None:
    done = _gate("--server", f"http://127.0.0.1:{free_port()}", "--reference", "1",
                 "--build", "2", "--margin", "0.02")
    assert done.returncode == 3 and "could not be asked" in done.stderr
    assert json.dumps(done.stdout) == '""'  # no summary where there is no verdict
