"""Exports: lm-evaluation-harness's output layout, read back with lm-eval's own helpers (file
names, task names, results table), and samples as CSV."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import zipfile
from pathlib import PurePosixPath

import httpx
import pytest
from lm_eval.utils import (
    get_file_datetime,
    get_file_task_name,
    get_results_filenames,
    get_sample_results_filenames,
    make_table,
)

from tests.support.factories import mcq_rows

pytestmark = pytest.mark.anyio


async def test_lm_eval_layout_and_csv(client: httpx.AsyncClient) -> None:
    await client.post("/benchmarks", json={"name": "quiz", "kind": "mcq"})
    await client.post("/benchmarks/quiz/items:import", json={"items": mcq_rows(10)})
    items = (await client.get("/benchmarks/quiz/items")).json()["items"]
    preds = [{"item_id": it["id"], "answer": it["answers"][0] if i < 7 else
              ("B" if it["answers"][0] == "A" else "A")} for i, it in enumerate(items)]
    run_id = (await client.post("/benchmarks/quiz/score", json={
        "model": "org/phone-model", "predictions": preds})).json()["run_id"]

    r = await client.get(f"/runs/{run_id}/export", params={"format": "lm-eval"})
    assert r.status_code == 200 and r.headers["content-type"] == "application/zip"
    archive = zipfile.ZipFile(io.BytesIO(r.content))
    names = archive.namelist()
    (results_name,) = get_results_filenames(names)
    (samples_name,) = get_sample_results_filenames(names)
    assert PurePosixPath(results_name).parent.name == "org__phone-model"  # lm-eval's rule
    sample_file = PurePosixPath(samples_name).name
    assert get_file_task_name(sample_file) == "quiz"
    assert get_file_datetime(sample_file) == get_file_datetime(
        PurePosixPath(results_name).name).removesuffix(".json")

    results = json.loads(archive.read(results_name))
    assert results["results"]["quiz"]["acc,none"] == 0.7
    metrics = (await client.get(f"/runs/{run_id}/results")).json()[0]["metrics"]
    assert results["results"]["quiz"]["acc_stderr,none"] == metrics["stderr"]
    assert results["n-samples"]["quiz"] == {"original": 10, "effective": 10}
    table = make_table(results)  # lm-eval's own results table renders our file
    (row,) = [line for line in table.splitlines() if line.startswith("|quiz")]
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert cells[4:] == ["acc", "↑", "0.7", "±", f"{metrics['stderr']:.4f}"]

    lines = [json.loads(line) for line in archive.read(samples_name).decode().splitlines()]
    assert len(lines) == 10 and sum(line["acc"] for line in lines) == 7
    first = lines[0]
    assert first["target"] == items[0]["answers"][0]
    assert first["doc_hash"] == hashlib.sha256(
        json.dumps(first["doc"], indent=2, ensure_ascii=False).encode()).hexdigest()
    assert first["target_hash"] == hashlib.sha256(first["target"].encode()).hexdigest()
    assert first["filtered_resps"] == [first["doc"]["answers"][0]]

    r = await client.get(f"/runs/{run_id}/export", params={"format": "csv"})
    rows = list(csv.DictReader(io.StringIO(r.text)))
    assert len(rows) == 10 and sum(float(row["score"]) for row in rows) == 7
    assert {row["benchmark"] for row in rows} == {"quiz"}
    assert (await client.get("/runs/999/export")).status_code == 404
