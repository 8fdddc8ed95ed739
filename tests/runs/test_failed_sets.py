"""A posted set whose scoring failed, or that judged nothing, has no headline, only counts;
with `missing: exclude` an (item, repeat) pair without a prediction is in no denominator;
the leaderboard and /compare pass over a result without a headline."""

from __future__ import annotations

import math
import statistics
from typing import Any

import httpx
import pytest
from statsmodels.stats.proportion import proportion_confint

from app.benchmarks.scorers import ChoiceScorer
from app.scoring.predictions import Prediction
from app.scoring.verdicts import KeyedItem, Verdict
from tests.support.factories import mcq_rows

pytestmark = pytest.mark.anyio


async def _items(client: httpx.AsyncClient, n: int) -> list[dict[str, Any]]:
    r = await client.post("/benchmarks/mmlu/items:import", json={"items": mcq_rows(n)})
    assert r.status_code == 200, r.text
    items: list[dict[str, Any]] = (await client.get("/benchmarks/mmlu/items")).json()["items"]
    return items


def _refused(self: ChoiceScorer, item: KeyedItem, prediction: Prediction) -> Verdict:
    raise PermissionError("refusing to open a multiply-linked data file")


async def test_a_failed_set_has_no_headline_and_missing_repeats_are_excluded(
        client: httpx.AsyncClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Twelve predictions whose every judgement raised: three items at repeats 0 and 1, six
    at repeat 0 only. The six absent repeats are not judged wrong under `missing: exclude`."""
    items = await _items(client, 9)
    predictions = [{"item_id": it["id"], "answer": it["answers"][0], "repeat": rep}
                   for i, it in enumerate(items) for rep in ((0, 1) if i < 3 else (0,))]
    with monkeypatch.context() as patch:
        patch.setattr(ChoiceScorer, "judge", _refused)
        r = await client.post("/benchmarks/mmlu/score", json={
            "model": "refused", "missing": "exclude", "predictions": predictions})
    assert r.status_code == 200, r.text
    body = r.json()
    m = body["metrics"]
    assert body["status"] == "failed" and "PermissionError" in body["error"]
    assert m["n_judged"] == 0 and m["counts"]["error"] == 12
    for figure in ("accuracy", "macro_accuracy", "stderr", "ci95", "pass_at_1",
                   "normalized_gain"):
        assert m[figure] is None, (figure, m)
    assert all(s["accuracy"] is None and s["correct"] is None and s["ci95"] is None
               for s in m["subjects"])
    partial = m["partial"]
    assert (partial["judged"], partial["errors"], partial["missing"]) == (0, 12, 6)
    assert "could not be scored" in partial["reason"]
    (stored,) = (await client.get(f"/runs/{body['run_id']}/results")).json()
    assert stored["metrics"]["accuracy"] is None and stored["metrics"]["partial"] == partial

    # a result without a headline is compared with nothing (its errors are no answers)
    good = await client.post("/benchmarks/mmlu/score", json={
        "model": "intact", "missing": "exclude", "predictions": predictions})
    assert good.json()["status"] == "finished" and good.json()["metrics"]["accuracy"] == 1.0
    compared = await client.get("/compare", params={
        "a": str(body["run_id"]), "b": str(good.json()["run_id"]), "allow_mismatch": "true"})
    assert compared.status_code == 422, compared.text
    board = await client.get("/leaderboard", params={"benchmarks": "mmlu"})
    assert board.status_code == 200
    assert [row["model"]["name"] for row in board.json()["rows"]] == ["intact"]


async def test_missing_exclude_leaves_missing_repeats_out_of_every_denominator(
        client: httpx.AsyncClient) -> None:
    """Six items over three repeats, some repeats not predicted: each item is scored over
    the repeats it has, each repeat over the items it has."""
    items = await _items(client, 6)
    right = {it["id"]: it["answers"][0] for it in items}
    wrong = {it["id"]: "B" if it["answers"][0] == "A" else "A" for it in items}
    plan = {0: "RRR", 1: "R-W", 2: "W--", 3: "-R-", 4: "RW-", 5: "--W"}  # R right, W wrong
    predictions = [{"item_id": it["id"], "repeat": rep,
                    "answer": right[it["id"]] if mark == "R" else wrong[it["id"]]}
                   for i, it in enumerate(items) for rep, mark in enumerate(plan[i])
                   if mark != "-"]
    r = await client.post("/benchmarks/mmlu/score", json={
        "model": "gappy", "missing": "exclude", "predictions": predictions})
    assert r.status_code == 200, r.text
    m = r.json()["metrics"]
    scores = [marks.count("R") / (3 - marks.count("-")) for marks in plan.values()]
    per_repeat = [sum(p[rep] == "R" for p in plan.values())
                  / sum(p[rep] != "-" for p in plan.values()) for rep in range(3)]
    p = statistics.mean(scores)
    se = statistics.stdev(scores) / math.sqrt(len(scores))
    effective = p * (1 - p) / se ** 2
    low, high = proportion_confint(p * effective, effective, alpha=0.05, method="wilson")
    assert m["n_judged"] == 6 and m["counts"]["missing"] == "".join(plan.values()).count("-")
    assert m["accuracy"] == pytest.approx(p, abs=1e-12)
    assert m["stderr"] == pytest.approx(se, abs=1e-12)
    assert m["pass_at_1"]["per_repeat"] == pytest.approx(per_repeat, abs=1e-12)
    assert (m["ci95"]["low"], m["ci95"]["high"]) == pytest.approx((low, high), abs=1e-12)
    assert m["ci95"]["method"] == "item-clustered wilson" and m["partial"] is None


async def test_a_set_that_judged_nothing_has_no_headline_and_no_leaderboard_cell(
        client: httpx.AsyncClient) -> None:
    """Mobile-MMLU's test split has no answer keys: a finished set, nothing judged."""
    csv_text = "question_id,Question,A,B,C,D\nmm-1,Mute a chat?,Settings,Hold it,Delete,Reboot\n"
    r = await client.post("/benchmarks/mobile-mmlu/items:import",
                          files={"file": ("messaging.csv", csv_text.encode())})
    assert r.status_code == 200, r.text
    r = await client.post("/benchmarks/mobile-mmlu/score", json={
        "model": "keyless", "predictions": [{"external_id": "mm-1", "answer": "B"}]})
    assert r.status_code == 200, r.text
    m = r.json()["metrics"]
    assert r.json()["status"] == "finished" and m["accuracy"] is None
    assert m["pass_at_1"] is None and m["partial"]["reason"] == "nothing was judged"
    board = await client.get("/leaderboard", params={"benchmarks": "mobile-mmlu"})
    assert board.status_code == 200 and board.json()["rows"] == []
