"""A run against a reference takes each planned look when its share of the paired items is
in, whatever the running estimate's cadence, and `limit` and `sample` choose among the
reference's items in the reference's order. Each look's z, boundary and the verdict are
recomputed from the items' answers with scipy and numpy (tests/support/
sequential_reference.py): paired 0/1 items by Farrington-Manning's score statistic, repeats
by an item-clustered z."""

from __future__ import annotations

import math
import random
import re
from collections import Counter, defaultdict
from collections.abc import Callable
from typing import Any

import httpx
import pytest
import respx

from tests.support import sequential_reference as ref
from tests.support.factories import wait_run
from tests.support.fake_openai import completion, last_user_text, reply

pytestmark = pytest.mark.anyio
BASE = "http://127.0.0.1:9/v1"
ITEMS, LOOKS, MARGIN, ALPHA = 200, 5, 0.05, 0.025
PLANNED = [math.ceil(ITEMS * k / LOOKS) for k in range(1, LOOKS + 1)]
# tolerance of the app's boundaries (a density carried on a grid) against the joint normal's
BOUNDARY_TOL = 2e-3

Rule = Callable[[int, int], bool]  # (item number, its call number from 0) -> answers right


def reference_rule(i: int, call: int) -> bool:
    """The reference: right unless the item's number is a multiple of 7."""
    return i % 7 != 0


def _model(rule: Rule) -> Callable[[httpx.Request], httpx.Response]:
    calls: Counter[int] = Counter()

    def answer(request: httpx.Request) -> httpx.Response:
        found = re.search(r"<(\d+)>", last_user_text(request))
        assert found is not None
        i = int(found.group(1))
        right = rule(i, calls[i])
        calls[i] += 1
        return reply(completion(f"Answer: {'ABCD'[(i + (not right)) % 4]}"))
    return answer


async def _run(client: httpx.AsyncClient, rule: Rule = reference_rule,
               **body: object) -> tuple[int, dict[str, object]]:
    request = {"model": {"name": "mock", "base_url": BASE}, "benchmarks": ["mmlu"],
               "repeats": 1, **body}
    with respx.mock() as mock:
        mock.post(f"{BASE}/chat/completions").mock(side_effect=_model(rule))
        r = await client.post("/runs", json=request)
        assert r.status_code == 202, r.text
        return r.json()["id"], await wait_run(client, r.json()["id"])


async def _samples(client: httpx.AsyncClient, run_id: int) -> list[dict[str, Any]]:
    samples: list[dict[str, Any]] = (await client.get(
        f"/runs/{run_id}/samples", params={"limit": 1000})).json()["samples"]
    return samples


async def _order(client: httpx.AsyncClient, run_id: int) -> list[int]:
    return [s["item_id"] for s in sorted(await _samples(client, run_id), key=lambda s: s["id"])]


async def _reference(client: httpx.AsyncClient) -> tuple[int, list[int], dict[int, int]]:
    """The reference run: its id, its item order and each item's number."""
    rows = [{"id": f"p{i}", "question": f"<{i}> Which is it?", "choices": ["w", "x", "y", "z"],
             "answer": "ABCD"[i % 4]} for i in range(ITEMS)]
    assert (await client.post("/benchmarks/mmlu/items:import",
                               json={"items": rows})).status_code == 200
    reference, status = await _run(client, concurrency=4, seed=1)
    assert status["status"] == "finished"
    samples = await _samples(client, reference)
    number = {s["item_id"]: int(s["external_id"][1:]) for s in samples}
    for s in samples:
        assert s["score"] == float(reference_rule(number[s["item_id"]], 0))
    return reference, await _order(client, reference), number


def _expected(rule: Rule, repeats: int, order: list[int], number: dict[int, int]
              ) -> tuple[list[float], list[float], str]:
    """Each planned look's z and boundary from the answers the rules give, and the verdict
    of the first look that decides."""
    build = [[float(rule(number[i], call)) for call in range(repeats)] for i in order]
    scores = [float(reference_rule(number[i], 0)) for i in order]
    zs = [ref.z_statistic(build[:n], scores[:n], MARGIN) for n in PLANNED]
    critical = ref.boundaries([n / ITEMS for n in PLANNED], ALPHA)
    for k, (z, c) in enumerate(zip(zs, critical, strict=True)):
        assert abs(abs(z) - c) > 10 * BOUNDARY_TOL, (k, z, c)  # no look on the edge
        verdict = ref.decision(z, c, last=k == LOOKS - 1)
        if verdict is not None:
            return zs[:k + 1], critical[:k + 1], verdict
    raise AssertionError("the last look always decides")


