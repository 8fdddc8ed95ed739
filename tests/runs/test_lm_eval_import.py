"""lm-eval `--log_samples` files (written here as lm-eval writes them, with its own
sanitize_list) scored as posted predictions: matched by question text, unmatched counted,
multiple-choice by the best log-likelihood, shuffled options mapped by their text."""

from __future__ import annotations

import csv
import io
import json
import random
import zipfile
from pathlib import Path

import httpx
import pytest
from lm_eval.utils import sanitize_list

from tests.support.factories import mcq_rows

pytestmark = pytest.mark.anyio


def _line(doc_id: int, doc: dict[str, object], logliks: list[float]) -> str:
    resps = [[(ll, False)] for ll in logliks]  # one loglikelihood request per option
    return json.dumps({"doc_id": doc_id, "doc": doc, "target": doc.get("answer"),
                       "arguments": {}, "resps": sanitize_list(resps),
                       "filtered_resps": sanitize_list([r[0] for r in resps]),
                       "filter": "none", "metrics": ["acc"], "acc": 0.0})


async def test_samples_are_matched_and_scored(client: httpx.AsyncClient) -> None:
    await client.post("/benchmarks", json={"name": "quiz", "kind": "mcq"})
    rows = mcq_rows(6)
    assert (await client.post("/benchmarks/quiz/items:import",
                              json={"items": rows})).status_code == 200
    lines = []
    right = 0
    for i, row in enumerate(rows[:5]):
        key = "ABCD".index(row["answer"])
        pick = key if i % 2 == 0 else (key + 1) % 4
        right += pick == key
        choices = list(row["choices"])
        logliks = [-3.0] * 4
        if i == 4:  # options shown in another order, as lm-eval's GPQA shuffles them
            choices = choices[::-1]
            logliks[3 - pick] = -0.5
        else:
            logliks[pick] = -0.5
        doc = {"question": f"  {row['question']} ", "subject": "alpha", "choices": choices,
               "answer": key}
        lines.append(_line(i, doc, logliks))
    lines.append(_line(9, {"question": "Not in this benchmark?", "choices": ["a", "b"]},
                       [-1.0, -2.0]))
    files = [("file", ("samples_quiz_2026-12-01T10-00-00.jsonl", "\n".join(lines).encode()))]
    r = await client.post("/benchmarks/quiz/lm-eval:import", files=files,
                          data={"model": "lm-eval-run"})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["samples"] == 6 and body["mapped"] == 5 and body["unmapped"] == 1
    assert "doc_id 9" in body["unmapped_examples"][0]
    metrics = body["score"]["metrics"]
    assert metrics["accuracy"] == right / 5 and metrics["n_items"] == 5
    assert body["score"]["model"] == "lm-eval-run"

    bad = [("file", ("samples_quiz_x.jsonl", b'{"doc_id": 1}\n'))]
    r = await client.post("/benchmarks/quiz/lm-eval:import", files=bad)
    assert r.status_code == 422 and r.json()["field"] == "file:samples_quiz_x.jsonl:1"


async def test_our_own_export_round_trips(client: httpx.AsyncClient) -> None:
    await client.post("/benchmarks", json={"name": "quiz", "kind": "mcq"})
    await client.post("/benchmarks/quiz/items:import", json={"items": mcq_rows(8)})
    items = (await client.get("/benchmarks/quiz/items")).json()["items"]
    preds = [{"item_id": it["id"], "answer": it["answers"][0] if i < 5 else
              ("B" if it["answers"][0] == "A" else "A")} for i, it in enumerate(items)]
    run_id = (await client.post("/benchmarks/quiz/score", json={"predictions": preds})
              ).json()["run_id"]
    archive = zipfile.ZipFile(io.BytesIO((await client.get(f"/runs/{run_id}/export")).content))
    (name,) = [n for n in archive.namelist() if "/samples_" in n]
    files = [("file", (name.rsplit("/", 1)[-1], archive.read(name)))]
    r = await client.post("/benchmarks/quiz/lm-eval:import", files=files)
    assert r.status_code == 200, r.text
    assert r.json()["mapped"] == 8
    assert r.json()["score"]["metrics"]["accuracy"] == 5 / 8


@pytest.mark.data
async def test_a_real_mmlu_run_maps_every_sample(client: httpx.AsyncClient,
                                                 data_dir: Path) -> None:
    """lm-eval's MMLU samples as it writes them (doc: question, subject, choices, answer;
    doc_id the row in the subject's test split) over real subjects, college physics among
    them, which repeats 18 questions (11 with the same options, the others reordered): every
    sample maps to its own row, and the accuracy is the one lm-eval's picks give."""
    subjects = ["college_physics", "abstract_algebra", "astronomy"]
    files = [("file", (p.name, p.read_bytes())) for s in subjects
             for p in (data_dir / "mmlu" / "test" / f"{s}_test.csv",)]
    assert (await client.post("/benchmarks/mmlu/items:import", files=files)).status_code == 200
    rng = random.Random(285)
    lines, right, n = [], 0, 0
    picks: dict[str, int] = {}
    for subject in subjects:
        with (data_dir / "mmlu" / "test" / f"{subject}_test.csv").open(
                newline="", encoding="utf-8") as fh:
            rows = list(csv.reader(fh))[1:]
        for doc_id, row in enumerate(rows):
            key, pick = int(row[5]), rng.randrange(4)
            logliks = [-2.0 - rng.random() for _ in range(4)]
            logliks[pick] = -0.1
            doc = {"question": row[0], "subject": subject, "choices": row[1:5], "answer": key}
            lines.append(_line(doc_id, doc, logliks))
            picks[f"{subject}/test/{doc_id}"] = pick
            right += pick == key
            n += 1
    files = [("file", ("samples_mmlu_2026-12-03T10-00-00.jsonl", "\n".join(lines).encode()))]
    r = await client.post("/benchmarks/mmlu/lm-eval:import", files=files,
                          data={"model": "lm-eval-mmlu"})
    assert r.status_code == 200, r.text
    body = r.json()
    assert (body["samples"], body["mapped"], body["unmapped"]) == (n, n, 0)
    assert body["score"]["metrics"]["accuracy"] == right / n
    samples = (await client.get(f"/runs/{body['score']['run_id']}/samples",
                                params={"limit": 1000})).json()["samples"]
    assert {s["external_id"]: "ABCD".index(s["answer"]) for s in samples} == picks
