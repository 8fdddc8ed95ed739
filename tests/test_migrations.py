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
