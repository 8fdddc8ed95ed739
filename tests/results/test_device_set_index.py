"""The Mobile Intelligence Index from one run of the mobile device set: a served PocketEval
runs all five benchmarks on a tool-capable GGUF (SmolLM2-135M with Qwen2.5-Coder's tool
template, tests.support.tool_models: the Index needs a real run's samples, not a capable
model's answers), with a loopback grader that gives every answer one grade, at a small
`limit` that BFCL draws from each of its three categories. The Index, its interval and every
component are computed here from the run's samples and compared with GET /index?runs=,
GET /index?model= and the run's page in headless Chromium. A component at 0 or 1 keeps an
interval of non-zero width."""

from __future__ import annotations

import json
import math
import shutil
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from statsmodels.stats.proportion import proportion_confint

from pocketeval_verify.cli import verify
from tests.support.device_set_items import device_set_server
from tests.support.processes import (
    HANG_S,
    wait_status,
)
from tests.support.tool_models import smollm2_with_tools

pytestmark = [pytest.mark.anyio, pytest.mark.needs("llama_cpp"), pytest.mark.needs("chromium"),
              pytest.mark.data]
KEY = "device-set-key-0123456789"
MODEL = "smollm2-135m-tools"
LIMIT = 2
Z = 1.959963984540054
# one BFCL multi-turn sample (up to 20 model calls a turn) on a loaded CPU can show nothing
# new for many minutes: a longer stall than the default before the run counts as hung
SAMPLE_STALL_S = 3600
Served = tuple[str, httpx.Client, dict[str, Any]]  # base URL, its client, the finished run


@pytest.fixture
def served(tmp_path: Path, data_dir: Path) -> Iterator[Served]:
    """A served PocketEval with the five benchmarks' items, and its finished device-set run."""
    work = tmp_path / "device-set"
    work.mkdir()
    models = work / "models"
    models.mkdir()
    smollm2_with_tools(models / "smollm2-tools.gguf")
    try:
        with device_set_server(work, models, KEY, data_dir, 3) as (base, client):
            r = client.post("/runs", json={
                "model": {"name": MODEL, "path": "smollm2-tools.gguf",
                          "max_output_tokens": 64},
                "benchmarks": ["mobile-device-set"], "limit": LIMIT, "repeats": 1,
                "context_window": 8192})
            assert r.status_code == 202, r.text
            run = wait_status(client, r.json()["id"],
                              lambda s: s["status"] not in ("queued", "running"), SAMPLE_STALL_S)
            yield base, client, run
    finally:
        shutil.rmtree(models, ignore_errors=True)


def _wilson(k: int, n: int) -> tuple[float, float]:
    low, high = proportion_confint(k, n, alpha=0.05, method="wilson")
    return float(low), float(high)


def _wilson_se(k: int, n: int) -> float:
    if n == 0:
        return 0.0
    low, high = _wilson(k, n)
    return max(k / n - low, high - k / n) / Z


