"""The OpenAPI document says what the server enforces: Schemathesis generates requests valid
by the document for every operation of a served process (its examples, then fuzzing) and
checks that none is refused as invalid (positive_data_acceptance: 2xx, 3xx, 401, 403, 404,
409, 429 and 5xx are answers a valid request may get; 400 and 422 are not).

What OpenAPI cannot state is listed in RELATIONS, each with the field its refusal must name:
a relation between two query parameters (exactly one of `runs` and `model`), a value that
must name a column of the same request, a callback URL whose host the server resolves, and
the content of an uploaded file. Every other refusal of a valid request fails the test, and
so does a listed one that names another field."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

import pytest

from tests.support.processes import ROOT
from tests.support.served import KEY, served

pytestmark = [pytest.mark.data, pytest.mark.needs("process")]
NOTIFY_HOST = "a notify URL's host resolves from the server (its example's does not)"
RELATIONS = {  # operation -> the fields a refusal of a valid request may name, and why
    "GET /index": ({"model", "runs"}, "give exactly one of runs and model"),
    "GET /leaderboard": ({"sort"}, "sort names a column of the board (`benchmarks`)"),
    "GET /benchmarks/{name}/audits/items": ({"models", "group"},
                                            "two distinct models; the group among them"),
    "POST /benchmarks/{name}/items:import": ({"file", "layout"},
                                             "the files' content; `layout` where their names "
                                             "do not tell it"),
    "POST /benchmarks/{name}/lm-eval:import": ({"file"}, "the files' content"),
    "POST /benchmarks/{name}/audits/options:expand": ({"file"}, "the file's content"),
    "POST /eligibility": ({"file"}, "an uploaded model file's content"),
    "GET /runs/{run_id}/audits/option-length": ({"tokenizer"},
                                                "a tokenizer exactly when the unit is tokens"),
    "GET /benchmarks/{name}/audits/option-length": ({"tokenizer"},
                                                    "a tokenizer exactly when the unit is "
                                                    "tokens"),
    "PUT /models/{name}/file": ({"file"}, "the model file's content"),
    "POST /runs": ({"notify.url"}, NOTIFY_HOST),
    "POST /evaluate": ({"notify.url"}, NOTIFY_HOST),
    "POST /benchmarks/{name}/score": ({"notify.url"}, NOTIFY_HOST),
}
PROBLEM = re.compile(r"\[(4\d\d)\][^`]*`(\{.*?\})`", re.S)


def _refusals(report: Path) -> dict[str, list[tuple[int, dict[str, object]]]]:
    """Operation -> (status, problem) of each valid request it refused."""
    out: dict[str, list[tuple[int, dict[str, object]]]] = {}
    for case in ElementTree.parse(report).getroot().iter("testcase"):
        for failure in case.iter("failure"):
            if "ST202" not in (failure.get("message") or "") + (failure.text or ""):
                continue
            found = [(int(status), json.loads(body))
                     for status, body in PROBLEM.findall(failure.text or "")]
            out.setdefault(case.get("name", "?"), []).extend(found or [(0, {})])
    return out


def _fields(problem: dict[str, object]) -> set[str]:
    # a file's line is named file:<name>:<line>
    named = {str(problem.get("field")).split(":")[0]} if problem.get("field") else set()
    errors = problem.get("errors")
    for error in errors if isinstance(errors, list) else []:
        parts = str(error.get("field", "")).split(".") if isinstance(error, dict) else []
        named |= {parts[1] if parts[:1] in (["query"], ["body"]) and len(parts) > 1
                  else parts[0]}
    return named


def test_requests_valid_by_the_document_are_accepted(tmp_path: Path) -> None:
    models = tmp_path / "models"
    models.mkdir()
    env = {"POCKETEVAL_MODEL_DIRS": str(models)}
    with served(tmp_path, env=env) as base:
        report = tmp_path / "junit.xml"
        done = subprocess.run(
            [sys.executable, "-m", "schemathesis.cli", "run", f"{base}/openapi.json",
             "--checks", "positive_data_acceptance", "--mode", "positive",
             "--phases", "examples,fuzzing", "--max-examples", "6", "--seed", "20261205",
             "--no-shrink", "--request-timeout", "120", "--workers", "1",
             "--header", f"Authorization: Bearer {KEY}", "--output-truncate", "false",
             "--report", "junit", "--report-junit-path", str(report)],
            capture_output=True, text=True, timeout=1200, cwd=tmp_path, check=False,
            env={**os.environ, "SCHEMATHESIS_HOOKS": "tests.support.schemathesis_hooks",
                 "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])})
        assert report.is_file(), done.stdout[-3000:] + done.stderr[-3000:]
    tested = {case.get("name") for case in ElementTree.parse(report).getroot()
              .iter("testcase")}
    assert len(tested) >= 50, tested  # every operation of the document, each one its case
    refused = _refusals(report)
    unlisted = {op: got for op, got in refused.items() if op not in RELATIONS}
    assert not unlisted, "\n".join(f"{op}: {got}" for op, got in unlisted.items())
    for op, got in refused.items():
        allowed, why = RELATIONS[op]
        for status, problem in got:
            assert status == 422 and _fields(problem) <= allowed, (op, why, status, problem)
