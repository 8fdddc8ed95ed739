"""A run's bundle verifies offline, and each edit of it is caught where it was made.

The verifier (pocketeval_verify) is run on bundles the server made, then on copies edited as
a careless or dishonest record would be: once with the manifest left as it was (the hashes
catch it), once rehashed and signed again with the server's own key, as a server that stored
the wrong thing would sign it (the re-judged verdicts and recomputed figures catch it).
"""

from __future__ import annotations

import ast
import json
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from app.bundles.signing import load_or_create
from app.config import Settings
from pocketeval_verify.cli import verify
from tests.support.bundles import resign, unzipped, zipped
from tests.support.databases import store_incidental
from tests.support.factories import mcq_rows

pytestmark = [pytest.mark.anyio, store_incidental]

Edit = Callable[[dict[str, bytes]], None]
VERIFIER = Path(__file__).resolve().parents[2] / "pocketeval_verify"


def _wrong(letter: str) -> str:
    return "A" if letter != "A" else "B"


@pytest.fixture
async def bundle(client: httpx.AsyncClient, tmp_path: Path) -> Path:
    """Three repeats of 16 items over two subjects, answered in prose ("Answer: X" after
    some words), one of three wrong: read by the methodology's chain, then bundled."""
    await client.post("/benchmarks", json={"name": "quiz", "kind": "mcq"})
    rows = mcq_rows(8, subject="alpha") + mcq_rows(8, subject="beta", prefix="b")
    assert (await client.post("/benchmarks/quiz/items:import",
                              json={"items": rows})).status_code == 200
    items = (await client.get("/benchmarks/quiz/items")).json()["items"]
    preds = []
    for repeat in range(3):
        for i, it in enumerate(items):
            key = it["answers"][0]
            said = _wrong(key) if (i + repeat) % 3 == 0 else key
            preds.append({"item_id": it["id"], "repeat": repeat,
                          "response": f"Let me think.\nAnswer: {said}"})
    preds[5]["response"] = "no idea, sorry."  # one unparsed
    scored = await client.post("/benchmarks/quiz/score", json={"predictions": preds})
    assert scored.status_code == 200, scored.text
    got = await client.get(f"/runs/{scored.json()['run_id']}/bundle")
    assert got.status_code == 200 and got.headers["content-type"] == "application/zip"
    path = tmp_path / "bundle.zip"
    path.write_bytes(got.content)
    return path


@pytest.fixture
async def public_key(client: httpx.AsyncClient) -> bytes:
    served = (await client.get("/signing-key")).json()
    return str(served["public_key_pem"]).encode()


def _lines(files: dict[str, bytes], name: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in files[name].splitlines()]


def _put_lines(files: dict[str, bytes], name: str, lines: list[dict[str, object]]) -> None:
    files[name] = b"".join(json.dumps(line, sort_keys=True).encode() + b"\n" for line in lines)


def flip_verdict(files: dict[str, bytes]) -> str:
    lines = _lines(files, "samples.jsonl")
    index = next(i for i, s in enumerate(lines) if s["verdict"] == "wrong")
    lines[index].update(verdict="correct", score=1.0)
    _put_lines(files, "samples.jsonl", lines)
    return f"samples.jsonl: line {index + 1}: verdict"


def change_output(files: dict[str, bytes]) -> str:
    lines = _lines(files, "samples.jsonl")
    index = next(i for i, s in enumerate(lines) if s["verdict"] == "correct")
    letter = str(lines[index]["answer"])
    lines[index]["response"] = f"Let me think.\nAnswer: {_wrong(letter)}"
    _put_lines(files, "samples.jsonl", lines)
    return f"samples.jsonl: line {index + 1}: verdict"


def last_digit(files: dict[str, bytes]) -> str:
    results = json.loads(files["results.json"])
    reported = results["benchmarks"]["quiz"]
    text = repr(reported["accuracy"])
    digit = int(text[-1])
    reported["accuracy"] = float(text[:-1] + str(digit - 1 if digit else 1))
    files["results.json"] = json.dumps(results, sort_keys=True, indent=1).encode()
    return "results.json: quiz: accuracy"


