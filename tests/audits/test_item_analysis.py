"""Item analysis across models: difficulty, discrimination (against scipy's point-biserial on
the corrected totals) and group agreement, from posted predictions of six models."""

from __future__ import annotations

import random

import httpx
import numpy as np
import pytest
from scipy.stats import pointbiserialr

from tests.support.factories import mcq_rows

pytestmark = pytest.mark.anyio
MODELS = [f"m{i}" for i in range(6)]


async def test_item_statistics_equal_an_independent_computation(
        client: httpx.AsyncClient) -> None:
    await client.post("/benchmarks", json={"name": "quiz", "kind": "mcq"})
    rows = mcq_rows(20, subject="alpha") + mcq_rows(20, subject="beta", prefix="b")
    assert (await client.post("/benchmarks/quiz/items:import",
                              json={"items": rows})).status_code == 200
    items = (await client.get("/benchmarks/quiz/items", params={"limit": 100})).json()["items"]
    rng = random.Random(8)
    right: dict[str, list[bool]] = {}
    picked: dict[str, list[str]] = {}
    for skill, model in zip((0.2, 0.35, 0.5, 0.6, 0.75, 0.9), MODELS, strict=True):
        right[model] = [rng.random() < skill for _ in items]
        picked[model] = [it["answers"][0] if ok else rng.choice(
            [x for x in "ABCD" if x != it["answers"][0]])
            for it, ok in zip(items, right[model], strict=True)]
        preds = [{"item_id": it["id"], "answer": a}
                 for it, a in zip(items, picked[model], strict=True)]
        r = await client.post("/benchmarks/quiz/score", json={"model": model,
                                                              "predictions": preds})
        assert r.status_code == 200, r.text
    r = await client.get("/benchmarks/quiz/audits/items",
                         params={"models": ",".join(MODELS), "group": "m4,m5"})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["n_items"] == 40 and set(body["runs"]) == set(MODELS)
    score = np.array([[float(x) for x in right[m]] for m in MODELS])  # models x items
    totals = score.sum(axis=1)
    index = {it["id"]: j for j, it in enumerate(items)}
    for row in body["items"]:
        j = index[row["item_id"]]
        assert row["difficulty"] == pytest.approx(score[:, j].mean(), abs=1e-12)
        rest = (totals - score[:, j]) / (len(items) - 1)
        if score[:, j].std() == 0:
            assert row["discrimination"] is None
        else:
            assert row["discrimination"] == pytest.approx(
                pointbiserialr(score[:, j], rest).statistic, abs=1e-9)
        group = [picked["m4"][j], picked["m5"][j]]
        assert row["agreement"] == (1.0 if group[0] == group[1] else 0.5)
    alpha = [row for row in body["items"] if row["subject"] == "alpha"]
    assert body["subjects"][0]["mean_difficulty"] == pytest.approx(
        sum(r["difficulty"] for r in alpha) / len(alpha))

    r = await client.get("/benchmarks/quiz/audits/items", params={"models": "m0"})
    assert r.status_code == 422  # the document's pattern: two names at least
    assert [e["field"] for e in r.json()["errors"]] == ["query.models"]
    r = await client.get("/benchmarks/quiz/audits/items", params={"models": "m0,m0"})
    assert r.status_code == 422 and r.json()["field"] == "models"  # two, and distinct
    r = await client.get("/benchmarks/quiz/audits/items",
                         params={"models": "m0,m1", "group": "m9"})
    assert r.status_code == 422 and r.json()["field"] == "group"
