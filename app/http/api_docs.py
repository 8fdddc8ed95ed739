"""The interactive API docs (Swagger UI) from an installed package, not a CDN: PocketEval
runs on machines without internet, where a CDN-hosted /docs is a blank page; and a walk over
the OpenAPI document's objects, for the passes that amend it."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles
from pydantic import JsonValue

ASSETS = "/docs/assets"


def schema_objects(value: JsonValue) -> list[dict[str, JsonValue]]:
    """The objects among `value`'s entries (an OpenAPI map or list)."""
    entries = value.values() if isinstance(value, dict) else value \
        if isinstance(value, list) else []
    return [entry for entry in entries if isinstance(entry, dict)]


def install_api_docs(app: FastAPI) -> None:
    from swagger_ui_bundle import swagger_ui_path  # type: ignore[import-untyped]

    app.mount(ASSETS, StaticFiles(directory=str(swagger_ui_path)), name="swagger-ui")

    @app.get("/docs", include_in_schema=False)
    def api_docs() -> HTMLResponse:
        return get_swagger_ui_html(
            openapi_url=app.openapi_url or "/openapi.json", title=f"{app.title} · API",
            swagger_js_url=f"{ASSETS}/swagger-ui-bundle.js",
            swagger_css_url=f"{ASSETS}/swagger-ui.css",
            swagger_favicon_url=f"{ASSETS}/favicon-32x32.png")