def edit_text(files: dict[str, bytes]) -> str:
    name = "methodology/texts/mcq.template.txt"
    files[name] = files[name].replace(b"Answer", b"Reply", 1)
    return f"{name}: methodology: text"


def remove_sample(files: dict[str, bytes]) -> str:
    lines = _lines(files, "samples.jsonl")
    _put_lines(files, "samples.jsonl", lines[:7] + lines[8:])
    return "results.json: quiz: counts.missing"


def claim_shared(files: dict[str, bytes]) -> str:
    """A sample said to share another repeat's generation, in a plan that shares none."""
    lines = _lines(files, "samples.jsonl")
    lines[3]["detail"] = {**dict(lines[3]["detail"] or {}),  # type: ignore[call-overload]
                          "generation_of_repeat": 0}
    _put_lines(files, "samples.jsonl", lines)
    return "samples.jsonl: line 4: detail.generation_of_repeat"


EDITS = [flip_verdict, change_output, last_digit, edit_text, remove_sample, claim_shared]


async def test_a_bundle_verifies_against_the_served_key(bundle: Path, public_key: bytes
                                                        ) -> None:
    report, unjudged = verify(bundle, public_key)
    assert report.ok, [str(m) for m in report.mismatches]
    assert unjudged == []
    assert report.checked["verdicts"] == 48 and report.checked["signature"] == 1
    files = unzipped(bundle)
    manifest = json.loads(files["manifest.json"])
    assert manifest["run"]["kind"] == "predictions"
    assert set(manifest["files"]) == set(files) - {"manifest.json", "manifest.sig",
                                                   "public-key.pem"}
    samples = _lines(files, "samples.jsonl")
    assert [s["verdict"] for s in samples if s["response"] == "no idea, sorry."] == ["unparsed"]


@pytest.mark.parametrize("edit", EDITS, ids=lambda e: e.__name__)
async def test_an_edit_breaks_the_files_hash(bundle: Path, public_key: bytes,
                                             edit: Callable[..., str]) -> None:
    files = unzipped(bundle)
    edit(files)
    report, _ = verify(zipped(files), public_key)
    changed = {m.file for m in report.mismatches if m.where == "manifest.json"}
    assert len(changed) == 1 and not report.ok


@pytest.mark.parametrize("edit", EDITS, ids=lambda e: e.__name__)
async def test_an_edit_signed_again_is_caught_where_it_was_made(
        bundle: Path, public_key: bytes, settings: Settings,
        edit: Callable[..., str]) -> None:
    files = unzipped(bundle)
    place = edit(files)
    resign(files, load_or_create(settings.signing_key_path).private)
    report, _ = verify(zipped(files), public_key)
    assert any(str(m).startswith(place) for m in report.mismatches), \
        [str(m) for m in report.mismatches]
    assert not any(m.file in ("manifest.sig",) or m.where == "manifest.json"
                   for m in report.mismatches)


async def test_a_signature_by_another_key_is_refused(bundle: Path, public_key: bytes
                                                     ) -> None:
    files = unzipped(bundle)
    resign(files, Ed25519PrivateKey.generate())
    report, _ = verify(zipped(files), public_key)
    assert [m.file for m in report.mismatches] == ["manifest.sig"]
    assert "not made by the key sha256:" in str(report.mismatches[0])


async def test_an_unknown_run_has_no_bundle(client: httpx.AsyncClient) -> None:
    got = await client.get("/runs/999/bundle")
    assert got.status_code == 404
    assert got.headers["content-type"] == "application/problem+json"


def test_the_verifier_imports_nothing_of_the_server() -> None:
    """Every import in the verifier's modules, read from their source: none is `app`."""
    imported: set[str] = set()
    for path in VERIFIER.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                imported |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module:
                imported.add(node.module)
    assert "pocketeval_verify.rescore" in imported  # the walk saw the package's own imports
    assert not {name for name in imported if name == "app" or name.startswith("app.")}
