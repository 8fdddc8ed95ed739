"""The OpenAPI document as committed in openapi/openapi.json (stable key order, newline)."""

from __future__ import annotations

import json

from app.config import Settings


def openapi_text() -> str:
    from app.main import create_app

    app = create_app(Settings(database_url="sqlite://", _env_file=None))
    return json.dumps(app.openapi(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"