async def _check_decided(client: httpx.AsyncClient, run_id: int, rule: Rule, repeats: int,
                         order: list[int], number: dict[int, int]) -> str:
    run = (await client.get(f"/runs/{run_id}")).json()
    sequential = run["runtime"]["sequential"]
    looks = sequential["looks"]
    zs, critical, verdict = _expected(rule, repeats, order, number)
    assert [look["items"] for look in looks] == PLANNED[:len(zs)]
    assert [look["fraction"] for look in looks] == [n / ITEMS for n in PLANNED[:len(zs)]]
    for look, z, c in zip(looks, zs, critical, strict=True):
        assert look["z"] == pytest.approx(z, rel=1e-9, abs=1e-12), look
        assert look["critical"] == pytest.approx(c, abs=BOUNDARY_TOL), look
    assert sequential["verdict"] == verdict
    assert sequential["items_used"] == PLANNED[len(zs) - 1]
    # the answers the run stored are the rule's, over the reference's items in its order
    per_item: defaultdict[int, list[float]] = defaultdict(list)
    for s in await _samples(client, run_id):
        per_item[s["item_id"]].append(s["score"])
    assert set(order[:sequential["items_used"]]) <= set(per_item)
    for item, scores in per_item.items():
        assert sorted(scores) == sorted(float(rule(number[item], c)) for c in range(repeats))
    early = run["runtime"]["early_stop"]
    if len(zs) < LOOKS:
        assert early["reason"] == "decided"
    return verdict


async def test_each_planned_look_comes_at_its_share_of_the_items(
        client: httpx.AsyncClient) -> None:
    reference, ref_order, number = await _reference(client)

    # the same answers item for item: every paired difference is 0, so z grows as √n and
    # the verdict comes at a planned look; with a fast endpoint the estimate's cadence
    # (every 100 samples or 2 s) would put the looks elsewhere
    run_id, status = await _run(client, concurrency=1, reference_run=reference,
                                stop_when={"decided": {"margin": MARGIN, "looks": LOOKS}})
    assert status["status"] == "finished", status
    verdict = await _check_decided(client, run_id, reference_rule, 1, ref_order, number)
    assert verdict == "non-inferior"
    looks = (await client.get(f"/runs/{run_id}")).json()["runtime"]["sequential"]["looks"]
    assert 1 < len(looks) < LOOKS
    # every difference 0: the restricted estimate puts p_lost at the margin, so z at n
    # items is margin / sqrt((margin - margin^2) / n)
    for look in looks:
        assert look["z"] == pytest.approx(
            MARGIN / math.sqrt((MARGIN - MARGIN ** 2) / look["items"]), rel=1e-9)

    # limit: the reference's first items; sample: a seeded sample of them, in its order
    limited, status = await _run(client, concurrency=2, reference_run=reference, limit=30)
    assert status["status"] == "finished"
    assert (await client.get(f"/runs/{limited}")).json()["plan"]["benchmarks"][0][
        "item_ids"] == ref_order[:30]
    sampled, status = await _run(client, concurrency=2, reference_run=reference,
                                 sample=25, seed=4)
    chosen = set(random.Random(4).sample(ref_order, 25))
    assert (await client.get(f"/runs/{sampled}")).json()["plan"]["benchmarks"][0][
        "item_ids"] == [i for i in ref_order if i in chosen]
    assert len(await _order(client, sampled)) == 25


def losing_rule(i: int, call: int) -> bool:
    """Loses the reference's right answers on items 1 and 2 mod 5, gains its wrong ones on
    multiples of 21."""
    return i % 21 == 0 or (reference_rule(i, call) and i % 5 not in (1, 2))


def wavering_rule(i: int, call: int) -> bool:
    """On multiples of 3 the first try is wrong and the second right; else the
    reference's answer."""
    return call > 0 if i % 3 == 0 else reference_rule(i, call)


@pytest.mark.parametrize(("rule", "repeats", "verdict"), [
    (losing_rule, 1, "inferior"), (wavering_rule, 2, "inferior")])
async def test_each_look_s_z_and_verdict_follow_from_the_answers(
        client: httpx.AsyncClient, rule: Rule, repeats: int, verdict: str) -> None:
    """Items lost and gained against the reference (Farrington-Manning's score statistic,
    its restricted estimate off the margin) and repeats whose means differ by halves (the
    item-clustered z)."""
    reference, ref_order, number = await _reference(client)
    run_id, status = await _run(client, rule, concurrency=1, repeats=repeats,
                                reference_run=reference,
                                stop_when={"decided": {"margin": MARGIN, "looks": LOOKS}})
    assert status["status"] == "finished", status
    assert await _check_decided(client, run_id, rule, repeats, ref_order, number) == verdict
