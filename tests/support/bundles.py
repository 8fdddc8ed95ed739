"""A run's bundle fetched and checked by the offline verifier (pocketeval_verify), and
edited copies of one."""

from __future__ import annotations

import base64
import hashlib
import io
import json
import zipfile
from pathlib import Path

import httpx
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

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


def unzipped(bundle: Path | bytes) -> dict[str, bytes]:
    """A bundle's files by name, to be edited as a careless or dishonest record would."""
    with zipfile.ZipFile(io.BytesIO(bundle) if isinstance(bundle, bytes) else bundle) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def zipped(files: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    return out.getvalue()


def resign(files: dict[str, bytes], key: Ed25519PrivateKey) -> None:
    """The manifest's hashes made to match the edited files, then signed by `key`: what a
    server that stored the wrong thing (key: its own) or a forger (another key) would make."""
    manifest = json.loads(files["manifest.json"])
    manifest["files"] = {name: hashlib.sha256(files[name]).hexdigest()
                         for name in manifest["files"] if name in files}
    files["manifest.json"] = json.dumps(manifest, sort_keys=True, indent=1).encode()
    files["manifest.sig"] = base64.b64encode(key.sign(files["manifest.json"]))
