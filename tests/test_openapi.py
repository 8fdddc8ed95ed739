"""openapi/openapi.json is the app's current schema, with stable operationIds."""

from __future__ import annotations

import json
from pathlib import Path

from app.openapi_export import openapi_text

OPENAPI = Path(__file__).resolve().parents[1] / "openapi" / "openapi.json"


def test_committed_openapi_is_current() -> None:
    assert OPENAPI.read_text(encoding="utf-8") == openapi_text(), (
        "openapi/openapi.json is stale: run `make openapi clients`")


def test_operation_ids_are_readable() -> None:
    doc = json.loads(openapi_text())
    ids = sorted(op["operationId"] for path in doc["paths"].values() for op in path.values())
    assert len(ids) == len(set(ids))
    assert {"import_items", "score_predictions", "list_items", "get_run",
            "export_submission"} <= set(ids)
