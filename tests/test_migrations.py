"""The migration chain builds the schema the models declare, and unwinds cleanly."""

from __future__ import annotations

import hashlib
import json

from alembic import command
from sqlalchemy import create_engine, inspect, text

from app.migrate import alembic_config, downgrade, upgrade
from app.models import Base


def test_upgrade_has_no_drift_and_downgrade_empties(empty_db_url: str) -> None:
    url = empty_db_url
    upgrade(url)
    command.check(alembic_config(url))  # raises when models and migrations disagree
    engine = create_engine(url)
    tables = set(inspect(engine).get_table_names())
    assert set(Base.metadata.tables) <= tables
    downgrade(url, "base")
    assert set(inspect(engine).get_table_names()) <= {"alembic_version"}
    upgrade(url)  # and back up again
    assert set(Base.metadata.tables) <= set(inspect(engine).get_table_names())
    engine.dispose()


def _json(value: object) -> object:
    return json.loads(value) if isinstance(value, str) else value  # SQLite text, PG jsonb


def test_run_state_moves_out_of_the_plan_and_back(empty_db_url: str) -> None:
    """Rows written before the plan / runtime split: gguf.server, gguf.measured and
    device_metrics leave runs.config, and config_sha256 is the hash of what remains."""
    url = empty_db_url
    upgrade(url, "e590386741a3")
    plan = {"benchmarks": [], "gguf": {"path": "/m.gguf", "forced": False}, "seed": 0}
    old = {**plan, "gguf": {**plan["gguf"], "server": {"pid": 4, "command": ["x"]},
                            "measured": {"peak_rss_bytes": 5}},
           "device_metrics": [{"device": "Pixel 8", "ttft_ms": 80.0,
                               "received_at": "2026-11-30T10:00:00+00:00"}]}
    engine = create_engine(url)
    with engine.begin() as conn:
        value = "CAST(:c AS jsonb)" if engine.dialect.name == "postgresql" else ":c"
        conn.execute(text("INSERT INTO runs (id, kind, status, repeats, config, config_sha256,"
                          f" total, created_at) VALUES (1, 'gguf', 'finished', 1, {value}, 'x',"
                          " 0, '2026-11-30 10:00:00+00')"), {"c": json.dumps(old)})
    upgrade(url)
    with engine.connect() as conn:
        config, digest, runtime = conn.execute(text(
            "SELECT config, config_sha256, runtime FROM runs")).one()
        device = conn.execute(text("SELECT device, ttft_ms FROM device_metrics")).all()
    assert _json(config) == plan
    assert digest == hashlib.sha256(json.dumps(plan, sort_keys=True).encode()).hexdigest()
    assert _json(runtime) == {"server": {"pid": 4, "command": ["x"]},
                                   "measured": {"peak_rss_bytes": 5}}
    assert device == [("Pixel 8", 80.0)]
    downgrade(url, "e590386741a3")
    with engine.connect() as conn:
        restored = _json(conn.execute(text("SELECT config FROM runs")).scalar_one())
    assert restored["gguf"] == old["gguf"]
    assert restored["device_metrics"][0]["device"] == "Pixel 8"
    engine.dispose()
