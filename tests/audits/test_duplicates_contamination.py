"""Near-duplicates and contamination on real MMLU items: planted copies (exact, one word
changed, in another benchmark) and a corpus with five items planted in real unrelated text
(MATH-500 problems, IFBench prompts) are found; the rest is not flagged. The duplicate pairs
equal a brute-force exact Jaccard over every pair."""

from __future__ import annotations

import csv
import io
import itertools
import json
from pathlib import Path

import httpx
import pytest

from app.scoring.near_duplicates import jaccard
from app.scoring.text_ngrams import item_text, ngrams, words
from tests.support.databases import store_incidental

pytestmark = [pytest.mark.anyio, pytest.mark.data, store_incidental]
SUBJECTS = ("astronomy", "virology", "world_religions")


def _mmlu_rows(data_dir: Path) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for subject in SUBJECTS:
        path = data_dir / "mmlu" / "test" / f"{subject}_test.csv"
        for i, (q, a, b, c, d, key) in enumerate(csv.reader(io.StringIO(path.read_text()))):
            if key == "answer":  # the header
                continue
            rows.append({"id": f"{subject}-{i}", "question": q, "choices": [a, b, c, d],
                         "answer": key, "subject": subject})
    return rows


def _one_word_changed(text: str) -> str:
    tokens = text.split()
    tokens[len(tokens) // 2] = "zebra"
    return " ".join(tokens)


async def test_planted_duplicates_are_found(client: httpx.AsyncClient, data_dir: Path) -> None:
    rows = _mmlu_rows(data_dir)
    long_rows = [r for r in rows if len(str(r["question"]).split()) >= 25]
    exact, edited = long_rows[0], long_rows[1]
    planted = [{**exact, "id": "copy-exact"},
               {**edited, "id": "copy-edited", "question": _one_word_changed(
                   str(edited["question"]))}]
    r = await client.post("/benchmarks/mmlu/items:import", json={"items": rows + planted})
    assert r.status_code == 200, r.text
    await client.post("/benchmarks", json={"name": "other", "kind": "mcq"})
    foreign = {**long_rows[2], "id": "elsewhere"}
    assert (await client.post("/benchmarks/other/items:import",
                              json={"items": [foreign]})).status_code == 200
    r = await client.get("/benchmarks/mmlu/audits/duplicates",
                         params={"against": "other", "threshold": 0.7})
    assert r.status_code == 200, r.text
    body = r.json()
    found = {frozenset(i["external_id"] for i in c["items"]) for c in body["clusters"]}
    assert frozenset({exact["id"], "copy-exact"}) in found
    assert frozenset({edited["id"], "copy-edited"}) in found
    assert frozenset({long_rows[2]["id"], "elsewhere"}) in found
    # every reported cluster is made of pairs at or above the threshold, and no pair above
    # it is missed (brute force over every pair of the benchmark's items)
    items = (await client.get("/benchmarks/mmlu/items", params={"limit": 1000})).json()["items"]
    sets = {it["external_id"]: ngrams(words(item_text(it)), 3) for it in items}
    brute = {frozenset((a, b)) for a, b in itertools.combinations(sorted(sets), 2)
             if jaccard(sets[a], sets[b]) >= 0.7}
    linked = {frozenset(p) for c in body["clusters"] for p in itertools.combinations(
        [i["external_id"] for i in c["items"] if i["benchmark"] == "mmlu"], 2)}
    assert brute <= linked
    # every link is reported as a pair with its Jaccard, the same as brute force's
    by_id = {it["id"]: it["external_id"] for it in items}
    reported = {frozenset((by_id[p["a"]], by_id[p["b"]])): p["similarity"]
                for c in body["clusters"] for p in c["pairs"]
                if p["a"] in by_id and p["b"] in by_id}
    assert set(reported) == brute
    for pair, similarity in reported.items():
        a, b = sorted(pair)
        assert similarity == pytest.approx(jaccard(sets[a], sets[b]))
    assert all(min(p["similarity"] for p in c["pairs"]) == c["min_jaccard"]
               for c in body["clusters"])
    r = await client.post("/benchmarks/mmlu/audits/duplicates:derive",
                          json={"name": "mmlu-dedup", "against": ["other"]})
    assert r.status_code == 201, r.text
    dropped = set(r.json()["derivation"]["dropped"])
    assert {"copy-exact", "copy-edited", long_rows[2]["id"]} <= dropped
    assert exact["id"] not in dropped and edited["id"] not in dropped
    assert r.json()["items"] == len(rows) + 2 - len(dropped)


async def test_planted_contamination_is_found_and_clean_items_are_not(
        client: httpx.AsyncClient, data_dir: Path) -> None:
    rows = _mmlu_rows(data_dir)
    assert (await client.post("/benchmarks/mmlu/items:import",
                              json={"items": rows})).status_code == 200
    planted = [r for r in rows if len(str(r["question"]).split()) >= 20][:5]
    problems = [json.loads(line)["problem"] for line in
                (data_dir / "math500" / "test.jsonl").read_text().splitlines()[:200]]
    prompts = [json.loads(line)["prompt"] for line in
               (data_dir / "ifbench" / "IFBench_test.jsonl").read_text().splitlines()]
    def corpus(plant: bool) -> list[tuple[str, tuple[str, bytes]]]:
        documents = [{"text": p} for p in problems]
        forum = prompts[:100] + prompts[100:]
        if plant:
            for i, row in enumerate(planted[:3]):  # in JSONL documents, amid other text
                documents[10 * i]["text"] += f"\nAs seen in a quiz: {row['question']} Bye."
            forum = prompts[:100] + [str(r["question"]) for r in planted[3:]] + prompts[100:]
        jsonl = "".join(json.dumps(d) + "\n" for d in documents).encode()
        return [("files", ("web.jsonl", jsonl)), ("files", ("forum.txt",
                                                            "\n\n".join(forum).encode()))]

    r = await client.post("/benchmarks/mmlu/audits/contamination", files=corpus(False))
    assert r.status_code == 200 and r.json()["n_flagged"] == 0, r.text  # clean text
    r = await client.post("/benchmarks/mmlu/audits/contamination", files=corpus(True))
    assert r.status_code == 200, r.text
    body = r.json()
    flagged = {f["external_id"] for f in body["flagged"]}
    assert {str(r["id"]) for r in planted} <= flagged
    # the same verdict by brute force: an item is flagged when any 13-gram of it is in the
    # corpus (an item sharing a phrase with a planted one is rightly found too)
    corpus_grams: set[str] = set()
    for _field, (_name, data) in corpus(True):
        texts = ([json.loads(line)["text"] for line in data.decode().splitlines()]
                 if _name.endswith(".jsonl") else [data.decode()])
        for t in texts:
            corpus_grams |= ngrams(words(t), 13)
    expected = {str(r["id"]) for r in rows if len(words(item_text(r))) >= 13
                and ngrams(words(item_text(r)), 13) & corpus_grams}
    assert flagged == expected
    by_id = {str(r["id"]): ngrams(words(item_text(r)), 13) for r in rows}
    for f in body["flagged"]:
        grams = by_id[f["external_id"]]
        assert f["overlap"] == pytest.approx(len(grams & corpus_grams) / len(grams))
    assert body["corpus"][0]["documents"] == 200 and body["corpus"][1]["documents"] == 1
    assert body["n_probed"] < body["n_items"] == len(rows)  # short items are not probed
    bad = [("files", ("bad.jsonl", b'{"text": "fine"}\n{"oops": 1}\n'))]
    r = await client.post("/benchmarks/mmlu/audits/contamination", files=bad)
    assert r.status_code == 422 and "bad.jsonl line 2" in r.json()["detail"], r.text
