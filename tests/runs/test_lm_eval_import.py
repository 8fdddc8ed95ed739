"""lm-eval `--log_samples` files (written here as lm-eval writes them, with its own
sanitize_list) scored as posted predictions: matched by question text, unmatched counted,
multiple-choice by the best log-likelihood, shuffled options mapped by their text."""

from __future__ import annotations

import io
import json
import zipfile

import httpx
import pytest
from lm_eval.utils import sanitize_list

from tests.factories import mcq_rows

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
