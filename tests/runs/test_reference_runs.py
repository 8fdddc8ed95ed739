"""A GGUF run against a reference run: it takes the reference's items in the reference's
order, paired, and stops at the first look whose paired z crosses the group-sequential
boundary, with the looks, the boundary and the items it used recorded. The z and the
boundaries are recomputed with scipy and numpy (tests/support/sequential_reference.py)."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import httpx
import pytest

from app.config import Settings
from tests.support import sequential_reference as ref
from tests.support.databases import on_sqlite_only
from tests.support.factories import mcq_rows, smollm2_folder, wait_run
from tests.support.gguf_support import gguf_client

pytestmark = [pytest.mark.anyio, pytest.mark.needs("llama_cpp")]
ITEMS, MARGIN = 40, 0.15


@on_sqlite_only
async def test_a_run_against_its_reference_stops_once_decided(settings: Settings,
                                                             tmp_path: Path) -> None:
    folder = smollm2_folder(tmp_path / "models")
    async with gguf_client(settings, folder) as client:
        await client.post("/benchmarks", json={"name": "quiz", "kind": "mcq"})
        await client.post("/benchmarks/quiz/items:import", json={"items": mcq_rows(ITEMS)})
        model = {"name": "smollm2-q4", "path": "smollm2.gguf"}
        r = await client.post("/runs", json={"model": {**model, "name": "smollm2-ref"},
                                             "benchmarks": ["quiz"], "seed": 3})
        assert r.status_code == 202, r.text
        reference = r.json()["id"]
        assert (await wait_run(client, reference))["status"] == "finished"
        ref_samples = (await client.get(f"/runs/{reference}/samples",
                                        params={"limit": 1000})).json()["samples"]
        ref_order = [s["item_id"] for s in sorted(ref_samples, key=lambda s: s["id"])]

        body = {"model": model, "benchmarks": ["quiz"], "reference_run": reference,
                "stop_when": {"decided": {"margin": MARGIN}}}
        r = await client.post("/runs", json=body)
        assert r.status_code == 202, r.text
        assert r.json()["plan"]["order"] == "stored"
        status = await wait_run(client, r.json()["id"])
        assert status["status"] == "finished", status.get("error")
        run = (await client.get(f"/runs/{r.json()['id']}")).json()
        samples = (await client.get(f"/runs/{run['id']}/samples",
                                    params={"limit": 1000})).json()["samples"]

    sequential, early = run["runtime"]["sequential"], run["runtime"]["early_stop"]
    # the same model on the same items agrees item for item: non-inferior before the end
    assert sequential["verdict"] == "non-inferior" and early["reason"] == "decided"
    used = sequential["items_used"]
    assert used < ITEMS and sequential["items_planned"] == ITEMS
    # the items used are the reference's first ones, in its order; the samples in flight
    # when the verdict came (one evaluated and one queued behind the worker) finish too
    (items_run,) = early["items_run"].values()
    topology = run["runtime"]["topology"]
    in_flight = topology["workers"] * (topology["sequences"] + 1)
    assert items_run[:used] == ref_order[:used]
    assert used <= len(items_run) <= used + in_flight - 1
    assert set(ref_order[:used]) <= {s["item_id"] for s in samples}
    # every look recomputed here: the boundary at its fractions, z over its items, and the
    # verdict: none at the looks before the last, non-inferior at the last
    looks = sequential["looks"]
    critical = ref.boundaries([look["fraction"] for look in looks], 0.025)
    reference_scores: defaultdict[int, list[float]] = defaultdict(list)
    build_scores: defaultdict[int, list[float]] = defaultdict(list)
    for s in ref_samples:
        reference_scores[s["item_id"]].append(s["score"])
    for s in samples:
        build_scores[s["item_id"]].append(s["score"])
    for k, (look, c) in enumerate(zip(looks, critical, strict=True)):
        assert look["critical"] == pytest.approx(c, abs=2e-3)
        assert look["fraction"] == look["items"] / ITEMS
        items = ref_order[:look["items"]]
        z = ref.z_statistic([build_scores[i] for i in items],
                            [sum(reference_scores[i]) / len(reference_scores[i])
                             for i in items], MARGIN)
        assert look["z"] == pytest.approx(z, rel=1e-9, abs=1e-12)
        assert abs(abs(z) - c) > 2e-3  # the app's boundary and this one decide alike
        last = k == len(looks) - 1
        assert ref.decision(z, c, last=False) == ("non-inferior" if last else None)
    assert looks[-1]["items"] == used


@on_sqlite_only
async def test_a_decided_stop_needs_a_finished_reference_of_one_benchmark(
        client: httpx.AsyncClient) -> None:
    await client.post("/benchmarks", json={"name": "quiz", "kind": "mcq"})
    await client.post("/benchmarks/quiz/items:import", json={"items": mcq_rows(12)})
    body = {"model": {"name": "m", "base_url": "http://127.0.0.1:9/v1"},
            "benchmarks": ["quiz"], "stop_when": {"decided": {"margin": 0.02}}}
    r = await client.post("/runs", json=body)
    assert r.status_code == 422 and r.json()["field"] == "stop_when.decided", r.text
    r = await client.post("/runs", json={**body, "reference_run": 999})
    assert r.status_code == 404 and r.json()["field"] == "reference_run", r.text
    r = await client.post("/runs", json={**body, "stop_when": {"decided": {"margin": 0}}})
    assert r.status_code == 422 and "margin" in r.text
