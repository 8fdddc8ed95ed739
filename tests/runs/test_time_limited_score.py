"""The time-limited score with answers over the limit: an endpoint that answers some items
only after a delay well past the run's `time_limit_s`. Which responses count as slow comes
from each sample's stored latency (a loaded host may slow an immediate answer too), and every
delayed one must be among them; over_limit, the time-limited accuracy and pass@1 and the
scorecard's response_speed are then computed here from the samples."""

from __future__ import annotations

import asyncio
import re
from collections import defaultdict

import httpx
import pytest
import respx

from tests.support.factories import wait_run
from tests.support.fake_openai import completion, last_user_text, reply

pytestmark = pytest.mark.anyio
BASE = "http://127.0.0.1:9/v1"
ITEMS, REPEATS = 10, 2
LIMIT_S, DELAY_S = 1.0, 3.0
DELAYED = {0, 1, 2, 4}  # right answers (0, 1, 2) and a wrong one (4) come late
WRONG = {4, 9}


async def _model(request: httpx.Request) -> httpx.Response:
    found = re.search(r"<(\d+)>", last_user_text(request))
    assert found is not None
    i = int(found.group(1))
    if i in DELAYED:
        await asyncio.sleep(DELAY_S)
    return reply(completion(f"Answer: {'ABCD'[(i + (i in WRONG)) % 4]}"))


async def test_answers_over_the_time_limit_count_as_wrong(client: httpx.AsyncClient) -> None:
    rows = [{"id": f"t{i}", "question": f"<{i}> Which is it?", "choices": ["w", "x", "y", "z"],
             "answer": "ABCD"[i % 4]} for i in range(ITEMS)]
    assert (await client.post("/benchmarks/mmlu/items:import",
                               json={"items": rows})).status_code == 200
    with respx.mock() as mock:
        mock.post(f"{BASE}/chat/completions").mock(side_effect=_model)
        r = await client.post("/runs", json={
            "model": {"name": "slow-model", "base_url": BASE}, "benchmarks": ["mmlu"],
            "repeats": REPEATS, "concurrency": ITEMS * REPEATS, "time_limit_s": LIMIT_S})
        assert r.status_code == 202, r.text
        run_id = r.json()["id"]
        status = await wait_run(client, run_id)
    assert status["status"] == "finished", status
    samples = (await client.get(f"/runs/{run_id}/samples",
                                params={"limit": 100})).json()["samples"]
    assert len(samples) == ITEMS * REPEATS

    number = {s["id"]: int(s["external_id"][1:]) for s in samples}
    for s in samples:
        assert s["score"] == float(number[s["id"]] not in WRONG)
        assert s["latency_ms"] is not None
    slow = {s["id"] for s in samples if s["latency_ms"] > LIMIT_S * 1000}
    delayed = {s["id"] for s in samples if number[s["id"]] in DELAYED}
    # every delayed answer is over the limit, whatever the host's speed
    assert delayed <= slow and len(delayed) == len(DELAYED) * REPEATS

    per_repeat: defaultdict[int, list[float]] = defaultdict(list)
    for s in samples:
        per_repeat[s["repeat"]].append(0.0 if s["id"] in slow else s["score"])
    accuracy = sum(s["score"] for s in samples) / len(samples)
    timed = sum(0.0 if s["id"] in slow else s["score"] for s in samples) / len(samples)
    assert accuracy == pytest.approx(0.8)
    assert timed <= accuracy - 3 * REPEATS / len(samples) + 1e-12  # items 0, 1, 2 lost

    (result,) = (await client.get(f"/runs/{run_id}/results")).json()
    m = result["metrics"]
    assert m["accuracy"] == pytest.approx(accuracy, abs=1e-12)
    limited = m["time_limited"]
    assert limited["limit_s"] == LIMIT_S
    assert limited["over_limit"] == len(slow)
    assert limited["accuracy"] == pytest.approx(timed, abs=1e-12)
    assert limited["pass_at_1"]["per_repeat"] == pytest.approx(
        [sum(v) / len(v) for _r, v in sorted(per_repeat.items())], abs=1e-12)

    card = (await client.get("/models/slow-model/scorecard")).json()
    speed = next(c for c in card["components"] if c["name"] == "response_speed")
    assert speed["value"] == pytest.approx(timed / accuracy, abs=1e-12)
    assert speed["value"] < 1 and speed["runs"] == [run_id]
    assert speed["inputs"] == pytest.approx([timed / accuracy], abs=1e-12)
