"""What the GGUF run tests share: a folder with the real models, a client of an app that may
read it, the BFCL lines they import, and where a llama-server binary is."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import httpx
from gguf import LlamaFileType

from app.config import Settings
from app.inference.llama_server.build import default_location, executable
from app.main import create_app
from tests.conftest import API_KEY
from tests.support import real_models
from tests.support.gguf_shapes import LLAMA_3_1_8B, write_header


def model_folder(folder: Path) -> Path:
    real_models.gemma3_270m(folder)
    real_models.qwen25_coder_15b(folder)
    shutil.copy(real_models.smollm2(), folder / "smollm2.gguf")
    write_header(folder / "llama8b-q8.gguf", LLAMA_3_1_8B, LlamaFileType.MOSTLY_Q8_0, "Q8_0",
                 "Q8_0")
    return folder


# the host probe's phase in tests that check what a probe records, not how well it chooses
PROBE_PHASE_S = 0.2


@asynccontextmanager
async def gguf_client(settings: Settings, models: Path,
                      **updates: Any) -> AsyncIterator[httpx.AsyncClient]:
    app = create_app(settings.model_copy(update={"model_dirs": [models], **updates}))
    async with app.router.lifespan_context(app):
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app),
                                     base_url="http://test",
                                     headers={"Authorization": f"Bearer {API_KEY}"}) as c:
            yield c


def bfcl_lines(name: str, indexes: Sequence[int]) -> list[str]:
    """The lines (one item each) at these indexes of one of the installed BFCL data files:
    index i holds the item whose id ends in _i."""
    lines = resources.files("bfcl_eval.data").joinpath(name).read_text("utf-8").splitlines()
    return [lines[i] for i in indexes]


def bfcl_rows(name: str, indexes: Sequence[int]) -> list[dict[str, Any]]:
    return [json.loads(line) for line in bfcl_lines(name, indexes)]


def bfcl_files(multiple: Sequence[int], irrelevance: Sequence[int] = ()
               ) -> list[tuple[str, tuple[str, bytes]]]:
    """Multiple items (with their possible answers) and irrelevance items of the installed
    BFCL data, by index, as multipart `file` parts."""
    parts = [("BFCL_v4_multiple.json", multiple), ("BFCL_v4_irrelevance.json", irrelevance),
             ("possible_answer/BFCL_v4_multiple.json", multiple)]
    return [("file", (name.rsplit("/", 1)[-1], "\n".join(bfcl_lines(name, indexes)).encode()))
            for name, indexes in parts if indexes]


@cache
def llama_server_binary() -> Path | None:
    """POCKETEVAL_LLAMA_SERVER, or the one `make llama-server` builds (its place depends on
    a probe of the CPU: looked up once, when a test first needs it)."""
    configured = os.environ.get("POCKETEVAL_LLAMA_SERVER")
    path = Path(configured) if configured else default_location()
    return path if executable(path) else None
