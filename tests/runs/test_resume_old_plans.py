"""A run stored by a version before the tagged model plan, and stopped half-way, resumes
after the upgrade: only its missing samples are asked for, its results are an uninterrupted
run's, and its API record reads as before (`config` in the earlier shape, `plan` tagged)."""

from __future__ import annotations

import json
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any

import httpx
import pytest
import respx
from sqlalchemy import create_engine, text

from app.config import Settings
from app.migrate import downgrade, upgrade
from tests.conftest import API_KEY
from tests.support.factories import mcq_rows, served, wait_run
from tests.support.fake_openai import completion, last_user_text, reply

pytestmark = pytest.mark.anyio
BASE = "http://127.0.0.1:9/v1"
BEFORE_TAGGED_PLANS = "5d2b7e91c4a0"


def _served(url: str, var: Path) -> AbstractAsyncContextManager[httpx.AsyncClient]:
    settings = Settings(database_url=url, var_dir=var, api_keys=[API_KEY],  # type: ignore[list-item]
                        load_bundled_data=False, bulk_processes=0, _env_file=None)
    return served(settings, API_KEY)


def _answer(request: httpx.Request) -> httpx.Response:
    number = int(last_user_text(request).split("Question ")[1].split("?")[0])
    return reply(completion("Answer: " + ("A" if number % 3 else "B")))


def _scores(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The results but for the times they were computed at and the latencies measured."""
    return [{k: v for k, v in r["metrics"].items() if k != "latency"} for r in results]


def _json(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str) else value


async def test_an_old_plan_resumes_after_the_upgrade(empty_db_url: str, tmp_path: Path
                                                     ) -> None:
    url = empty_db_url
    upgrade(url)
    body = {"model": {"name": "m", "base_url": BASE, "sampling": {"temperature": 0}},
            "benchmarks": ["mmlu"], "repeats": 2, "seed": 5,
            # what a server before methodologies made, so the round trip is exact
            "methodology": {"name": "pocketeval", "version": "1"}}
    with respx.mock() as mock:
        route = mock.post(f"{BASE}/chat/completions").mock(side_effect=_answer)
        async with _served(url, tmp_path) as client:
            r = await client.post("/benchmarks/mmlu/items:import", json={"items": mcq_rows(6)})
            assert r.status_code == 200, r.text
            run_id = (await client.post("/runs", json=body)).json()["id"]
            first = await wait_run(client, run_id)
            results = (await client.get(f"/runs/{run_id}/results")).json()
        asked = route.call_count
    assert first["status"] == "finished" and asked == 12

    # as the earlier version stored it, stopped with half its samples
    downgrade(url, BEFORE_TAGGED_PLANS)
    engine = create_engine(url)
    with engine.begin() as conn:
        config = _json(conn.execute(text("SELECT config FROM runs WHERE id = :i"),
                                    {"i": run_id}).scalar_one())
        assert "model" not in config and config["gguf"] is None
        assert config["endpoint"]["base_url"] == BASE
        kept = conn.execute(text("SELECT id FROM samples WHERE run_id = :i ORDER BY id "
                                 "LIMIT 5"), {"i": run_id}).scalars().all()
        conn.execute(text("DELETE FROM samples WHERE run_id = :i AND id NOT IN ("
                          + ", ".join(map(str, kept)) + ")"), {"i": run_id})
        conn.execute(text("DELETE FROM results WHERE run_id = :i"), {"i": run_id})
        conn.execute(text("UPDATE runs SET status = 'running', finished_at = NULL "
                          "WHERE id = :i"), {"i": run_id})
    engine.dispose()

    upgrade(url)
    with respx.mock() as mock:
        route = mock.post(f"{BASE}/chat/completions").mock(side_effect=_answer)
        async with _served(url, tmp_path) as client:
            again = await wait_run(client, run_id)
            resumed = (await client.get(f"/runs/{run_id}/results")).json()
        asked_again = route.call_count
    assert again["status"] == "finished", again
    assert asked_again == 12 - len(kept)
    assert _scores(resumed) == _scores(results)
    assert again["plan"] == first["plan"] and again["plan"]["model"]["kind"] == "endpoint"
    assert again["config_sha256"] == first["config_sha256"]
    assert again["config"] == first["config"]
    assert again["config"]["endpoint"]["sampling"] == {"temperature": 0}
    assert again["config"]["gguf"] is None and "model" not in again["config"]
