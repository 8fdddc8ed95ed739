"""Near-duplicates by sentence embeddings (published sets have removed questions at cosine
similarity >= 0.98): the items' texts embedded by a configured OpenAI-compatible
`/embeddings` endpoint, then every pair's cosine similarity, in blocks."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Sequence

import httpx
import numpy as np

from app.config import Settings
from app.http import ServiceUnavailable, UpstreamRefused
from app.scoring import Pair

BATCH = 64
CONCURRENCY = 4
BLOCK = 1024


def _headers(settings: Settings) -> dict[str, str]:
    if not settings.embeddings_api_key_env:
        return {}
    key = os.environ.get(settings.embeddings_api_key_env)
    if key is None:
        raise ServiceUnavailable(f"{settings.embeddings_api_key_env} is not set")
    return {"Authorization": f"Bearer {key}"}


async def embed(client: httpx.AsyncClient, settings: Settings,
                texts: Sequence[str]) -> np.ndarray:
    """One row per text, in order."""
    if not settings.embeddings_base_url:
        raise ServiceUnavailable("no embedding model is configured: set "
                                 "POCKETEVAL_EMBEDDINGS_BASE_URL (and _MODEL)")
    url = settings.embeddings_base_url.rstrip("/") + "/embeddings"
    headers = _headers(settings)
    semaphore = asyncio.Semaphore(CONCURRENCY)

    async def batch(start: int) -> list[list[float]]:
        chunk = list(texts[start:start + BATCH])
        async with semaphore:
            try:
                r = await client.post(url, headers=headers, timeout=120, json={
                    "model": settings.embeddings_model or "default", "input": chunk})
            except httpx.HTTPError as exc:
                raise UpstreamRefused(f"the embedding endpoint is unreachable: "
                                      f"{type(exc).__name__}") from None
        if r.status_code != 200:
            raise UpstreamRefused(f"the embedding endpoint answered {r.status_code}")
        try:
            rows = sorted(r.json()["data"], key=lambda d: d["index"])
            vectors = [[float(x) for x in d["embedding"]] for d in rows]
        except (ValueError, KeyError, TypeError):
            raise UpstreamRefused("the embedding endpoint's reply is not an embeddings "
                                  "list") from None
        if len(vectors) != len(chunk):
            raise UpstreamRefused("the embedding endpoint returned "
                                  f"{len(vectors)} vectors for {len(chunk)} texts")
        return vectors

    parts = await asyncio.gather(*(batch(i) for i in range(0, len(texts), BATCH)))
    matrix = np.array([v for part in parts for v in part], dtype=np.float64)
    if matrix.ndim != 2 or len(matrix) != len(texts):
        raise UpstreamRefused("the embedding endpoint's vectors differ in length")
    return matrix


def cosine_pairs(keys: Sequence[int], vectors: np.ndarray, threshold: float) -> list[Pair]:
    """Every pair at cosine similarity >= threshold, computed in blocks of rows."""
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    unit = vectors / np.where(norms == 0, 1, norms)
    found = []
    for start in range(0, len(keys), BLOCK):
        block = unit[start:start + BLOCK] @ unit.T
        for i, j in zip(*np.nonzero(block >= threshold), strict=True):
            a, b = start + int(i), int(j)
            if a < b:
                found.append(Pair(keys[a], keys[b], float(block[i, j])))
    return sorted(found, key=lambda p: (p.a, p.b))
