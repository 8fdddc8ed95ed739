"""tagged run plans: an evaluation's model is one `model` field tagged by its kind

Revision ID: 8f4a6c2d1e57
Revises: 5d2b7e91c4a0
Create Date: 2026-12-02 19:30:00

Existing rows: an endpoint or GGUF run's `endpoint` / `gguf` pair (one of them null) becomes
`model` with `kind` set to the run's kind, a posted-predictions plan names its kind, and
config_sha256 is recomputed over the plan as stored. Downgrade puts the pair back.
"""

import hashlib
import json
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op

revision: str = "8f4a6c2d1e57"
down_revision: str | Sequence[str] | None = "5d2b7e91c4a0"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

MODEL_KINDS = ("endpoint", "gguf")


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


def _tagged(kind: str, config: dict[str, Any]) -> dict[str, Any]:
    if kind in MODEL_KINDS and isinstance(config.get(kind), dict):
        model = config.pop(kind)
        for other in MODEL_KINDS:
            config.pop(other, None)
        config["model"] = {**model, "kind": kind}
    elif kind == "predictions":
        config["kind"] = "predictions"
    return config


def _paired(kind: str, config: dict[str, Any]) -> dict[str, Any]:
    model = config.get("model")
    if kind in MODEL_KINDS and isinstance(model, dict):
        config.pop("model")
        config.update({k: None for k in MODEL_KINDS})
        config[kind] = {k: v for k, v in model.items() if k != "kind"}
    elif kind == "predictions":
        config.pop("kind", None)
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
    _rewrite(_tagged)


def downgrade() -> None:
    _rewrite(_paired)
