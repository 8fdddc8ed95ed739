"""GET /compare on posted predictions: the numbers equal statsmodels' on the same pairs,
Holm across benchmarks, per-subject rows, and refusals of runs made differently."""

from __future__ import annotations

import random

import httpx
import numpy as np
import pytest
from statsmodels.stats.contingency_tables import mcnemar
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.weightstats import DescrStatsW

from tests.scoring.test_paired import _newcombe
from tests.support.factories import mcq_rows

pytestmark = pytest.mark.anyio
N = 120


async def _benchmark(client: httpx.AsyncClient, name: str, split: str = "test") -> list[dict]:
    await client.post("/benchmarks", json={"name": name, "kind": "mcq"})
    rows = [{**r, "split": split} for r in
            mcq_rows(N // 2, subject="alpha") + mcq_rows(N // 2, subject="beta", prefix="b")]
    r = await client.post(f"/benchmarks/{name}/items:import", json={"items": rows})
    assert r.status_code == 200, r.text
    items = []
    cursor = None
    while True:
        page = (await client.get(f"/benchmarks/{name}/items",
                                 params={"limit": 100, **({"cursor": cursor} if cursor else {})}
                                 )).json()
        items += page["items"]
        cursor = page["next_cursor"]
        if cursor is None:
            return items


async def _post(client: httpx.AsyncClient, bench: str, model: str, items: list[dict],
                right: list[bool], repeat: int = 0) -> int:
    preds = [{"item_id": it["id"], "repeat": repeat,
              "answer": it["answers"][0] if ok else ("B" if it["answers"][0] == "A" else "A")}
             for it, ok in zip(items, right, strict=True)]
    r = await client.post(f"/benchmarks/{bench}/score", json={"model": model,
                                                              "predictions": preds})
    assert r.status_code == 200, r.text
    return int(r.json()["run_id"])


async def test_paired_numbers_equal_statsmodels(client: httpx.AsyncClient) -> None:
    rng = random.Random(4)
    truth: dict[str, tuple[list[bool], list[bool]]] = {}
    for bench in ("quiz", "exam"):
        items = await _benchmark(client, bench)
        a = [rng.random() < 0.5 for _ in items]
        b = [x if rng.random() < 0.75 else rng.random() < 0.7 for x in a]
        await _post(client, bench, "small", items, a)
        await _post(client, bench, "large", items, b)
        truth[bench] = (a, b)
    r = await client.get("/compare", params={"a": "small", "b": "large", "resamples": 500})
    assert r.status_code == 200, r.text
    body = r.json()
    assert [c["benchmark"] for c in body["benchmarks"]] == ["exam", "quiz"]
    p_values = []
    for cmp in body["benchmarks"]:
        a, b = truth[cmp["benchmark"]]
        table = [[sum(x and y for x, y in zip(a, b, strict=True)),
                  sum(x and not y for x, y in zip(a, b, strict=True))],
                 [sum(y and not x for x, y in zip(a, b, strict=True)),
                  sum(not x and not y for x, y in zip(a, b, strict=True))]]
        assert [[cmp["table"]["both_right"], cmp["table"]["only_a"]],
                [cmp["table"]["only_b"], cmp["table"]["both_wrong"]]] == table
        want_p = mcnemar(table, exact=True).pvalue
        assert cmp["p_value"] == pytest.approx(want_p, abs=1e-9)
        assert cmp["p_method"] == "mcnemar-exact" and cmp["single_repeat"]
        d = np.asarray(b, dtype=float) - np.asarray(a, dtype=float)
        assert cmp["difference"] == pytest.approx(d.mean(), abs=1e-12)
        assert cmp["paired_se"] == pytest.approx(DescrStatsW(d).std_mean, abs=1e-12)
        low, high = _newcombe([float(x) for x in a], [float(y) for y in b])
        assert (cmp["ci95"]["low"], cmp["ci95"]["high"]) == pytest.approx((low, high))
        assert cmp["ci95"]["method"] == "newcombe"
        assert cmp["bootstrap_ci95"]["low"] < cmp["difference"] < cmp["bootstrap_ci95"]["high"]
        assert cmp["n_paired"] == N and cmp["dropped"] == {"only_a": 0, "only_b": 0}
        assert [s["subject"] for s in cmp["subjects"]] == ["alpha", "beta"]
        alpha = d[:N // 2]
        assert cmp["subjects"][0]["difference"] == pytest.approx(alpha.mean(), abs=1e-12)
        p_values.append(want_p)
    holm = multipletests(p_values, method="holm")[1]
    assert [c["holm_p"] for c in body["benchmarks"]] == pytest.approx(list(holm), abs=1e-12)


async def test_repeats_pair_item_means_and_runs_can_be_named(client: httpx.AsyncClient) -> None:
    items = await _benchmark(client, "quiz")
    rng = random.Random(9)
    for repeat in range(3):
        await _post(client, "quiz", "a", items, [rng.random() < 0.5 for _ in items], repeat)
    preds = []
    for repeat in range(3):
        preds += [{"item_id": it["id"], "repeat": repeat, "answer": it["answers"][0]
                   if rng.random() < 0.6 else ("B" if it["answers"][0] == "A" else "A")}
                  for it in items[:100]]
    r = await client.post("/benchmarks/quiz/score", json={"model": "b", "predictions": preds,
                                                          "missing": "exclude"})
    assert r.status_code == 200, r.text
    run_b = r.json()["run_id"]
    body = (await client.get("/compare", params={"a": "a", "b": str(run_b)})).json()
    (cmp,) = body["benchmarks"]
    assert cmp["p_method"] == "paired-z" and cmp["table"] is None
    assert cmp["n_paired"] == 100 and cmp["dropped"] == {"only_a": N - 100, "only_b": 0}
    assert body["b"]["runs"] == {"quiz": run_b}


async def test_runs_made_differently_are_refused(client: httpx.AsyncClient) -> None:
    test_items = await _benchmark(client, "quiz", split="test")
    rows = [{**r, "split": "dev"} for r in mcq_rows(10, prefix="d")]
    assert (await client.post("/benchmarks/quiz/items:import",
                              json={"items": rows})).status_code == 200
    await _post(client, "quiz", "a", test_items, [True] * N)
    dev = [it for it in (await client.get("/benchmarks/quiz/items",
                                          params={"split": "dev"})).json()["items"]]
    preds = [{"item_id": it["id"], "answer": "A"} for it in dev]
    r = await client.post("/benchmarks/quiz/score",
                          json={"model": "b", "predictions": preds, "split": "dev"})
    assert r.status_code == 200, r.text
    r = await client.get("/compare", params={"a": "a", "b": "b"})
    assert r.status_code == 409 and r.headers["content-type"] == "application/problem+json"
    assert r.json()["errors"] == [{"benchmark": "quiz", "what": "split", "a": "test",
                                   "b": "dev"}]
    r = await client.get("/compare", params={"a": "a", "b": "b", "allow_mismatch": "true"})
    assert r.status_code == 422 and "no item" in r.json()["detail"]
    assert (await client.get("/compare", params={"a": "a", "b": "nobody"})).status_code == 404


async def test_too_few_paired_items_are_refused_unless_allowed(client: httpx.AsyncClient
                                                               ) -> None:
    items = await _benchmark(client, "quiz")
    first, last = items[:20], items[15:35]
    for model, chosen in (("a", first), ("b", last)):
        r = await client.post("/benchmarks/quiz/score", json={
            "model": model, "missing": "exclude",
            "predictions": [{"item_id": it["id"], "answer": it["answers"][0]}
                            for it in chosen]})
        assert r.status_code == 200, r.text
    r = await client.get("/compare", params={"a": "a", "b": "b"})
    assert r.status_code == 409 and r.json()["field"] == "benchmarks"
    assert "5 item(s) of quiz in common" in r.json()["detail"]
    r = await client.get("/compare", params={"a": "a", "b": "b", "allow_mismatch": "true"})
    assert r.status_code == 200 and r.json()["benchmarks"][0]["n_paired"] == 5


async def test_a_build_against_its_reference_with_a_margin(client: httpx.AsyncClient) -> None:
    """Two posted runs with a known flip table (of 120 items: both right 70, only the
    reference 7, only the build 3, neither 40): verdict, retention and items needed equal
    an independent computation."""
    from statsmodels.stats.weightstats import DescrStatsW, ztest

    items = await _benchmark(client, "quiz")
    assert len(items) == N == 120
    ref = [True] * 70 + [True] * 7 + [False] * 3 + [False] * 40
    build = [True] * 70 + [False] * 7 + [True] * 3 + [False] * 40
    await _post(client, "quiz", "q8", items, ref)
    await _post(client, "quiz", "q4", items, build)
    r = await client.get("/compare", params={"a": "q8", "b": "q4", "margin": "0.05"})
    assert r.status_code == 200, r.text
    (cmp,) = r.json()["benchmarks"]
    ni = cmp["non_inferiority"]
    a, b = np.asarray(ref, dtype=float), np.asarray(build, dtype=float)
    d = b - a
    low, high = _newcombe(list(a), list(b))
    assert ni["lower_bound"] == pytest.approx(low, abs=1e-12)
    assert ni["verdict"] == ("non-inferior" if low > -0.05 else
                             "inferior" if high < -0.05 else "inconclusive")
    assert ni["p_value"] == pytest.approx(ztest(d, value=-0.05, alternative="larger")[1])
    assert ni["holm_p"] == pytest.approx(ni["p_value"])  # one benchmark
    shift = d.mean() + 0.05
    assert shift > 0
    need = (1.959963984540054 + 0.8416212335729143) ** 2 * d.var(ddof=1) / shift ** 2
    assert ni["items_needed"] == max(2, int(np.ceil(need)))
    assert ni["retention"] == pytest.approx(b.mean() / a.mean())
    assert ni["retention_ci95"]["low"] < ni["retention"] < ni["retention_ci95"]["high"]
    ids = [it["id"] for it in items]
    assert ni["lost"] == ids[70:77] and ni["gained"] == ids[77:80]
    # the reference named as b: the same question asked the other way round
    swapped = (await client.get("/compare", params={"a": "q4", "b": "q8", "margin": "0.05",
                                                    "reference": "b"})).json()
    assert swapped["benchmarks"][0]["non_inferiority"]["lower_bound"] == pytest.approx(low)
    assert DescrStatsW(d).mean == pytest.approx(cmp["difference"])
    bad = await client.get("/compare", params={"a": "q8", "b": "q4", "margin": "2"})
    assert bad.status_code == 422
