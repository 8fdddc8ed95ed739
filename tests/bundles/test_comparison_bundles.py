"""A comparison's bundle: both runs' bundles verified in full, and every paired figure
(McNemar's exact p and Newcombe's interval for one repeat, the paired z-test and the
clustered intervals with repeats, the seeded bootstrap, Holm across benchmarks) recomputed
from their verdicts with scipy and numpy."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import httpx
import pytest

from app.bundles.signing import load_or_create
from app.config import Settings
from pocketeval_verify.cli import verify
from tests.support.bundles import resign, unzipped, zipped
from tests.support.databases import store_incidental
from tests.support.factories import mcq_rows

pytestmark = [pytest.mark.anyio, store_incidental]


async def _quiz(client: httpx.AsyncClient, name: str) -> list[dict[str, object]]:
    await client.post("/benchmarks", json={"name": name, "kind": "mcq"})
    rows = mcq_rows(10, subject="alpha") + mcq_rows(10, subject="beta", prefix="b")
    assert (await client.post(f"/benchmarks/{name}/items:import",
                              json={"items": rows})).status_code == 200
    items: list[dict[str, object]] = (await client.get(f"/benchmarks/{name}/items")).json()[
        "items"]
    return items


async def _posted(client: httpx.AsyncClient, bench: str, items: list[dict[str, object]],
                  model: str, wrong_every: int, repeats: int) -> int:
    preds = []
    for repeat in range(repeats):
        for i, it in enumerate(items):
            key = it["answers"][0]  # type: ignore[index]
            wrong = (i + repeat) % wrong_every == 0
            preds.append({"item_id": it["id"], "repeat": repeat,
                          "answer": ("A" if key != "A" else "B") if wrong else key})
    r = await client.post(f"/benchmarks/{bench}/score",
                          json={"model": model, "predictions": preds})
    assert r.status_code == 200, r.text
    run_id: int = r.json()["run_id"]
    return run_id


async def _two_models(client: httpx.AsyncClient) -> None:
    """Two models on two benchmarks: one repeat on "quiz", three on "drill"."""
    quiz, drill = await _quiz(client, "quiz"), await _quiz(client, "drill")
    for model, every in (("older", 3), ("newer", 4)):
        await _posted(client, "quiz", quiz, model, every, 1)
        await _posted(client, "drill", drill, model, every, 3)


async def _bundle(client: httpx.AsyncClient, path: Path, **query: object) -> Path:
    got = await client.get("/compare/bundle", params={"a": "older", "b": "newer",
                                                      "resamples": 500, "seed": 7, **query})
    assert got.status_code == 200, got.text
    path.write_bytes(got.content)
    return path


@pytest.fixture
async def compared(client: httpx.AsyncClient, tmp_path: Path) -> Path:
    await _two_models(client)
    return await _bundle(client, tmp_path / "comparison.zip")


async def test_a_comparison_bundle_verifies_with_both_runs(
        compared: Path, client: httpx.AsyncClient) -> None:
    key = str((await client.get("/signing-key")).json()["public_key_pem"]).encode()
    report, unjudged = verify(compared, key)
    assert report.ok, [str(m) for m in report.mismatches]
    assert unjudged == []
    assert report.checked["verdicts"] == 2 * (20 + 60)  # four runs, each verified in full
    # per benchmark: 7 exact and 8 close figures, 6 for each of its two subjects, Holm's p
    assert report.checked["paired figures"] == 2 * (7 + 8 + 2 * 6 + 1)
    with zipfile.ZipFile(compared) as archive:
        comparison = json.loads(archive.read("comparison.json"))
        assert len([n for n in archive.namelist() if n.startswith("runs/")]) == 4
    methods = {b["benchmark"]: b["p_method"] for b in comparison["benchmarks"]}
    assert methods == {"drill": "paired-z", "quiz": "mcnemar-exact"}


async def test_an_edited_paired_figure_is_named(compared: Path, settings: Settings) -> None:
    files = unzipped(compared)
    comparison = json.loads(files["comparison.json"])
    comparison["benchmarks"][0]["difference"] += 0.05
    files["comparison.json"] = json.dumps(comparison).encode()
    resign(files, load_or_create(settings.signing_key_path).private)
    report, _ = verify(zipped(files), None)
    name = comparison["benchmarks"][0]["benchmark"]
    assert [str(m).split(": the bundle")[0] for m in report.mismatches] == [
        f"comparison.json: {name}: difference"]


async def test_a_comparison_with_a_margin_recomputes_its_non_inferiority(
        client: httpx.AsyncClient, settings: Settings, tmp_path: Path) -> None:
    """With a margin and b as the reference: each benchmark's verdict, bounds, p-value (and
    Holm's across both), items needed, retention and flips recomputed; the Index's figures
    too, with no component on either side (no verdict)."""
    await _two_models(client)
    path = await _bundle(client, tmp_path / "margin.zip", margin=0.1, reference="b")
    report, unjudged = verify(path, None)
    assert report.ok and unjudged == [], [str(m) for m in report.mismatches]
    files = unzipped(path)
    comparison = json.loads(files["comparison.json"])
    reads = {b["benchmark"]: b["non_inferiority"] for b in comparison["benchmarks"]}
    assert {r["reference"] for r in reads.values()} == {"b"}
    assert reads["quiz"]["lost"] or reads["quiz"]["gained"]  # flips of one repeat, read
    assert comparison["index_non_inferiority"]["missing"]
    # per benchmark: 10 non-inferiority figures and their Holm's p; the Index's: what is
    # missing, both values and 5 figures absent; each side's Index: its value (none)
    assert report.checked["paired figures"] == 2 * (7 + 8 + 2 * 6 + 1) + 2 * 11 + 8 + 2

    quiz = next(i for i, b in enumerate(comparison["benchmarks"]) if b["benchmark"] == "quiz")
    comparison["benchmarks"][quiz]["non_inferiority"]["lost"] = []
    comparison["benchmarks"][quiz]["non_inferiority"]["gained"] = []
    files["comparison.json"] = json.dumps(comparison).encode()
    resign(files, load_or_create(settings.signing_key_path).private)
    report, _ = verify(zipped(files), None)
    named = {str(m).split(": the bundle")[0] for m in report.mismatches}
    assert named and named <= {"comparison.json: quiz: non_inferiority: lost",
                               "comparison.json: quiz: non_inferiority: gained"}
