"""methodology pins: every evaluation and posted-predictions plan names its methodology

Revision ID: b7e2c94d0a16
Revises: 8f4a6c2d1e57
Create Date: 2026-12-03 07:00:00

Plans stored before methodologies existed were made with PocketEval's own prompts and strict
answer reading: they gain the pin of that methodology (pocketeval@1, the hash its texts had
then), and config_sha256 is recomputed over the plan as stored. Downgrade removes those pins
and leaves any other in place (the earlier code ignores the key), so upgrading again does
not relabel a run made by another methodology.
"""

import hashlib
import json
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op

revision: str = "b7e2c94d0a16"
down_revision: str | Sequence[str] | None = "8f4a6c2d1e57"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

PINNED_KINDS = ("endpoint", "gguf", "predictions")
LEGACY_PIN = {"name": "pocketeval", "version": "1",
              "sha256": "1cf3d3a1834fdc5c5b7442ee799dbcd1e4aefe1308ba685056fa782cfdfc3613",
              "deviations": []}


def _json() -> Any:
    from sqlalchemy.dialects.postgresql import JSONB

    return sa.JSON().with_variant(JSONB(), "postgresql")


def _loads(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str) else value


def _hash(config: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(config, sort_keys=True).encode()).hexdigest()


def _runs() -> sa.Table:
    return sa.Table("runs", sa.MetaData(), sa.Column("id", sa.Integer),
                    sa.Column("kind", sa.String(20)), sa.Column("config", _json()),
                    sa.Column("config_sha256", sa.String(64)))


def _pinned(kind: str, config: dict[str, Any]) -> dict[str, Any]:
    if kind in PINNED_KINDS and "methodology" not in config:
        config["methodology"] = dict(LEGACY_PIN)
    return config


def _unpinned(kind: str, config: dict[str, Any]) -> dict[str, Any]:
    if config.get("methodology") == LEGACY_PIN:
        config.pop("methodology")
    return config


def _rewrite(change: Any) -> None:
    bind = op.get_bind()
    runs = _runs()
    for run_id, kind, raw in bind.execute(sa.select(runs.c.id, runs.c.kind,
                                                    runs.c.config)).all():
        before = dict(_loads(raw) or {})
        config = change(kind, json.loads(json.dumps(before)))
        if config != before:
            bind.execute(runs.update().where(runs.c.id == run_id).values(
                config=config, config_sha256=_hash(config)))


def upgrade() -> None:
    _rewrite(_pinned)


def downgrade() -> None:
    _rewrite(_unpinned)