def _by_hand(samples: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Each component's value, standard error and interval from the samples alone."""
    by_bench: dict[str, list[dict[str, Any]]] = {}
    for s in samples:
        by_bench.setdefault(s["benchmark"], []).append(s)
    out: dict[str, dict[str, Any]] = {}
    for bench, component in (("gpqa-diamond", "gpqa_diamond"), ("math-500", "math_500"),
                             ("ifbench", "ifbench")):
        scores = [s["score"] for s in by_bench[bench]]
        n, k = len(scores), sum(1 for x in scores if x == 1.0)
        p = k / n
        sd_se = math.sqrt(p * (1 - p) / (n - 1)) if n > 1 else 0.0
        low, high = _wilson(k, n)
        out[component] = {"value": p, "stderr": max(sd_se, max(p - low, high - p) / Z),
                          "ci95": (low, high), "n_items": n}
    categories: dict[str, list[bool]] = {}
    for s in by_bench["bfcl-v4"]:  # the item's category (a capped answer's detail has none)
        categories.setdefault(s["subject"], []).append(s["verdict"] == "correct")
    assert sorted(categories) == ["irrelevance", "multi_turn_base", "multiple"]
    value = sum(sum(v) / len(v) for v in categories.values()) / 3
    se = math.sqrt(sum(_wilson_se(sum(v), len(v)) ** 2 for v in categories.values())) / 3
    out["bfcl"] = {"value": value, "stderr": se, "n_items": len(by_bench["bfcl-v4"]),
                   "ci95": (max(0.0, value - Z * se), min(1.0, value + Z * se))}
    grades = [s["detail"]["grade"] for s in by_bench["aa-omniscience"]]
    n, correct = len(grades), grades.count("CORRECT")
    incorrect = grades.count("INCORRECT")
    accuracy = correct / n
    hallucination = incorrect / (n - correct) if n > correct else 0.0
    value = (accuracy + 1 - hallucination) / 2
    se = math.sqrt(_wilson_se(correct, n) ** 2 + _wilson_se(incorrect, n - correct) ** 2) / 2
    out["aa_omniscience"] = {"value": value, "stderr": se, "n_items": n,
                             "ci95": (max(0.0, value - Z * se), min(1.0, value + Z * se))}
    return out


def _samples(api: httpx.Client, run_id: int) -> list[dict[str, Any]]:
    plan = api.get(f"/runs/{run_id}").json()["plan"]
    names = {}
    for bench in plan["benchmarks"]:
        for item_id in bench["item_ids"]:
            names[item_id] = bench["name"]
    samples = api.get(f"/runs/{run_id}/samples", params={"limit": 1000}).json()
    return [{**s, "benchmark": names[s["item_id"]],
             "subject": api.get(f"/items/{s['item_id']}").json()["subject"]}
            for s in samples["samples"]]


async def test_the_index_of_one_device_set_run(served: Served, tmp_path: Path) -> None:
    base, api, run = served
    assert run["status"] == "finished", run
    # BFCL's limit drew from each category; the plan says how many each got
    plans = {b["name"]: b for b in run["plan"]["benchmarks"]}
    assert plans["bfcl-v4"]["strata"] == {"multiple": 1, "irrelevance": 1, "multi_turn_base": 1}
    assert all(len(b["item_ids"]) == LIMIT for name, b in plans.items() if name != "bfcl-v4")

    expected = _by_hand(_samples(api, run["id"]))
    k = len(expected)
    index = sum(c["value"] for c in expected.values()) / k
    se = math.sqrt(sum(c["stderr"] ** 2 for c in expected.values())) / k
    interval = (max(0.0, index - Z * se), min(1.0, index + Z * se))

    by_runs = api.get("/index", params={"runs": str(run["id"])}).json()
    by_model = api.get("/index", params={"model": MODEL}).json()
    for body in (by_runs, by_model):
        assert body["missing"] == [] and body["models"] == [MODEL]
        got = {c["component"]: c for c in body["components"]}
        assert set(got) == set(expected)
        for name, want in expected.items():
            c = got[name]
            assert c["run_id"] == run["id"] and c["n_items"] == want["n_items"], name
            assert c["value"] == pytest.approx(want["value"]), name
            assert c["stderr"] == pytest.approx(want["stderr"]) and c["stderr"] > 0, name
            assert (c["ci95"]["low"], c["ci95"]["high"]) == pytest.approx(want["ci95"]), name
            assert c["ci95"]["high"] > c["ci95"]["low"], name  # never a point, even at 0 or 1
        assert body["index"] == pytest.approx(index)
        assert body["stderr"] == pytest.approx(se)
        assert (body["ci95"]["low"], body["ci95"]["high"]) == pytest.approx(interval)

    # the run's bundle: every sample judged again (BFCL's multi-turn one by bfcl-eval's own
    # checker), every component and the Index recomputed offline from its figures
    saved = tmp_path / "bundle.zip"
    saved.write_bytes(api.get(f"/runs/{run['id']}/bundle").content)
    report, unjudged = verify(saved, api.get("/signing-key").json()["public_key_pem"].encode())
    assert report.ok, [str(m) for m in report.mismatches]
    assert unjudged == []
    with zipfile.ZipFile(saved) as archive:
        assert json.loads(archive.read("index.json"))["index"] == pytest.approx(index)

    # the run's page: the Index, its interval, a row per component with its run
    from playwright.async_api import async_playwright

    from tests.ui.test_pages import FLAGS

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=shutil.which("chromium"), args=FLAGS)
        page = await browser.new_page(viewport={"width": 1280, "height": 900})
        page.set_default_timeout(HANG_S * 1000)  # a loaded host's page loads are slow
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        await page.goto(f"{base}/ui/runs/{run['id']}")
        await page.wait_for_selector("body[data-loaded='true']")
        await page.wait_for_selector("#index table.index-components tbody tr")
        await page.screenshot(path=str(tmp_path / "device-set-run.png"), full_page=True)
        assert await page.inner_text("#index .index-value") == f"{100 * index:.1f}%"
        shown = await page.inner_text("#index p")
        assert f"[{100 * interval[0]:.1f}%, {100 * interval[1]:.1f}%]" in shown, shown
        for name, want in expected.items():
            row = [await cell.inner_text() for cell in await page.query_selector_all(
                f"#index tr[data-component='{name}'] td")]
            assert row[2] == f"{100 * want['value']:.1f}%" and row[4] == str(want["n_items"])
            assert row[5] == f"run {run['id']}", row
        # the leaderboard's Index links to this run's page
        await page.goto(f"{base}/ui/")
        await page.wait_for_selector("body[data-loaded='true']")
        link = await page.get_attribute(f"tr[data-model='{MODEL}'] a.index-link", "href")
        assert link == f"/ui/runs/{run['id']}"
        await browser.close()
    assert errors == []
    print(f"\nIndex {index:.4f} [{interval[0]:.4f}, {interval[1]:.4f}], se {se:.4f}; "
          + "; ".join(f"{n} {c['value']:.3f} ±{Z * c['stderr']:.3f}"
                      for n, c in expected.items()))
