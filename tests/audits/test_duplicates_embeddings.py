"""Near-duplicates by embeddings from a mocked OpenAI-compatible /embeddings endpoint: the
pairs equal numpy's cosine similarities of the same vectors, batches stay within 64 texts,
and an endpoint failure is a 502 naming it."""

from __future__ import annotations

import hashlib
import itertools
import json
import random

import httpx
import numpy as np
import pytest
import respx
from fastapi import FastAPI

from app.config import Settings
from app.main import create_app
from app.scoring.text_ngrams import item_text
from tests.conftest import API_KEY
from tests.support.factories import mcq_rows

pytestmark = pytest.mark.anyio
BASE = "http://embedder.test/v1"


def _vector(text: str) -> list[float]:
    """A bag of hashed words: copies embed alike, other texts apart."""
    v = [0.0] * 256
    for word in text.split():
        v[hashlib.sha256(word.encode()).digest()[0]] += 1.0
    return v


async def test_pairs_equal_numpy_cosines(settings: Settings) -> None:
    app: FastAPI = create_app(settings.model_copy(update={"embeddings_base_url": BASE,
                                                          "embeddings_model": "e5"}))
    rng = random.Random(3)
    vocabulary = [f"w{i}" for i in range(2000)]
    rows = [{**r, "question": " ".join(rng.sample(vocabulary, 12)),
             "choices": [" ".join(rng.sample(vocabulary, 3)) for _ in range(4)]}
            for r in mcq_rows(100)]
    rows.append({**rows[3], "id": "copy-of-q3"})
    batches: list[int] = []
    texts: dict[str, list[float]] = {}

    def embeddings(request: httpx.Request) -> httpx.Response:
        body = json.loads(request.content)
        batches.append(len(body["input"]))
        data = []
        for i, text in enumerate(body["input"]):
            texts[text] = _vector(text)
            data.append({"index": i, "embedding": texts[text]})
        return httpx.Response(200, json={"data": data})

    async with app.router.lifespan_context(app):
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app),
                                     base_url="http://test",
                                     headers={"Authorization": f"Bearer {API_KEY}"}) as client:
            assert (await client.post("/benchmarks/mmlu/items:import",
                                      json={"items": rows})).status_code == 200
            with respx.mock(assert_all_called=False) as mock:
                mock.route(host="test").pass_through()
                route = mock.post(f"{BASE}/embeddings").mock(side_effect=embeddings)
                r = await client.get("/benchmarks/mmlu/audits/duplicates:embeddings",
                                     params={"threshold": 0.9})
                assert r.status_code == 200, r.text
                route.mock(return_value=httpx.Response(500))
                failed = await client.get("/benchmarks/mmlu/audits/duplicates:embeddings")
    body = r.json()
    assert body["method"] == "embeddings" and body["ngram"] is None
    assert max(batches) <= 64 and sum(batches) == 101
    ids = [str(r["id"]) for r in rows]
    vectors = np.array([_vector(item_text(r)) for r in rows])
    unit = vectors / np.linalg.norm(vectors, axis=1, keepdims=True)
    parent = {i: i for i in ids}

    def root(x: str) -> str:
        while parent[x] != x:
            x = parent[x]
        return x

    for a, b in itertools.combinations(range(len(ids)), 2):
        if unit[a] @ unit[b] >= 0.9:
            parent[root(ids[a])] = root(ids[b])
    groups: dict[str, set[str]] = {}
    for i in ids:
        groups.setdefault(root(i), set()).add(i)
    expected = {frozenset(g) for g in groups.values() if len(g) > 1}
    found = {frozenset(i["external_id"] for i in c["items"]) for c in body["clusters"]}
    assert found == expected and frozenset({"q3", "copy-of-q3"}) in found
    assert failed.status_code == 502 and "embedding endpoint answered 500" in failed.text
