"""What the refusal tests' "changed nothing" rests on: the fingerprint moves when a row is
updated in place (same count, same keys) and when a file under the app's folders is
written, changed or removed."""

from __future__ import annotations

import httpx
import pytest
from fastapi import FastAPI
from sqlalchemy import update

from app.tables import Item
from tests.support.factories import db_fingerprint, mcq_rows

pytestmark = pytest.mark.anyio


async def test_the_fingerprint_sees_an_update_and_a_file(app: FastAPI,
                                                          client: httpx.AsyncClient) -> None:
    await client.post("/benchmarks/mmlu/items:import", json={"items": mcq_rows(3)})
    before = db_fingerprint(app)
    assert db_fingerprint(app) == before  # reading changes nothing
    with app.state.engine.begin() as conn:
        conn.execute(update(Item).where(Item.external_id == "q1").values(subject="beta"))
    updated = db_fingerprint(app)
    assert updated["items"] != before["items"]
    assert {k: v for k, v in updated.items() if k != "items"} == \
        {k: v for k, v in before.items() if k != "items"}
    folder = app.state.settings.var_dir
    key = f"files:{folder}"
    (folder / "upload.gguf").write_bytes(b"GGUF")
    written = db_fingerprint(app)
    assert written[key] != updated[key]
    (folder / "upload.gguf").write_bytes(b"GGUG")
    assert db_fingerprint(app)[key] != written[key]
    (folder / "upload.gguf").unlink()
    assert db_fingerprint(app)[key] == updated[key]
