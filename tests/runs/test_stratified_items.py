"""A benchmark scored over its categories (BFCL: the mean of three) draws `limit` and
`sample` from each category, so a small run still has a score; the plan says how many each
category got."""

from __future__ import annotations

import random
from importlib import resources

import httpx
import pytest

from app.runs.item_order import even_shares
from tests.support.bfcl_cases import ground_truth_turns

pytestmark = pytest.mark.anyio


def test_even_shares() -> None:
    sizes = {"a": 10, "b": 1, "c": 10}
    assert even_shares(2, sizes) == {"a": 1, "b": 1, "c": 1}  # one each at least
    assert even_shares(7, sizes) == {"a": 3, "b": 1, "c": 3}  # b's short share goes on
    assert even_shares(8, sizes) == {"a": 4, "b": 1, "c": 3}
    assert even_shares(21, sizes) == sizes
    assert sum(even_shares(13, sizes).values()) == 13


async def test_a_limit_or_sample_on_bfcl_takes_every_category(client: httpx.AsyncClient
                                                               ) -> None:
    root = resources.files("bfcl_eval.data")
    files = [("file", (name.rsplit("/", 1)[-1], "\n".join(
        root.joinpath(name).read_text("utf-8").splitlines()[:4]).encode()))
        for name in ("BFCL_v4_multiple.json", "BFCL_v4_irrelevance.json",
                     "BFCL_v4_multi_turn_base.json", "possible_answer/BFCL_v4_multiple.json",
                     "possible_answer/BFCL_v4_multi_turn_base.json")]
    assert (await client.post("/benchmarks/bfcl-v4/items:import",
                              files=files)).status_code == 200
    items = (await client.get("/benchmarks/bfcl-v4/items", params={"limit": 100})).json()
    by_category: dict[str, list[int]] = {}
    for item in sorted(items["items"], key=lambda i: i["id"]):
        by_category.setdefault(item["subject"], []).append(item["id"])
    model = {"name": "m", "base_url": "http://127.0.0.1:9/v1"}

    async def plan(**body: object) -> dict[str, object]:
        r = await client.post("/runs", json={"model": model, "benchmarks": ["bfcl-v4"],
                                             "repeats": 1, **body})
        assert r.status_code == 202, r.text
        await client.post(f"/runs/{r.json()['id']}/cancel")
        bench: dict[str, object] = r.json()["plan"]["benchmarks"][0]
        return bench

    limited = await plan(limit=2)  # below the categories' count: one of each
    assert limited["strata"] == dict.fromkeys(by_category, 1)
    assert limited["item_ids"] == sorted(ids[0] for ids in by_category.values())
    limited = await plan(limit=7)
    counts = even_shares(7, {c: len(ids) for c, ids in by_category.items()})
    assert limited["strata"] == counts
    assert limited["item_ids"] == sorted(i for c, ids in by_category.items()
                                         for i in ids[:counts[c]])
    sampled = await plan(sample=5, seed=11)
    counts = even_shares(5, {c: len(ids) for c, ids in by_category.items()})
    rng = random.Random(11)
    assert sampled["strata"] == counts
    assert sampled["item_ids"] == sorted(i for c, ids in by_category.items()
                                         for i in rng.sample(ids, counts[c]))
    whole = await plan()
    assert whole["strata"] is None and len(whole["item_ids"]) == len(items["items"])

    # against a reference run: the reference's items, in its order, by category too
    preds = [{"external_id": i["external_id"], "turns": ground_truth_turns(i["task"])}
             if i["subject"] == "multi_turn_base" else
             {"external_id": i["external_id"], "tool_calls": []} for i in items["items"]]
    r = await client.post("/benchmarks/bfcl-v4/score", json={"model": "ref",
                                                             "predictions": preds})
    assert r.status_code == 200, r.text
    reference = r.json()["run_id"]
    samples = (await client.get(f"/runs/{reference}/samples", params={"limit": 1000})).json()
    order = [s["item_id"] for s in sorted(samples["samples"], key=lambda s: s["id"])]
    category = {i["id"]: i["subject"] for i in items["items"]}
    paired = await plan(reference_run=reference, limit=2)
    assert paired["strata"] == dict.fromkeys(by_category, 1)
    firsts = [next(i for i in order if category[i] == c) for c in by_category]
    assert paired["item_ids"] == [i for i in order if i in firsts]  # the reference's order
    paired = await plan(reference_run=reference, sample=5, seed=11)
    counts = even_shares(5, {c: len(ids) for c, ids in by_category.items()})
    assert paired["strata"] == counts
    rng, chosen = random.Random(11), set()
    for c in dict.fromkeys(category[i] for i in order):  # in the reference's order
        chosen |= set(rng.sample([i for i in order if category[i] == c], counts[c]))
    assert paired["item_ids"] == [i for i in order if i in chosen]
