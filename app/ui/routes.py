"""Serving the pages and their assets. The pages are static files that read the JSON API
in the browser; the chart library (Plotly) comes from the installed `plotly` package, so
nothing is fetched from a CDN at run time."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse, RedirectResponse

from app.http import NotFound

router = APIRouter(include_in_schema=False)
STATIC = Path(str(resources.files("app.ui") / "static"))
ASSETS = {"app.js": "text/javascript", "style.css": "text/css"}
PAGES = {"": "leaderboard.html", "compare": "compare.html"}


def _plotly_js() -> Path:
    return Path(str(resources.files("plotly") / "package_data" / "plotly.min.js"))


@router.get("/ui")
def ui_root() -> RedirectResponse:
    return RedirectResponse("/ui/")


@router.get("/ui/assets/{name}")
def asset(name: str) -> FileResponse:
    """Only the named files: a request path never reaches the file system beyond them."""
    if name == "plotly.min.js":
        return FileResponse(_plotly_js(), media_type="text/javascript",
                            headers={"Cache-Control": "public, max-age=86400"})
    if name not in ASSETS:
        raise NotFound(f"no asset {name!r}")
    return FileResponse(STATIC / name, media_type=ASSETS[name])


@router.get("/ui/runs/{run_id}")
def run_page(run_id: int) -> FileResponse:
    return FileResponse(STATIC / "run.html", media_type="text/html")


@router.get("/ui/{page}")
def page(page: str) -> FileResponse:
    if page not in PAGES:
        raise NotFound(f"no page {page!r}")
    return FileResponse(STATIC / PAGES[page], media_type="text/html")


@router.get("/ui/")
def leaderboard_page() -> FileResponse:
    return FileResponse(STATIC / PAGES[""], media_type="text/html")
