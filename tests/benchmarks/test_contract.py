"""Every registered benchmark through its protocol, over the API: import in its published
layout, its prompts (a loglikelihood form exactly where it says it has one), scoring of
predictions whose verdicts are known, and its index component from the run."""

from __future__ import annotations

import httpx
import pytest

from app.benchmarks.base import loglikelihood_capable
from app.benchmarks.index import component_name
from app.benchmarks.registry import benchmarks
from tests.support.benchmark_cases import CASES, imported

pytestmark = pytest.mark.anyio


def test_every_registered_benchmark_has_a_case() -> None:
    assert set(CASES) == set(benchmarks())


@pytest.mark.parametrize("name", sorted(CASES))
async def test_import_prompt_score_and_index(client: httpx.AsyncClient, name: str) -> None:
    benchmark = benchmarks()[name]
    case = CASES[name]
    r = await client.post(f"/benchmarks/{name}/items:import", files=case.files())
    assert r.status_code == 200, r.text
    split = benchmark.spec.default_split
    items = (await client.get(f"/benchmarks/{name}/items",
                              params={"limit": 1000, "split": split})).json()["items"]
    assert items and r.json()["inserted"] >= len(items)

    prompts = {}
    for item in items:
        got = await client.get(f"/items/{item['id']}/prompt")
        assert got.status_code == 200, got.text
        prompts[item["id"]] = got.json()
        assert prompts[item["id"]]["turns"] and prompts[item["id"]]["turns"][0]
    likelihood = await client.get(f"/items/{items[0]['id']}/prompt",
                                  params={"style": "loglikelihood"})
    assert (likelihood.status_code == 200) == loglikelihood_capable(benchmark), likelihood.text
    if loglikelihood_capable(benchmark):
        assert likelihood.json()["continuations"][0] == " A"

    r = await client.post(f"/benchmarks/{name}/score", json={
        "model": "contract", "predictions": case.predictions(items, prompts)})
    assert r.status_code == 200, r.text
    metrics = r.json()["metrics"]
    assert metrics["n_items"] == len(items) and metrics["counts"]["missing"] == 0
    assert set(benchmark.about.definitions) <= set(metrics["definitions"])
    samples = (await client.get(f"/runs/{r.json()['run_id']}/samples",
                                params={"limit": 1000})).json()["samples"]
    right = sum(s["verdict"] == "correct" for s in samples)
    assert metrics["accuracy"] == pytest.approx(right / len(items))
    if case.all_right:
        assert metrics["accuracy"] == 1.0

    index = (await client.get("/index", params={"runs": str(r.json()["run_id"])}))
    name = component_name(benchmark.spec.name)
    if name is None:
        assert index.status_code == 422 and index.json()["field"] == "runs"
        return
    assert index.status_code == 200, index.text
    component = next(c for c in index.json()["components"])
    assert component["component"] == name
    expected = benchmark.metrics.component(name, metrics)
    assert expected is not None and component["value"] == pytest.approx(expected.value)
    if case.all_right:
        assert component["value"] == 1.0


@pytest.mark.parametrize("name", sorted(CASES))
async def test_wrong_answers_are_scored_wrong(client: httpx.AsyncClient, name: str) -> None:
    """Predictions wrong by the benchmark's rules: no sample is correct, the accuracy is 0
    (a judge that called everything right fails here)."""
    case = CASES[name]
    items, prompts = await imported(client, name)
    r = await client.post(f"/benchmarks/{name}/score", json={
        "model": "contract-wrong", "predictions": case.wrong(items, prompts)})
    assert r.status_code == 200, r.text
    assert r.json()["metrics"]["accuracy"] == 0.0
    samples = (await client.get(f"/runs/{r.json()['run_id']}/samples",
                                params={"limit": 1000})).json()["samples"]
    assert len(samples) == len(items)
    assert [s for s in samples if s["verdict"] == "correct"] == []
