"""A posted BFCL set's bundle: `multiple` re-judged by bfcl-eval's own AST checker,
`irrelevance` by the absence of a decodable call, and `multi_turn_base` by bfcl-eval's
multi-turn checker with its calls read as literals instead of eval-ed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from app.bundles.signing import load_or_create
from app.config import Settings
from pocketeval_verify.cli import verify
from tests.support.bfcl_cases import ground_truth_arguments, ground_truth_turns
from tests.support.bundles import fetch_bundle, resign, unzipped, verified, zipped
from tests.support.databases import store_incidental

pytestmark = [pytest.mark.anyio, store_incidental]

DATA = ("BFCL_v4_multiple.json", "BFCL_v4_irrelevance.json")


def _rows(data_dir: Path, name: str, n: int) -> list[dict[str, Any]]:
    lines = (data_dir / "bfcl" / name).read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines[:n]]


async def _import(client: httpx.AsyncClient, data_dir: Path, rows: dict[str, list[Any]]
                  ) -> None:
    """The questions given, with their published answers and the function docs."""
    root = data_dir / "bfcl"
    parts = []
    for name, chosen in rows.items():
        parts.append(("file", (name, "\n".join(json.dumps(r) for r in chosen).encode())))
        answers = root / "possible_answer" / name
        if answers.is_file():
            ids = {r["id"] for r in chosen}
            kept = [line for line in answers.read_text(encoding="utf-8").splitlines()
                    if line and json.loads(line)["id"] in ids]
            parts.append(("file", (name, "\n".join(kept).encode())))
    parts += [("file", (p.name, p.read_bytes()))
              for p in sorted((root / "multi_turn_func_doc").glob("*.json"))]
    r = await client.post("/benchmarks/bfcl-v4/items:import", files=parts)
    assert r.status_code == 200, r.text[:1000]


def _predictions(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Multiple: the ground truth's call on even items, a wrong value on odd ones;
    irrelevance: no call, then a call; multi-turn: the ground truth."""
    out: list[dict[str, Any]] = []
    for n, item in enumerate(items):
        payload, ext = item["task"], item["external_id"]
        if item["subject"] == "multiple":
            (name, possible), = payload["ground_truth"][0].items()
            arguments = ground_truth_arguments(possible)
            if n % 2:
                arguments = {key: "not this" for key in arguments}
            out.append({"external_id": ext, "tool_calls": [
                {"name": name.replace(".", "_"), "arguments": json.dumps(arguments)}]})
        elif item["subject"] == "irrelevance":
            calls = [] if n % 2 else [{"name": "anything", "arguments": "{}"}]
            out.append({"external_id": ext, "response": "No tool fits.", "tool_calls": calls})
        else:
            out.append({"external_id": ext, "turns": ground_truth_turns(payload)})
    return out


async def test_a_posted_bfcl_set_verifies_with_the_official_ast_checker(
        client: httpx.AsyncClient, data_dir: Path, tmp_path: Path) -> None:
    await _import(client, data_dir, {name: _rows(data_dir, name, 6) for name in DATA})
    items = (await client.get("/benchmarks/bfcl-v4/items", params={"limit": 100})).json()[
        "items"]
    scored = await client.post("/benchmarks/bfcl-v4/score",
                               json={"predictions": _predictions(items)})
    assert scored.status_code == 200, scored.text
    counts = scored.json()["metrics"]["counts"]
    assert counts["correct"] and counts["wrong"]
    report = await verified(client, scored.json()["run_id"], tmp_path / "b.zip")
    assert report.checked["verdicts"] == 12


async def test_multi_turn_samples_are_judged_again_by_the_official_checker(
        client: httpx.AsyncClient, data_dir: Path, settings: Settings, tmp_path: Path) -> None:
    """Three conversations: the ground truth (correct), one with its last turn emptied
    (wrong), and one whose first turn is a call that does not decode (dropped: wrong).
    Then a flipped verdict and a first turn's calls removed, signed again."""
    name = "BFCL_v4_multi_turn_base.json"
    await _import(client, data_dir, {name: _rows(data_dir, name, 3)})
    items = (await client.get("/benchmarks/bfcl-v4/items")).json()["items"]
    predictions = _predictions(items)
    predictions[1]["turns"][-1] = [{"tool_calls": [], "content": "I cannot."}]
    predictions[2]["turns"][0] = [{"tool_calls": [{"name": "__import__", "arguments": "{"}]}]
    scored = await client.post("/benchmarks/bfcl-v4/score",
                               json={"predictions": predictions})
    assert scored.status_code == 200, scored.text
    counts = scored.json()["metrics"]["counts"]
    assert (counts["correct"], counts["wrong"]) == (1, 2)
    path = await fetch_bundle(client, scored.json()["run_id"], tmp_path / "b.zip")
    report, unjudged = verify(path, None)
    assert report.ok and unjudged == [], ([str(m) for m in report.mismatches], unjudged)
    assert report.checked["verdicts"] == 3

    files = unzipped(path)
    samples = [json.loads(line) for line in files["samples.jsonl"].splitlines()]
    right = next(i for i, s in enumerate(samples) if s["verdict"] == "correct")
    samples[right]["detail"]["turns"][0] = [{"tool_calls": [], "content": "Edited."}]
    wrong = next(i for i, s in enumerate(samples) if s["verdict"] == "wrong")
    samples[wrong]["verdict"], samples[wrong]["score"] = "correct", 1.0
    files["samples.jsonl"] = b"".join(json.dumps(s).encode() + b"\n" for s in samples)
    resign(files, load_or_create(settings.signing_key_path).private)
    report, _ = verify(zipped(files), None)
    named = [str(m) for m in report.mismatches]
    assert f"samples.jsonl: line {right + 1}: verdict: the bundle says 'correct', " \
        "recomputed 'wrong'" in named
    assert f"samples.jsonl: line {wrong + 1}: verdict: the bundle says 'correct', " \
        "recomputed 'wrong'" in named
