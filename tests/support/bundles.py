"""A run's bundle fetched and checked by the offline verifier (pocketeval_verify)."""

from __future__ import annotations

from pathlib import Path

import httpx

from pocketeval_verify.cli import verify
from pocketeval_verify.report import Report


async def fetch_bundle(client: httpx.AsyncClient, run_id: int, path: Path) -> Path:
    got = await client.get(f"/runs/{run_id}/bundle")
    assert got.status_code == 200, got.text
    assert got.headers["content-type"] == "application/zip"
    path.write_bytes(got.content)
    return path


async def verified(client: httpx.AsyncClient, run_id: int, path: Path) -> Report:
    """The run's bundle checked against the key the server serves: every check holds and
    every sample was judged again."""
    served = (await client.get("/signing-key")).json()
    report, unjudged = verify(await fetch_bundle(client, run_id, path),
                              str(served["public_key_pem"]).encode())
    assert report.ok, [str(m) for m in report.mismatches]
    assert not unjudged, unjudged
    return report
