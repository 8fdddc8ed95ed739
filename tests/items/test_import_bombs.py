"""Small uploads that would take seconds of CPU or a gigabyte of memory to reject are
refused from their metadata first: a Parquet file declaring millions of rows, and a large
ZipCrypto-encrypted member (decrypted in pure Python)."""

from __future__ import annotations

import io
import subprocess
from pathlib import Path

import httpx
import pytest

from tests.support.databases import store_incidental

pytestmark = [pytest.mark.anyio, store_incidental]


async def test_a_parquet_decompression_bomb_is_refused(client: httpx.AsyncClient) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    n = 2_000_000
    table = pa.table({"question_id": pa.array([7] * n),
                      "question": pa.array(["Same question?"] * n),
                      "options": pa.array([["a", "b"]] * n), "answer": pa.array(["A"] * n),
                      "category": pa.array(["math"] * n)})
    buf = io.BytesIO()
    pq.write_table(table, buf, compression="zstd")
    assert buf.tell() < 2_000_000  # far smaller than what it unpacks to
    r = await client.post("/benchmarks/mmlu-pro/items:import",
                          params={"layout": "mmlu-pro-parquet"},
                          files={"file": ("test-00000-of-00001.parquet", buf.getvalue())})
    assert r.status_code == 422, r.text
    assert "declares 2000000 rows" in r.json()["detail"]


@pytest.mark.needs("zip")
async def test_a_large_encrypted_member_is_refused(client: httpx.AsyncClient,
                                                   tmp_path: Path) -> None:
    import os

    member = tmp_path / "gpqa_diamond.csv"
    member.write_bytes(os.urandom(5 * 1024 * 1024))  # incompressible: 5 MB encrypted
    archive = tmp_path / "gpqa.zip"
    subprocess.run(["zip", "-q", "-j", "-P", "pw", str(archive), str(member)], check=True)
    r = await client.post("/benchmarks/gpqa-diamond/items:import",
                          params={"layout": "gpqa-zip"},
                          files={"file": ("gpqa.zip", archive.read_bytes())})
    assert r.status_code == 422, r.text
    assert "encrypted member" in r.json()["detail"]
