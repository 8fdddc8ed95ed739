"""Run Alembic from code, so `pocketeval serve` and tests migrate the same way as the CLI."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config

import migrations

MIGRATIONS_DIR = Path(migrations.__file__).resolve().parent


def alembic_config(database_url: str) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS_DIR))
    cfg.set_main_option("sqlalchemy.url", database_url.replace("%", "%%"))
    return cfg


def upgrade(database_url: str, revision: str = "head") -> None:
    command.upgrade(alembic_config(database_url), revision)


def downgrade(database_url: str, revision: str = "base") -> None:
    command.downgrade(alembic_config(database_url), revision)
