"""Deriving a subset by rules over several models' runs (the Mobile-MMLU-Pro recipe): the
kept items equal an independent computation from the posted answers."""

from __future__ import annotations

import random
from collections import Counter

import httpx
import pytest

from tests.support.factories import mcq_rows

pytestmark = pytest.mark.anyio
EASY, HARD = ["s1", "s2"], ["l1", "l2", "l3"]


async def _posted(client: httpx.AsyncClient) -> tuple[list[dict[str, object]],
                                                      dict[str, list[str]]]:
    await client.post("/benchmarks", json={"name": "quiz", "kind": "mcq"})
    rows = mcq_rows(30) + [{**r, "split": "dev"} for r in mcq_rows(3, prefix="d")]
    assert (await client.post("/benchmarks/quiz/items:import",
                              json={"items": rows})).status_code == 200
    items = (await client.get("/benchmarks/quiz/items",
                              params={"split": "test", "limit": 100})).json()["items"]
    rng = random.Random(5)
    picked: dict[str, list[str]] = {}
    for model, skill in zip(EASY + HARD, (0.8, 0.85, 0.5, 0.6, 0.7), strict=True):
        picked[model] = [it["answers"][0] if rng.random() < skill else rng.choice("ABCD")
                         for it in items]
        r = await client.post("/benchmarks/quiz/score", json={"model": model, "predictions": [
            {"item_id": it["id"], "answer": a}
            for it, a in zip(items, picked[model], strict=True)]})
        assert r.status_code == 200, r.text
    return items, picked


async def test_rules_drop_exactly_what_they_say(client: httpx.AsyncClient) -> None:
    items, picked = await _posted(client)
    r = await client.post("/benchmarks/quiz:derive", json={"name": "quiz-pro", "rules": [
        {"drop": "all-correct", "group": EASY},
        {"drop": "disagreement", "group": HARD, "below": 0.6}]})
    assert r.status_code == 201, r.text
    body = r.json()
    expected_drop = set()
    for j, it in enumerate(items):
        key = it["answers"][0]
        if all(picked[m][j] == key for m in EASY):
            expected_drop.add(it["external_id"])
        votes = Counter(picked[m][j] for m in HARD)
        if votes.most_common(1)[0][1] / len(HARD) < 0.6:
            expected_drop.add(it["external_id"])
    assert 0 < len(expected_drop) < 30
    assert body["parent"] == "quiz"
    assert body["derivation"]["dropped"] == sorted(expected_drop)
    assert body["derivation"]["method"] == "item-rules"
    assert set(body["derivation"]["runs"]) == set(EASY + HARD)
    assert body["derivation"]["rules"][0].startswith("drop items every model of [s1, s2] "
                                                     "answers correctly: ")
    assert {s["split"]: s["items"] for s in body["splits"]} == {
        "dev": 3, "test": 30 - len(expected_drop)}
    kept = (await client.get("/benchmarks/quiz-pro/items",
                             params={"split": "test", "limit": 100})).json()["items"]
    assert {it["external_id"] for it in kept} == \
        {it["external_id"] for it in items} - expected_drop
    # the derived version is scored like its parent
    r = await client.post("/benchmarks/quiz-pro/score", json={"model": "s1", "predictions": [
        {"item_id": it["id"], "answer": it["answers"][0]} for it in kept]})
    assert r.status_code == 200 and r.json()["metrics"]["accuracy"] == 1.0, r.text


async def test_bad_rules_are_refused_naming_the_field(client: httpx.AsyncClient) -> None:
    await _posted(client)
    r = await client.post("/benchmarks/quiz:derive", json={"name": "x", "rules": [
        {"drop": "all-correct", "group": ["nobody"]}]})
    assert r.status_code == 404 and r.json()["field"] == "rules[0].group", r.text
    r = await client.post("/benchmarks/quiz:derive", json={"name": "x", "rules": [
        {"drop": "low-discrimination", "group": EASY}]})
    assert r.status_code == 422 and "three models" in r.text
    r = await client.post("/benchmarks/quiz:derive", json={"name": "quiz", "rules": [
        {"drop": "all-wrong", "group": EASY}]})
    assert r.status_code == 409
    r = await client.post("/benchmarks/quiz:derive", json={"name": "Bad Name", "rules": [
        {"drop": "all-wrong", "group": EASY}]})
    assert r.status_code == 422
    listed = (await client.get("/benchmarks")).json()
    assert [b["name"] for b in listed].count("x") == 0
