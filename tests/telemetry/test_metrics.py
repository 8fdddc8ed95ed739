"""GET /metrics parses with prometheus-client's own parser, and its figures move by what the
work did: requests by route template and status, samples scored by verdict (posted and
carried out), model time, runs by state and runs ended. On a served process with two
workers, the counts of both are summed whichever answers the scrape."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
import respx

from tests.support.factories import mcq_rows, wait_run
from tests.support.fake_openai import completion, reply
from tests.support.metrics_text import Samples, parsed, value
from tests.support.processes import api_client
from tests.support.served import served

pytestmark = pytest.mark.anyio
BASE = "http://127.0.0.1:9/v1"


async def scrape(client: httpx.AsyncClient) -> Samples:
    r = await client.get("/metrics")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain")
    return parsed(r.text)


async def test_posted_predictions_and_requests_move_the_metrics(
        client: httpx.AsyncClient) -> None:
    await client.post("/benchmarks/mmlu/items:import", json={"items": mcq_rows(8)})
    before = await scrape(client)
    predictions = [{"external_id": f"q{i}", "answer": "A"} for i in range(8)]
    predictions[7] = {"external_id": "q7", "response": "no letter here"}
    r = await client.post("/benchmarks/mmlu/score", json={"model": "m",
                                                          "predictions": predictions})
    counts = r.json()["metrics"]["counts"]
    assert (counts["correct"], counts["wrong"], counts["unparsed"]) == (2, 5, 1)
    assert (await client.get("/no/such/page")).status_code == 404
    after = await scrape(client)
    samples = "pocketeval_samples_scored_total"
    for verdict, n in (("correct", 2), ("wrong", 5), ("unparsed", 1), ("error", 0)):
        assert value(after, samples, source="posted", verdict=verdict) - \
            value(before, samples, source="posted", verdict=verdict) == n, verdict
    requests = "pocketeval_http_requests_total"
    route = {"method": "POST", "route": "/benchmarks/{name}/score", "status": "200"}
    assert value(after, requests, **route) - value(before, requests, **route) == 1
    unmatched = {"method": "GET", "route": "<unmatched>", "status": "404"}
    assert value(after, requests, **unmatched) - value(before, requests, **unmatched) == 1
    timed = {"method": "POST", "route": "/benchmarks/{name}/score"}
    assert value(after, "pocketeval_http_request_duration_seconds_count", **timed) - \
        value(before, "pocketeval_http_request_duration_seconds_count", **timed) == 1
    runs = {"state": "finished", "kind": "predictions"}
    assert value(after, "pocketeval_runs", **runs) == value(before, "pocketeval_runs", **runs) + 1


async def test_a_run_carried_out_moves_samples_model_time_and_runs_ended(
        client: httpx.AsyncClient) -> None:
    await client.post("/benchmarks/mmlu/items:import", json={"items": mcq_rows(4)})
    before = await scrape(client)
    with respx.mock() as mock:
        mock.post(f"{BASE}/chat/completions").mock(return_value=reply(completion("Answer: A")))
        r = await client.post("/runs", json={"model": {"name": "m", "base_url": BASE},
                                             "benchmarks": ["mmlu"], "repeats": 2})
        assert (await wait_run(client, r.json()["id"]))["status"] == "finished"
    after = await scrape(client)
    samples = "pocketeval_samples_scored_total"
    moved = {verdict: value(after, samples, source="executed", verdict=verdict)
             - value(before, samples, source="executed", verdict=verdict)
             for verdict in ("correct", "wrong")}
    assert moved == {"correct": 2, "wrong": 6}  # q0 of 4 is A, twice each
    assert value(after, "pocketeval_model_seconds_total") > \
        value(before, "pocketeval_model_seconds_total")
    ended = "pocketeval_runs_ended_total"
    assert value(after, ended, state="finished") - value(before, ended, state="finished") == 1
    assert value(after, "pocketeval_runs", state="finished", kind="endpoint") == \
        value(before, "pocketeval_runs", state="finished", kind="endpoint") + 1


@pytest.mark.needs("process")
def test_two_serving_processes_are_counted_together(tmp_path: Path) -> None:
    with served(tmp_path, workers=2) as base:
        def scraped() -> Samples:
            with api_client(base) as one:  # a fresh connection: either process
                return parsed(one.get("/metrics").text)

        key = ("pocketeval_http_requests_total",
               (("method", "GET"), ("route", "/benchmarks"), ("status", "200")))
        before = scraped().get(key, 0.0)
        for _ in range(30):
            with api_client(base) as one:
                assert one.get("/benchmarks").status_code == 200
        assert {scraped().get(key, 0.0) - before for _ in range(6)} == {30}
        files = {p.name.split("_")[0] for p in (tmp_path / "prometheus").glob("*.db")}
        assert "counter" in files and len(list((tmp_path / "prometheus").glob(
            "counter_*.db"))) == 2  # one file per process, summed at each scrape
