"""Real MMLU and MMLU-Pro files: exact counts; scores equal an independent computation."""

from __future__ import annotations

import csv
import random
import statistics
from pathlib import Path

import httpx
import pytest

pytestmark = [pytest.mark.anyio, pytest.mark.data]


def _mmlu_files(data_dir: Path) -> list[tuple[str, tuple[str, bytes]]]:
    files = sorted((data_dir / "mmlu").glob("*/*.csv"))
    return [("file", (p.name, p.read_bytes())) for p in files]


async def test_mmlu_counts_and_independent_micro_macro(client: httpx.AsyncClient,
                                                       data_dir: Path) -> None:
    r = await client.post("/benchmarks/mmlu/items:import", files=_mmlu_files(data_dir))
    assert r.status_code == 200, r.text
    assert r.json()["splits"] == {"dev": 285, "test": 14042}
    assert r.json()["subjects"] == 57  # not split x subject
    bench = (await client.get("/benchmarks/mmlu")).json()
    test_subjects = [s for s in bench["subjects"] if s["split"] == "test"]
    assert len(test_subjects) == 57 and sum(s["items"] for s in test_subjects) == 14042

    # Independent key straight from the CSV files (header row, 0-based index answers).
    key: dict[str, tuple[str, str]] = {}
    for path in sorted((data_dir / "mmlu" / "test").glob("*_test.csv")):
        subject = path.name.removesuffix("_test.csv")
        with path.open(newline="", encoding="utf-8") as fh:
            rows = list(csv.reader(fh))[1:]
        for i, row in enumerate(rows):
            key[f"{subject}/test/{i}"] = (subject, "ABCD"[int(row[5])])
    assert len(key) == 14042

    rng = random.Random(11)
    predictions, chosen = [], {}
    for ext, (_subject, gold) in key.items():
        roll = rng.random()
        if roll < 0.05:
            continue  # missing
        letter = gold if roll < 0.55 else rng.choice("ABCD")
        chosen[ext] = letter
        if roll < 0.3:
            predictions.append({"external_id": ext, "response": f"Reasoning...\nAnswer: {letter}"})
        else:
            predictions.append({"external_id": ext, "answer": letter})
    r = await client.post("/benchmarks/mmlu/score", json={"predictions": predictions,
                                                          "model": "rng-11"})
    assert r.status_code == 200, r.text
    m = r.json()["metrics"]

    correct = {ext: chosen.get(ext) == gold for ext, (_s, gold) in key.items()}
    micro = sum(correct.values()) / len(key)
    by_subject: dict[str, list[bool]] = {}
    for ext, (subject, _gold) in key.items():
        by_subject.setdefault(subject, []).append(correct[ext])
    macro = statistics.mean(sum(v) / len(v) for v in by_subject.values())
    assert m["n_items"] == 14042 and m["split"] == "test"
    assert abs(m["accuracy"] - micro) < 1e-9
    assert abs(m["macro_accuracy"] - macro) < 1e-9
    assert abs(m["random_baseline"] - 0.25) < 1e-12
    assert abs(m["normalized_gain"] - (micro - 0.25) / 0.75) < 1e-9
    assert m["counts"]["missing"] == 14042 - len(predictions)
    assert m["counts"]["correct"] == sum(correct.values())
    per_subject = {s["subject"]: s["accuracy"] for s in m["subjects"]}
    assert all(abs(per_subject[s] - sum(v) / len(v)) < 1e-9 for s, v in by_subject.items())

    run_id = r.json()["run_id"]
    wrong = (await client.get(f"/runs/{run_id}/samples", params={"verdict": "wrong",
                                                                 "limit": 1000})).json()
    assert all(s["verdict"] == "wrong" for s in wrong["samples"])
    assert wrong["next_cursor"] is not None
    results = (await client.get(f"/runs/{run_id}/results")).json()
    assert results[0]["metrics"]["accuracy"] == m["accuracy"]


async def test_mmlu_pro_counts_and_baseline(client: httpx.AsyncClient, data_dir: Path) -> None:
    import pyarrow.parquet as pq

    files = sorted((data_dir / "mmlu_pro").glob("*.parquet"))
    r = await client.post("/benchmarks/mmlu-pro/items:import",
                          files=[("file", (p.name, p.read_bytes())) for p in files])
    assert r.status_code == 200, r.text
    assert r.json()["splits"] == {"test": 12032, "validation": 70}

    table = pq.read_table(data_dir / "mmlu_pro" / "test-00000-of-00001.parquet").to_pylist()
    golds = {str(row["question_id"]): row["answer"] for row in table}
    predictions = [{"external_id": qid, "answer": "A"} for qid in golds]
    m = (await client.post("/benchmarks/mmlu-pro/score",
                           json={"predictions": predictions})).json()["metrics"]
    assert len(m["subjects"]) == 14
    baseline = statistics.mean(1 / len(row["options"]) for row in table)
    assert abs(m["random_baseline"] - baseline) < 1e-12
    assert abs(m["accuracy"] - sum(g == "A" for g in golds.values()) / len(golds)) < 1e-12
