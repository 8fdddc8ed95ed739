"""Request bodies refuse fields they do not know: a 422 naming the field, nothing stored,
where the field used to be dropped and the request run with defaults."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from fastapi import FastAPI

from tests.support.databases import store_incidental
from tests.support.factories import db_fingerprint, mcq_rows

pytestmark = [pytest.mark.anyio, store_incidental]

BASE = "http://127.0.0.1:9/v1"


@pytest.mark.parametrize(("path", "body", "field"), [
    ("/runs", {"model": {"name": "m", "base_url": BASE, "max_output_token": 64},
               "benchmarks": ["mmlu"]}, "max_output_token"),
    ("/runs", {"model": {"name": "m", "path": "x.gguf", "max_ouput_tokens": 64},
               "benchmarks": ["mmlu"]}, "max_ouput_tokens"),
    ("/runs", {"model": {"name": "m", "base_url": BASE}, "benchmarks": ["mmlu"],
               "repeat": 5}, "repeat"),
    ("/runs", {"model": {"name": "m", "base_url": BASE}, "benchmarks": ["mmlu"],
               "stop_when": {"wall_s": 10, "ci": 0.1}}, "ci"),
    ("/benchmarks/mmlu/score", {"predictions": [{"item_id": 1, "answer": "A",
                                                 "confidence": 0.9}]}, "confidence"),
    ("/benchmarks/mmlu/items:import", {"items": [], "layout": "csv"}, "layout"),
    ("/benchmarks", {"name": "quiz", "kind": "mcq", "subjects": ["a"]}, "subjects"),
    ("/eligibility", {"path": "x.gguf", "nctx": 4096}, "nctx"),
])
async def test_an_unknown_field_is_a_422_naming_it(client: httpx.AsyncClient, app: FastAPI,
                                                   path: str, body: dict[str, Any],
                                                   field: str) -> None:
    await client.post("/benchmarks/mmlu/items:import", json={"items": mcq_rows(3)})
    before = db_fingerprint(app)
    r = await client.post(path, json=body)
    assert r.status_code == 422, r.text
    assert r.headers["content-type"] == "application/problem+json"
    assert any(e["field"].endswith(field) for e in r.json()["errors"]), r.json()
    assert db_fingerprint(app) == before


@pytest.mark.parametrize(("method", "path", "unknown"), [
    ("POST", "/benchmarks/mmlu/items:import?dry_run=true", ["dry_run"]),
    ("GET", "/compare?a=1&b=2&marginn=0.05", ["marginn"]),
    ("GET", "/runs?limit=5&statuss=failed&x=1", ["statuss", "x"]),
    ("GET", "/benchmarks/mmlu/items?limit=2&subjectt=alpha", ["subjectt"]),
])
async def test_an_unknown_query_parameter_is_a_422_naming_it(
        client: httpx.AsyncClient, app: FastAPI, method: str, path: str,
        unknown: list[str]) -> None:
    await client.post("/benchmarks/mmlu/items:import", json={"items": mcq_rows(3)})
    before = db_fingerprint(app)
    r = await client.request(method, path, json={"items": mcq_rows(2, prefix="z")}
                             if method == "POST" else None)
    assert r.status_code == 422, r.text
    assert r.headers["content-type"] == "application/problem+json"
    assert [e["field"] for e in r.json()["errors"]] == [f"query.{n}" for n in unknown]
    assert all(n in r.json()["detail"] for n in unknown)
    assert db_fingerprint(app) == before


async def test_declared_query_parameters_still_pass(client: httpx.AsyncClient) -> None:
    await client.post("/benchmarks/mmlu/items:import", json={"items": mcq_rows(3)})
    r = await client.get("/benchmarks/mmlu/items", params={"limit": 2, "split": "test"})
    assert r.status_code == 200, r.text
    assert (await client.get("/ui/compare", params={"a": 1, "b": 2})).status_code == 200


@pytest.mark.parametrize(("model", "fields"), [
    ({"name": "m", "path": "x.gguf", "n_ctx": 4096}, ["body.model.gguf.n_ctx"]),
    ({"name": "m", "base_url": BASE, "n_ctx": 4096}, ["body.model.endpoint.n_ctx"]),
])
async def test_a_models_error_names_the_branch_its_fields_chose(
        client: httpx.AsyncClient, model: dict[str, Any], fields: list[str]) -> None:
    """A `path` means a GGUF file: its mistake is not reported as a missing `base_url`."""
    r = await client.post("/runs", json={"model": model, "benchmarks": ["mmlu"]})
    assert r.status_code == 422, r.text
    assert [e["field"] for e in r.json()["errors"]] == fields
