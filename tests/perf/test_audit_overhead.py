"""What an audit costs beyond its samples: an option-order audit and a no-shortcut audit
beside a plain run of the same number of samples (repeats) against the same canned server,
interleaved, best of three, in one run. Prints the wall times and the ratios audit / plain
(target: close to 1, the treatment of each item and the report being small next to the
requests), and the time of each audit's report.

Run with `make perf`.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from fastapi import FastAPI

from tests.conftest import API_KEY
from tests.support.processes import canned_model

pytestmark = [pytest.mark.perf, pytest.mark.anyio]
ITEMS, CONCURRENCY, DELAY_S, ROUNDS = 300, 32, 0.02, 3
AUTH = {"Authorization": f"Bearer {API_KEY}"}
# option-order with 3 permutations on 4 options: original + key at A-D + 3 = 8 arrangements;
# no-shortcut with two variants x 4 tries = 8 treatments: both equal 8 plain repeats
AUDITS = {"option-order": {"kind": "option-order", "permutations": 3},
          "no-shortcut": {"kind": "no-shortcut", "tries": 4}}
REPEATS = 8


@pytest.fixture
def model_url(tmp_path: Path) -> Iterator[str]:
    with canned_model(tmp_path, DELAY_S) as url:
        yield url


async def _timed(client: httpx.AsyncClient, app: FastAPI, body: dict[str, object]
                 ) -> tuple[float, int]:
    start = time.perf_counter()
    r = await client.post("/runs", json=body, headers=AUTH)
    assert r.status_code == 202, r.text
    run_id = int(r.json()["id"])
    task = app.state.executor.tasks.get(run_id)
    if task is not None:
        await asyncio.wait({task})
    elapsed = time.perf_counter() - start
    status = (await client.get(f"/runs/{run_id}")).json()
    assert status["status"] == "finished" and status["progress"]["done"] == ITEMS * REPEATS
    return elapsed, run_id


async def test_audit_overhead_over_a_plain_run(client: httpx.AsyncClient, app: FastAPI,
                                               model_url: str) -> None:
    rows = [{"id": f"q{i}", "question": f"Which option is number {i}?",
             "choices": [f"option {i}.{j}" for j in range(4)], "answer": "ABCD"[i % 4]}
            for i in range(ITEMS)]
    assert (await client.post("/benchmarks/mmlu/items:import", json={"items": rows},
                              headers=AUTH)).status_code == 200
    base = {"model": {"name": "canned", "base_url": model_url}, "benchmarks": ["mmlu"],
            "concurrency": CONCURRENCY}
    best = dict.fromkeys(["plain", *AUDITS], float("inf"))
    report_s = dict.fromkeys(AUDITS, float("inf"))
    for _ in range(ROUNDS):  # interleaved, best of each: the machine is noisy
        best["plain"] = min(best["plain"], (await _timed(client, app,
                                                         {**base, "repeats": REPEATS}))[0])
        for name, audit in AUDITS.items():
            elapsed, run_id = await _timed(client, app, {**base, "audit": audit})
            best[name] = min(best[name], elapsed)
            start = time.perf_counter()
            r = await client.get(f"/runs/{run_id}/audits/{name}")
            report_s[name] = min(report_s[name], time.perf_counter() - start)
            assert r.status_code == 200, r.text
    print(f"\n{ITEMS} items x {REPEATS} samples, concurrency {CONCURRENCY}, "
          f"canned delay {DELAY_S * 1000:.0f} ms, best of {ROUNDS}")
    for name in AUDITS:
        print(f"  {name}: {best[name]:.2f} s vs plain {best['plain']:.2f} s -> "
              f"{best[name] / best['plain']:.3f}x; report {report_s[name] * 1000:.0f} ms")
