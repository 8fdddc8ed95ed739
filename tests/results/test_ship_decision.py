"""The ship decision as GET /compare and GET /gate state it: the bound that decides each
verdict (the upper for inferior, the lower for non-inferior, both where none does), the
one-sided p against the margin beside McNemar's p of no difference, and a verdict that the
benchmark's own items cannot decide. The numbers are checked against Newcombe's interval
from statsmodels' Wilson intervals and against scipy."""

from __future__ import annotations

import math
from xml.etree import ElementTree

import httpx
import numpy as np
import pytest
from scipy.stats import norm
from statsmodels.stats.contingency_tables import mcnemar

from tests.results.test_compare import N, _benchmark, _post
from tests.scoring.test_paired import _newcombe
from tests.support.factories import mcq_rows

pytestmark = pytest.mark.anyio
Z = 1.959963984540054
Z80 = 0.8416212335729143


REFERENCE = [True] * 70 + [False] * (N - 70)


def _build(lose: int, gain: int) -> list[bool]:
    """The reference's answers with its first `lose` right ones wrong and its first `gain`
    wrong ones right."""
    return [False if i < lose else True if 70 <= i < 70 + gain else right
            for i, right in enumerate(REFERENCE)]


async def _two_builds(client: httpx.AsyncClient) -> dict[str, tuple[list[bool], list[bool]]]:
    """`worse` is clearly inferior; `close` is 1.7 points down against a 2-point margin:
    not decided, and far more paired items than the benchmark's would be needed."""
    items = await _benchmark(client, "quiz")
    dev = [{**r, "split": "dev"} for r in mcq_rows(15, prefix="d")]  # not the runs' split
    assert (await client.post("/benchmarks/quiz/items:import",
                              json={"items": dev})).status_code == 200
    cases = {"worse": (REFERENCE, _build(40, 0)), "close": (REFERENCE, _build(5, 3))}
    await _post(client, "quiz", "reference", items, REFERENCE)
    for name, (_, build) in cases.items():
        await _post(client, "quiz", name, items, build)
    return cases


async def test_compare_names_the_deciding_bound_and_the_benchmarks_items(
        client: httpx.AsyncClient) -> None:
    cases = await _two_builds(client)
    for name, (ref, build) in cases.items():
        r = await client.get("/compare", params={"a": "reference", "b": name,
                                                 "margin": "0.02"})
        assert r.status_code == 200, r.text
        (cmp,) = r.json()["benchmarks"]
        ni = cmp["non_inferiority"]
        a, b = [float(x) for x in ref], [float(y) for y in build]
        low, high = _newcombe(a, b)
        assert (ni["lower_bound"], ni["upper_bound"]) == pytest.approx((low, high), abs=1e-12)
        d = np.asarray(b) - np.asarray(a)
        se = d.std(ddof=1) / math.sqrt(N)
        assert ni["p_value"] == pytest.approx(norm.sf((d.mean() + 0.02) / se), abs=1e-12)
        table = [[sum(x and y for x, y in zip(ref, build, strict=True)),
                  sum(x and not y for x, y in zip(ref, build, strict=True))],
                 [sum(y and not x for x, y in zip(ref, build, strict=True)),
                  sum(not x and not y for x, y in zip(ref, build, strict=True))]]
        assert cmp["p_value"] == pytest.approx(mcnemar(table, exact=True).pvalue, abs=1e-9)
        assert ni["benchmark_items"] == N  # the test split's, not the dev items
        if name == "worse":
            assert ni["verdict"] == "inferior" and ni["deciding_bound"] == "upper"
            assert high < -0.02 and ni["needed_exceeds_benchmark"] is False
        else:
            assert ni["verdict"] == "inconclusive" and ni["deciding_bound"] is None
            assert low <= -0.02 <= high
            need = (Z + Z80) ** 2 * d.var(ddof=1) / (d.mean() + 0.02) ** 2
            assert ni["items_needed"] == math.ceil(need) > N
            assert ni["needed_exceeds_benchmark"] is True


async def test_the_gate_summary_and_junit_state_the_deciding_bound(
        client: httpx.AsyncClient) -> None:
    cases = await _two_builds(client)
    ref, build = cases["worse"]
    low, high = _newcombe([float(x) for x in ref], [float(y) for y in build])
    params = {"reference": "reference", "build": "worse", "margin": "0.02"}
    text = (await client.get("/gate", params={**params, "format": "markdown"})).text
    row = next(line for line in text.splitlines() if line.startswith("| quiz |"))
    assert f"upper bound {100 * high:+.1f} < -2.0" in row, row
    assert "lower bound" not in row
    report = (await client.get("/gate", params={**params, "format": "junit"})).text
    (failure,) = ElementTree.fromstring(report.split("?>", 1)[1]).iter("failure")
    assert f"upper bound {100 * high:+.1f} < -2.0" in (failure.get("message") or "")
    assert f"{100 * low:+.1f}" not in (failure.get("message") or "")

    close = {"reference": "reference", "build": "close", "margin": "0.02"}
    text = (await client.get("/gate", params={**close, "format": "markdown"})).text
    row = next(line for line in text.splitlines() if line.startswith("| quiz |"))
    assert f"cannot be decided on this benchmark's {N:,} items at the observed difference" \
        in row, row
    assert "not above -2.0 (non-inferiority not shown)" in row
    assert "not below -2.0 (inferiority not shown)" in row
    body = (await client.get("/gate", params=close)).json()
    (check, _index) = body["checks"]
    assert check["needed_exceeds_benchmark"] is True and check["benchmark_items"] == N
    assert check["upper_bound"] is not None and check["deciding_bound"] is None
