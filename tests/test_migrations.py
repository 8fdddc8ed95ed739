"""The migration chain builds the schema the models declare, and unwinds cleanly."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from sqlalchemy import create_engine, inspect

from app.migrate import alembic_config, downgrade, upgrade
from app.models import Base


def test_upgrade_has_no_drift_and_downgrade_empties(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'm.db'}"
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


def test_run_state_moves_out_of_the_plan_and_back(tmp_path: Path) -> None:
    """Rows written before the plan / runtime split: gguf.server, gguf.measured and
    device_metrics leave runs.config, and config_sha256 is the hash of what remains."""
    import hashlib
    import json

    from sqlalchemy import text

    url = f"sqlite:///{tmp_path / 'm.db'}"
    upgrade(url, "e590386741a3")
    plan = {"benchmarks": [], "gguf": {"path": "/m.gguf", "forced": False}, "seed": 0}
    old = {**plan, "gguf": {**plan["gguf"], "server": {"pid": 4, "command": ["x"]},
                            "measured": {"peak_rss_bytes": 5}},
           "device_metrics": [{"device": "Pixel 8", "ttft_ms": 80.0,
                               "received_at": "2026-11-30T10:00:00+00:00"}]}
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO runs (id, kind, status, repeats, config, config_sha256,"
                          " total, created_at) VALUES (1, 'gguf', 'finished', 1, :c, 'x', 0,"
                          " '2026-11-30 10:00:00')"), {"c": json.dumps(old)})
    upgrade(url)
    with engine.connect() as conn:
        config, digest, runtime = conn.execute(text(
            "SELECT config, config_sha256, runtime FROM runs")).one()
        device = conn.execute(text("SELECT device, ttft_ms FROM device_metrics")).all()
    assert json.loads(config) == plan
    assert digest == hashlib.sha256(json.dumps(plan, sort_keys=True).encode()).hexdigest()
    assert json.loads(runtime) == {"server": {"pid": 4, "command": ["x"]},
                                   "measured": {"peak_rss_bytes": 5}}
    assert device == [("Pixel 8", 80.0)]
    downgrade(url, "e590386741a3")
    with engine.connect() as conn:
        restored = json.loads(conn.execute(text("SELECT config FROM runs")).scalar_one())
    assert restored["gguf"] == old["gguf"]
    assert restored["device_metrics"][0]["device"] == "Pixel 8"
    engine.dispose()
