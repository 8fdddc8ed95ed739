"""A benchmark added in one folder (tests/benchmarks/toy/) and registered: the server
imports it in its own layout, renders its prompt, scores it with its own rule and metrics,
and takes the index component the suites' data gives it (one entry there), with nothing
changed anywhere else; a model run through the executor is scored as its posted answers
are."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from dataclasses import replace

import httpx
import pytest
import respx

from app.benchmarks.registry import register, unregister
from app.benchmarks.suites import IndexComponentDef, suites, use
from app.config import Settings
from tests.benchmarks import toy
from tests.conftest import API_KEY
from tests.support.factories import served, wait_run
from tests.support.fake_openai import completion, last_user_text, reply

pytestmark = pytest.mark.anyio
BASE = "http://127.0.0.1:9/v1"
SENTENCES = ["The cat sat on the mat", "Small models run on phones", "Count these four words",
             "One", "A quick brown fox jumps over the lazy dog"]


@pytest.fixture
def registered() -> Iterator[None]:
    """The toy registered, and given an index component in the suites' data."""
    register(toy.BENCHMARK)
    data = suites()
    previous = use(replace(data, index=data.index.with_component(
        IndexComponentDef("toy", (toy.SPEC.name,)))))
    yield
    use(previous)
    unregister(toy.SPEC.name)


@pytest.fixture
async def toy_client(registered: None, settings: Settings) -> AsyncIterator[httpx.AsyncClient]:
    async with served(settings, API_KEY) as client:
        yield client


async def test_a_toy_benchmark_runs_through_import_prompt_score_and_index(
        toy_client: httpx.AsyncClient) -> None:
    client = toy_client
    listed = {b["name"] for b in (await client.get("/benchmarks")).json()}
    assert "toy-words" in listed
    tsv = "".join(f"w{i}\t{s}\t{len(s.split())}\n" for i, s in enumerate(SENTENCES))
    r = await client.post("/benchmarks/toy-words/items:import",
                          files={"file": ("words.tsv", tsv.encode())})
    assert r.status_code == 200, r.text
    assert r.json()["inserted"] == len(SENTENCES)
    bad = await client.post("/benchmarks/toy-words/items:import",
                            files={"file": ("bad.tsv", b"w9\tonly two\n")})
    assert bad.status_code == 422 and "line 1" in bad.text and "columns" in bad.text

    items = (await client.get("/benchmarks/toy-words/items")).json()["items"]
    prompt = (await client.get(f"/items/{items[0]['id']}/prompt")).json()
    text = prompt["turns"][0][0]["content"]
    assert text == toy.PROMPT.format(question=items[0]["question"])
    refused = await client.get(f"/items/{items[0]['id']}/prompt",
                               params={"style": "loglikelihood"})
    assert refused.status_code == 422

    said = {"w0": 6, "w1": 4, "w2": 4, "w3": 1, "w4": 12}  # w1 and w4 wrong
    preds = [{"external_id": k, "response": f"I count {v - 1}... no, {v}."}
             for k, v in said.items()]
    r = await client.post("/benchmarks/toy-words/score",
                          json={"model": "counter", "predictions": preds})
    assert r.status_code == 200, r.text
    metrics = r.json()["metrics"]
    truth = {f"w{i}": len(s.split()) for i, s in enumerate(SENTENCES)}
    right = sum(said[k] == truth[k] for k in truth)
    assert metrics["accuracy"] == pytest.approx(right / len(truth))
    assert metrics["extra"]["mean_abs_error"] == pytest.approx(
        sum(abs(said[k] - truth[k]) for k in truth) / len(truth))
    assert "toy.mean_abs_error" in metrics["definitions"]

    index = (await client.get("/index", params={"runs": str(r.json()["run_id"])})).json()
    component = next(c for c in index["components"] if c["component"] == "toy")
    assert component["value"] == pytest.approx(right / len(truth))
    assert index["index"] is None and "toy" not in index["missing"]
    assert "toy" in index["formula"] and len(index["missing"]) >= 5


async def _imported(client: httpx.AsyncClient) -> None:
    tsv = "".join(f"w{i}\t{s}\t{len(s.split())}\n" for i, s in enumerate(SENTENCES))
    r = await client.post("/benchmarks/toy-words/items:import",
                          files={"file": ("words.tsv", tsv.encode())})
    assert r.status_code == 200, r.text


async def _samples(client: httpx.AsyncClient, run_id: int) -> dict[int, tuple[str, str]]:
    samples = (await client.get(f"/runs/{run_id}/samples",
                                params={"limit": 1000})).json()["samples"]
    return {s["item_id"]: (s["verdict"], s["answer"]) for s in samples}


async def test_a_model_run_through_the_executor_scores_as_its_posted_answers(
        toy_client: httpx.AsyncClient) -> None:
    client = toy_client
    await _imported(client)
    said = {s: len(s.split()) + (i % 2) for i, s in enumerate(SENTENCES)}  # odd ones wrong

    def model(request: httpx.Request) -> httpx.Response:
        sentence = last_user_text(request).rsplit("\n\n", 1)[-1]
        return reply(completion(f"That makes {said[sentence]}."))

    body = {"model": {"name": "counter", "base_url": BASE}, "benchmarks": ["toy-words"],
            "repeats": 1, "concurrency": 2}
    with respx.mock(assert_all_called=True) as mock:
        mock.post(f"{BASE}/chat/completions").mock(side_effect=model)
        r = await client.post("/runs", json=body)
        assert r.status_code == 202, r.text
        status = await wait_run(client, r.json()["id"])
    assert status["status"] == "finished", status.get("error")
    ran = await _samples(client, r.json()["id"])
    results = (await client.get(f"/runs/{r.json()['id']}/results")).json()
    metrics = results[0]["metrics"]

    items = (await client.get("/benchmarks/toy-words/items")).json()["items"]
    posted = await client.post("/benchmarks/toy-words/score", json={
        "model": "counter", "predictions": [
            {"item_id": it["id"], "response": f"That makes {said[it['question']]}."}
            for it in items]})
    assert posted.status_code == 200, posted.text
    assert ran == await _samples(client, posted.json()["run_id"])
    assert metrics["accuracy"] == posted.json()["metrics"]["accuracy"] == pytest.approx(3 / 5)
    assert metrics["extra"] == posted.json()["metrics"]["extra"] == {"mean_abs_error": 0.4}
    assert "toy.mean_abs_error" in metrics["definitions"]
