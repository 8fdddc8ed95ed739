"""Option-length audit: a benchmark's key lengths, and a model that always picks the longest
option (its longest-pick rate is 1.0 and its accuracy the share of items whose key is the
longest), each checked against counts made here."""

from __future__ import annotations

import random
from pathlib import Path

import httpx
import pytest
from statsmodels.stats.proportion import proportion_confint

from app.config import Settings
from tests.support.databases import store_incidental
from tests.support.factories import smollm2_folder
from tests.support.gguf_support import gguf_client

pytestmark = [pytest.mark.anyio, store_incidental]


def _rows(n: int, seed: int) -> list[dict[str, object]]:
    rng = random.Random(seed)
    rows = []
    for i in range(n):
        lengths = rng.sample(range(3, 40), 4)  # distinct: always one strictly longest
        choices = [("x" * k) + f" {j}" for j, k in enumerate(lengths)]
        rows.append({"id": f"q{i}", "question": f"Q{i}?", "choices": choices,
                     "answer": "ABCD"[rng.randrange(4)], "subject": "ab"[i % 2]})
    return rows


async def test_benchmark_and_longest_picking_model(client: httpx.AsyncClient) -> None:
    rows = _rows(60, 1)
    await client.post("/benchmarks", json={"name": "quiz", "kind": "mcq"})
    assert (await client.post("/benchmarks/quiz/items:import",
                              json={"items": rows})).status_code == 200
    audit = (await client.get("/benchmarks/quiz/audits/option-length")).json()
    longest = ["ABCD"[max(range(4), key=lambda j, r=r: len(r["choices"][j]))] for r in rows]
    key_longest = [r["answer"] == lo for r, lo in zip(rows, longest, strict=True)]
    assert audit["overall"]["key_longest_rate"] == sum(key_longest) / 60
    keys = [r["choices"]["ABCD".index(r["answer"])] for r in rows]
    assert audit["overall"]["key_mean_chars"] == pytest.approx(sum(map(len, keys)) / 60)
    rule = [all(len(c) >= len(k) for c in r["choices"] if c != k)
            for r, k in zip(rows, keys, strict=True)]
    assert audit["overall"]["rule_satisfied_rate"] == pytest.approx(sum(rule) / 60)
    assert audit["overall"]["satisfies_rule"] is all(rule)
    assert [s["subject"] for s in audit["subjects"]] == ["a", "b"]
    assert sum(s["n_items"] for s in audit["subjects"]) == 60

    items = (await client.get("/benchmarks/quiz/items", params={"limit": 100})).json()["items"]
    by_ext = {r["id"]: lo for r, lo in zip(rows, longest, strict=True)}
    preds = [{"item_id": it["id"], "answer": by_ext[it["external_id"]]} for it in items]
    run_id = (await client.post("/benchmarks/quiz/score", json={
        "model": "longest", "predictions": preds})).json()["run_id"]
    got = (await client.get(f"/runs/{run_id}/audits/option-length")).json()
    assert got["longest_pick_rate"] == 1.0
    metrics = (await client.get(f"/runs/{run_id}/results")).json()[0]["metrics"]
    assert metrics["accuracy"] == pytest.approx(sum(key_longest) / 60)
    assert got["key_longest_rate"] == metrics["accuracy"]
    assert got["accuracy_key_longest"] == 1.0 and got["accuracy_rest"] == 0.0
    low, high = proportion_confint(sum(key_longest), sum(key_longest), method="wilson")
    assert (got["ci95_key_longest"]["low"], got["ci95_key_longest"]["high"]) == \
        pytest.approx((low, high))

    first = [{"item_id": it["id"], "answer": "A"} for it in items]
    run_a = (await client.post("/benchmarks/quiz/score", json={
        "model": "first", "predictions": first})).json()["run_id"]
    got = (await client.get(f"/runs/{run_a}/audits/option-length")).json()
    assert got["longest_pick_rate"] == pytest.approx(longest.count("A") / 60)


