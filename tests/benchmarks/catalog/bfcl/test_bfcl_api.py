"""BFCL v4 through the API: data loaded at start-up, real files imported, ground truth
scores 100%, hostile calls are invalid without side effects."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI

from app.config import Settings
from app.main import create_app
from tests.conftest import API_KEY
from tests.support.bfcl_cases import ground_truth_arguments, ground_truth_turns
from tests.support.databases import store_incidental

pytestmark = [pytest.mark.anyio, store_incidental]


@pytest.fixture
async def bundled_client(settings: Settings) -> AsyncIterator[httpx.AsyncClient]:
    application = create_app(settings.model_copy(update={"load_bundled_data": True}))
    async with application.router.lifespan_context(application):
        transport = httpx.ASGITransport(app=application)
        async with httpx.AsyncClient(transport=transport, base_url="http://test",
                                     headers={"Authorization": f"Bearer {API_KEY}"}) as c:
            yield c


async def _all_items(client: httpx.AsyncClient) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    cursor = None
    while True:
        params: dict[str, Any] = {"limit": 1000} | ({"cursor": cursor} if cursor else {})
        page = (await client.get("/benchmarks/bfcl-v4/items", params=params)).json()
        out += page["items"]
        cursor = page["next_cursor"]
        if not cursor:
            return out


def _ground_truth_predictions(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    predictions = []
    for item in items:
        payload, ext = item["task"], item["external_id"]
        if item["subject"] == "multiple":
            (name, possible), = payload["ground_truth"][0].items()
            predictions.append({"external_id": ext, "tool_calls": [
                {"name": name.replace(".", "_"),
                 "arguments": json.dumps(ground_truth_arguments(possible))}]})
        elif item["subject"] == "irrelevance":
            predictions.append({"external_id": ext, "response": "None of these tools fit.",
                                "tool_calls": []})
        else:
            predictions.append({"external_id": ext, "turns": ground_truth_turns(payload)})
    return predictions


async def test_start_up_loads_the_packaged_data_and_ground_truth_scores_100(
        bundled_client: httpx.AsyncClient) -> None:
    bench = (await bundled_client.get("/benchmarks/bfcl-v4")).json()
    assert {s["subject"]: s["items"] for s in bench["subjects"]} == {
        "multiple": 200, "multi_turn_base": 200, "irrelevance": 240}
    items = await _all_items(bundled_client)
    multi = next(i for i in items if i["external_id"] == "multi_turn_base_0")
    prompt = (await bundled_client.get(f"/items/{multi['id']}/prompt")).json()
    assert len(prompt["turns"]) == len(multi["task"]["turns"])
    schema_types = json.dumps([t["function"]["parameters"] for t in prompt["tools"]])
    assert '"type": "dict"' not in schema_types and '"type": "float"' not in schema_types
    assert {t["function"]["name"] for t in prompt["tools"]}.isdisjoint(
        multi["task"]["excluded_function"])
    r = await bundled_client.post("/benchmarks/bfcl-v4/score",
                                  json={"predictions": _ground_truth_predictions(items)})
    assert r.status_code == 200, r.text
    extra = r.json()["metrics"]["extra"]
    assert extra["categories"] == {"multiple": 1.0, "multi_turn_base": 1.0, "irrelevance": 1.0}
    assert extra["score"] == 1.0


@pytest.mark.data
async def test_official_files_import_with_exact_counts(client: httpx.AsyncClient,
                                                       data_dir: Path) -> None:
    root = data_dir / "bfcl"
    paths = [root / "BFCL_v4_multiple.json", root / "BFCL_v4_irrelevance.json",
             root / "BFCL_v4_multi_turn_base.json",
             *sorted((root / "possible_answer").glob("*.json")),
             *sorted((root / "multi_turn_func_doc").glob("*.json"))]
    files = [("file", (p.name, p.read_bytes())) for p in paths]
    r = await client.post("/benchmarks/bfcl-v4/items:import", files=files)
    assert r.status_code == 200, r.text
    assert r.json()["inserted"] == 640
    items = await _all_items(client)
    first = next(i for i in items if i["external_id"] == "multi_turn_base_0")
    excluded = set(first["task"]["excluded_function"])
    names = {f["name"] for f in first["task"]["functions"]}
    assert excluded and not excluded & names and "ls" in names
    # one category at a time: the BFCL score stays null until all three are scored
    multiple = [p for p in _ground_truth_predictions(items)
                if p["external_id"].startswith("multiple_")]
    r = await client.post("/benchmarks/bfcl-v4/score",
                          json={"predictions": multiple, "missing": "exclude"})
    extra = r.json()["metrics"]["extra"]
    assert extra["categories"]["multiple"] == 1.0 and extra["score"] is None
    assert extra["missing_categories"] == ["multi_turn_base", "irrelevance"]


async def test_answers_without_questions_and_unsafe_ground_truth_are_rejected(
        client: httpx.AsyncClient, app: FastAPI) -> None:
    question = {"id": "multi_turn_base_0", "question": [[{"role": "user", "content": "hi"}]],
                "initial_config": {}, "involved_classes": ["MathAPI"], "excluded_function": []}
    hostile = {"id": "multi_turn_base_0",
               "ground_truth": [["__import__('os').system('touch /tmp/pwned')"]]}
    stray = {"id": "multiple_9", "ground_truth": [{"f": {"a": [1]}}]}
    files = [("file", ("BFCL_v4_multi_turn_base.json", json.dumps(question).encode())),
             ("file", ("answers.json", (json.dumps(hostile) + "\n" + json.dumps(stray))
                       .encode()))]
    r = await client.post("/benchmarks/bfcl-v4/items:import", files=files)
    assert r.status_code == 422
    messages = " ".join(e["message"] for e in r.json()["errors"])
    assert "plain function name" in messages and "multiple_9" in messages
    assert not Path("/tmp/pwned").exists()


async def test_hostile_multi_turn_calls_are_invalid_and_harmless(
        bundled_client: httpx.AsyncClient, tmp_path: Path) -> None:
    marker = tmp_path / "pwned"
    items = await _all_items(bundled_client)
    item = next(i for i in items if i["external_id"] == "multi_turn_base_0")
    hostile = [
        {"name": "__import__", "arguments": {"name": "os"}},
        {"name": "eval", "arguments": {"source": f"open('{marker}', 'w')"}},
        {"name": "_load_scenario", "arguments": {"scenario": {}}},
        {"name": "ls", "arguments": f'{{"a": "{"[" * 5000}"}}'},
        {"name": "cd", "arguments": {"folder": f"__import__('os').system('touch {marker}')"}},
    ]
    turns = [[{"tool_calls": hostile}] for _ in item["task"]["turns"]]
    r = await bundled_client.post("/benchmarks/bfcl-v4/score", json={
        "predictions": [{"external_id": "multi_turn_base_0", "turns": turns}],
        "missing": "exclude"})
    assert r.status_code == 200, r.text
    assert r.json()["metrics"]["counts"]["wrong"] == 1
    samples = (await bundled_client.get(f"/runs/{r.json()['run_id']}/samples")).json()
    results = samples["samples"][0]["detail"]["replay"][0]["model_results"][0]
    assert all(res.startswith("Error during execution") for res in results[:3])
    assert not marker.exists()
