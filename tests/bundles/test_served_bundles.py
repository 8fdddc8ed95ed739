"""Through `pocketeval serve`: the whole published MMLU test set posted as predictions, its
bundle fetched with curl and checked by `pocketeval verify` against the key the server
serves; the same bundle made by `pocketeval bundle` from the database; an edited copy,
signed again with the server's key, refused with its place named."""

from __future__ import annotations

import base64
import hashlib
import io
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import httpx
import pytest

from app.bundles.signing import load_or_create
from tests.support.processes import HANG_S
from tests.support.served import (
    AUTH,
    IMPORT,
    KEY,
    ROWS,
    SCORE,
    curl,
    mmlu_rows,
    one_csv,
    predictions,
    served,
)

pytestmark = [pytest.mark.needs("process"), pytest.mark.data]


def _pocketeval(workdir: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {"POCKETEVAL_DATABASE_URL": f"sqlite:///{workdir / 'live.db'}",
           "POCKETEVAL_VAR_DIR": str(workdir), "PATH": "/usr/bin:/bin"}
    return subprocess.run([sys.executable, "-m", "app.cli", *args], cwd=workdir, env=env,
                          capture_output=True, text=True, timeout=HANG_S)


def _flip_first_wrong(bundle: bytes, workdir: Path) -> tuple[bytes, int]:
    """The bundle with its first wrong verdict made correct, hashed and signed again with
    the server's own key; and the samples line edited."""
    with zipfile.ZipFile(io.BytesIO(bundle)) as archive:
        files = {name: archive.read(name) for name in archive.namelist()}
    lines = [json.loads(line) for line in files["samples.jsonl"].splitlines()]
    index = next(i for i, s in enumerate(lines) if s["verdict"] == "wrong")
    lines[index].update(verdict="correct", score=1.0)
    files["samples.jsonl"] = b"".join(json.dumps(s).encode() + b"\n" for s in lines)
    manifest = json.loads(files["manifest.json"])
    manifest["files"]["samples.jsonl"] = hashlib.sha256(files["samples.jsonl"]).hexdigest()
    files["manifest.json"] = json.dumps(manifest).encode()
    key = load_or_create(workdir / "signing-key.pem")
    files["manifest.sig"] = base64.b64encode(key.sign(files["manifest.json"]))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    return out.getvalue(), index + 1


def test_a_posted_mmlu_set_verifies_offline(tmp_path: Path) -> None:
    rows = mmlu_rows()
    body, right = predictions(rows, "every-letter-in-turn")
    with served(tmp_path) as base, httpx.Client(base_url=base, headers=AUTH,
                                                timeout=HANG_S) as api:
        imported = api.post(f"{IMPORT}?layout=csv",
                            files={"file": ("mmlu_all.csv", one_csv(rows), "text/csv")})
        assert imported.status_code == 200, imported.text[:2000]
        scored = api.post(SCORE, content=body, headers={"Content-Type": "application/json"})
        assert scored.status_code == 200, scored.text[:2000]
        run_id = scored.json()["run_id"]
        assert scored.json()["metrics"]["counts"]["correct"] == right
        (tmp_path / "key.pem").write_text(api.get("/signing-key").json()["public_key_pem"])
        status, data = curl("-H", f"Authorization: Bearer {KEY}", f"{base}/runs/{run_id}/bundle")
        assert status == 200, data[:2000]
        (tmp_path / "bundle.zip").write_bytes(data)
    checked = _pocketeval(tmp_path, "verify", str(tmp_path / "bundle.zip"),
                          "--public-key", str(tmp_path / "key.pem"))
    assert checked.returncode == 0, checked.stdout[-3000:] + checked.stderr[-3000:]
    assert f"{ROWS} verdicts" in checked.stdout and "OK: every check holds" in checked.stdout

    made = _pocketeval(tmp_path, "bundle", str(run_id), "-o", str(tmp_path / "again.zip"))
    assert made.returncode == 0, made.stderr
    again = _pocketeval(tmp_path, "verify", str(tmp_path / "again.zip"),
                        "--public-key", str(tmp_path / "key.pem"))
    assert again.returncode == 0, again.stdout[-3000:]

    edited, line = _flip_first_wrong((tmp_path / "bundle.zip").read_bytes(), tmp_path)
    (tmp_path / "edited.zip").write_bytes(edited)
    refused = _pocketeval(tmp_path, "verify", str(tmp_path / "edited.zip"),
                          "--public-key", str(tmp_path / "key.pem"))
    assert refused.returncode == 1
    assert f"MISMATCH samples.jsonl: line {line}: verdict: the bundle says 'correct', " \
        "recomputed 'wrong'" in refused.stdout
    assert "MISMATCH results.json: mmlu: counts.correct" in refused.stdout