async def test_benchmarks_without_options_are_refused(client: httpx.AsyncClient) -> None:
    await client.post("/benchmarks", json={"name": "free", "kind": "freeform"})
    await client.post("/benchmarks/free/items:import", json={"items": [
        {"id": "f1", "question": "Capital of France?", "answer": "Paris"}]})
    r = await client.get("/benchmarks/free/audits/option-length")
    assert r.status_code == 409 and r.headers["content-type"] == "application/problem+json"


@pytest.mark.needs("llama_cpp")
async def test_lengths_in_a_gguf_tokenizers_tokens(settings: Settings, tmp_path: Path) -> None:
    import llama_cpp

    models = smollm2_folder(tmp_path / "models")
    # the key is longest in characters but shortest in tokens: one rare long word against
    # distractors of many short ones; padding white space is not length
    rows = [{"id": f"q{i}", "question": f"Q{i}?", "answer": "A", "subject": "s",
             "choices": ["  internationalization  ", "a b c d e f g", "1 2 3 4 5 6",
                         "x y z"]} for i in range(4)]
    rows.append({"id": "q9", "question": "Q9?", "answer": "B", "subject": "s",
                 "choices": ["one two three four five six", "yes", "no", "maybe so"]})
    tokenizer = llama_cpp.Llama(str(models / "smollm2.gguf"), vocab_only=True, n_ctx=8,
                                verbose=False)

    def tokens(text: str) -> int:
        return len(tokenizer.tokenize(text.strip().encode(), add_bos=False, special=False))

    async with gguf_client(settings, models) as client:
        await client.post("/benchmarks", json={"name": "words", "kind": "mcq"})
        assert (await client.post("/benchmarks/words/items:import",
                                  json={"items": rows})).status_code == 200
        r = await client.get("/benchmarks/words/audits/option-length",
                             params={"tokenizer": "smollm2.gguf"})
        assert r.status_code == 200, r.text
        audit = r.json()
        assert audit["tokenizer"] == "smollm2.gguf"
        units = {u["unit"]: u for u in audit["overall"]["units"]}
        assert set(units) == {"chars", "words", "tokens"}
        keys = [r["choices"]["AB".index(str(r["answer"]))] for r in rows]
        others = [c for r, k in zip(rows, keys, strict=True) for c in r["choices"] if c != k]
        assert units["chars"]["key_mean"] == pytest.approx(
            sum(len(k.strip()) for k in keys) / 5)
        assert units["tokens"]["key_mean"] == pytest.approx(sum(map(tokens, keys)) / 5)
        assert units["tokens"]["distractor_mean"] == pytest.approx(
            sum(map(tokens, others)) / len(others))
        longest = [max(range(4), key=lambda j, r=r: tokens(r["choices"][j])) for r in rows]
        assert units["tokens"]["key_longest_rate"] == pytest.approx(
            sum(lo == "AB".index(str(r["answer"])) for lo, r in zip(longest, rows,
                                                                    strict=True)) / 5)
        assert units["chars"]["key_longest_rate"] == pytest.approx(4 / 5)
        assert units["tokens"]["key_longest_rate"] < units["chars"]["key_longest_rate"]

        items = (await client.get("/benchmarks/words/items")).json()["items"]
        run_id = (await client.post("/benchmarks/words/score", json={
            "model": "first", "predictions": [{"item_id": it["id"], "answer": "A"}
                                              for it in items]})).json()["run_id"]
        r = await client.get(f"/runs/{run_id}/audits/option-length",
                             params={"unit": "tokens", "tokenizer": "smollm2.gguf"})
        assert r.status_code == 200, r.text
        assert r.json()["longest_pick_rate"] == pytest.approx(
            sum(lo == 0 for lo in longest) / 5)
        for params, field in (({"tokenizer": "../../etc/passwd"}, "tokenizer"),
                              ({"unit": "tokens"}, "tokenizer")):
            bad = await client.get(f"/runs/{run_id}/audits/option-length", params=params)
            assert bad.status_code in (404, 422), bad.text
            assert bad.headers["content-type"] == "application/problem+json"
            assert bad.json()["field"] == field
