"""Load on a real `pocketeval serve` (SQLite, loopback): 500 open SSE streams on a running
evaluation plus 50 clients in a mixed loop (50% item pages, 25% GET /runs, 25% score
batches of 100 predictions) for POCKETEVAL_LOAD_SECONDS (default 60), while imports of 2,000
items follow each other into another benchmark and /health is polled twice a second,
against POCKETEVAL_LOAD_WORKERS server processes (default 1). The streams are held by a
process of their own, so that reading them does not slow the client that measures.
POCKETEVAL_LOAD_STREAMS (default 500) and POCKETEVAL_LOAD_IMPORTS=0 take parts away, to
tell what each costs.
Prints requests/s and p50/p95/p99 per endpoint, every status code seen, /health's worst
latency, and how long the server takes to answer after the load stops. Targets: /health
within 1 s throughout, no 5xx, item pages p99 < 100 ms.
"""

from __future__ import annotations

import asyncio
import gc
import os
import random
import statistics
import subprocess
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

import httpx
import pytest

from tests.support.processes import free_port, start_fake_model, start_pocketeval, stop

pytestmark = [pytest.mark.perf, pytest.mark.anyio]
KEY = "load-key-0123456789"
CLIENTS, ITEMS = 50, 2000
STREAMS = int(os.environ.get("POCKETEVAL_LOAD_STREAMS", "500"))
SECONDS = float(os.environ.get("POCKETEVAL_LOAD_SECONDS", "60"))
IMPORTS = os.environ.get("POCKETEVAL_LOAD_IMPORTS", "1") == "1"  # imports running meanwhile
WORKERS = os.environ.get("POCKETEVAL_LOAD_WORKERS", "1")  # server processes


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


async def test_mixed_load_with_open_streams(tmp_path: Path) -> None:
    model_port, port = free_port(), free_port()
    model = start_fake_model(model_port, tmp_path / "model.log", delay=0.5)
    server = start_pocketeval(port, tmp_path, KEY, {"POCKETEVAL_WORKERS": WORKERS})
    base = f"http://127.0.0.1:{port}"
    limits = httpx.Limits(max_connections=CLIENTS + STREAMS + 10, max_keepalive_connections=100)
    latencies: dict[str, list[float]] = defaultdict(list)
    codes: Counter[tuple[str, int]] = Counter()
    try:
        async with httpx.AsyncClient(base_url=base, headers={"Authorization": f"Bearer {KEY}"},
                                     timeout=30, limits=limits) as client:
            rows = [{"id": f"q{i}", "question": f"Question number {i}?",
                     "choices": ["w", "x", "y", "z"], "answer": "ABCD"[i % 4],
                     "subject": f"s{i % 10}"} for i in range(ITEMS)]
            assert (await client.post("/benchmarks/mmlu/items:import",
                                      json={"items": rows})).status_code == 200
            run = (await client.post("/runs", json={
                "model": {"name": "canned", "base_url": f"http://127.0.0.1:{model_port}/v1"},
                "benchmarks": ["mmlu"], "repeats": 1, "concurrency": 2})).json()

            connecting = time.perf_counter()
            holders = subprocess.Popen(
                [sys.executable, "-m", "tests.perf.sse_holders", str(port), str(run["id"]),
                 str(STREAMS), KEY], stdout=subprocess.PIPE, text=True)
            assert holders.stdout is not None and holders.stdout.readline().strip() == "open"
            connected = time.perf_counter() - connecting
            deadline = time.monotonic() + SECONDS

            async def timed(name: str, call: httpx.Request) -> None:
                started = time.perf_counter()
                try:
                    response = await client.send(call)
                    codes[(name, response.status_code)] += 1
                except httpx.TransportError as exc:
                    codes[(name, -1)] += 1
                    print(f"{name}: {type(exc).__name__}")
                latencies[name].append(time.perf_counter() - started)

            async def user(seed: int) -> None:
                rng = random.Random(seed)
                while time.monotonic() < deadline:
                    pick = rng.random()
                    if pick < 0.5:
                        await timed("GET /benchmarks/mmlu/items", client.build_request(
                            "GET", "/benchmarks/mmlu/items", params={"limit": 100}))
                    elif pick < 0.75:
                        await timed("GET /runs", client.build_request("GET", "/runs"))
                    else:
                        preds = [{"external_id": f"q{i}", "answer": rng.choice("ABCD")}
                                 for i in rng.sample(range(ITEMS), 100)]
                        await timed("POST /benchmarks/mmlu/score", client.build_request(
                            "POST", "/benchmarks/mmlu/score",
                            json={"model": f"m{seed}", "predictions": preds,
                                  "missing": "exclude"}))

            async def importer() -> None:
                """An import of 2,000 new items into a user set, one after the other."""
                assert (await client.post("/benchmarks", json={"name": "incoming", "kind": "mcq"})
                        ).status_code == 201
                batch = 0
                while IMPORTS and time.monotonic() < deadline:
                    fresh = [{**row, "id": f"b{batch}-{row['id']}"} for row in rows]
                    await timed("POST /benchmarks/incoming/items:import", client.build_request(
                        "POST", "/benchmarks/incoming/items:import", json={"items": fresh}))
                    batch += 1

            async def health() -> None:
                while time.monotonic() < deadline:
                    await timed("GET /health", client.build_request("GET", "/health"))
                    await asyncio.sleep(0.5)

            gc.collect()
            gc.freeze()  # the client's own full collections (200 ms seen) are not the server's
            gc.disable()  # nor are its younger ones: what it holds for 60 s fits in memory
            started = time.monotonic()
            cpu0 = os.times()
            await asyncio.gather(health(), importer(), *(user(i) for i in range(CLIENTS)))
            elapsed = time.monotonic() - started
            cpu1 = os.times()
            gc.enable()
            gc.unfreeze()
            client_cpu = (cpu1.user + cpu1.system - cpu0.user - cpu0.system) / elapsed
            holders.kill()
            holders.communicate()
            after = time.perf_counter()
            await client.get("/health")
            recovery = time.perf_counter() - after
    finally:
        stop(server, model)
    print(f"\n{CLIENTS} clients + {STREAMS} open SSE streams for {elapsed:.0f} s on SQLite, "
          f"{WORKERS} server process(es); the streams took {connected:.1f} s to open:")
    for name, values in sorted(latencies.items()):
        print(f"  {name:<30} {len(values) / elapsed:7.1f} req/s  p50 {_pct(values, .5):7.1f} ms"
              f"  p95 {_pct(values, .95):7.1f} ms  p99 {_pct(values, .99):7.1f} ms"
              f"  max {max(values) * 1000:7.1f} ms")
    print(f"  status codes: {dict(codes)}")
    print(f"  the load client used {client_cpu:.0%} of a core (the streams' reader is a "
          f"process of its own)")
    print(f"  /health after the load: {recovery * 1000:.1f} ms; median /health during: "
          f"{statistics.median(latencies['GET /health']) * 1000:.1f} ms")
    errors = Counter(line.strip()[:160] for line in
                     (tmp_path / "server.log").read_text(errors="replace").splitlines()
                     if ("Error" in line or line.startswith("[SQL")) and not line.startswith(" "))
    for line, count in errors.most_common(8):
        print(f"  server log, {count}x: {line}")
