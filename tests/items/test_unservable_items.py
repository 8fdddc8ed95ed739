"""Items that could be stored but not served (a lone surrogate, metadata nested hundreds of
levels deep) are refused at import with their line and field, and nothing is written."""

from __future__ import annotations

import httpx
import pytest

pytestmark = pytest.mark.anyio


def _nested(depth: int) -> object:
    value: object = "leaf"
    for _ in range(depth):
        value = {"k": value}
    return value


@pytest.mark.parametrize(("row", "field", "message"), [
    ({"question": "q\udfff", "answer": "2"}, "payload", "lone surrogate"),
    ({"question": "fine", "answer": "2", "metadata": _nested(300)}, "metadata",
     "nested more than 32 levels"),
    ({"id": "bad\ud800id", "question": "fine", "answer": "2"}, "id", "lone surrogate"),
])
async def test_unservable_rows_are_refused(client: httpx.AsyncClient, row: dict[str, object],
                                           field: str, message: str) -> None:
    import json

    good = {"id": "ok-1", "question": "What is $1+1$?", "answer": "2"}
    lines = "\n".join(json.dumps(r) for r in (good, row))  # JSON escapes carry the surrogate
    r = await client.post("/benchmarks/math-500/items:import", params={"layout": "jsonl"},
                          files={"file": ("items.jsonl", lines.encode())})
    assert r.status_code == 422, r.text
    errors = r.json()["errors"]
    assert any(e["line"] == 2 and e["field"] == field and message in e["message"]
               for e in errors), errors
    page = await client.get("/benchmarks/math-500/items")
    assert page.status_code == 200 and page.json()["items"] == []
