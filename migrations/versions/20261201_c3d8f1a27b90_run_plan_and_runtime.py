"""run plan and runtime: state out of runs.config, device_metrics, reproducibility, claims

Revision ID: c3d8f1a27b90
Revises: e590386741a3
Create Date: 2026-12-01 15:00:00

Existing rows: `gguf.server` and `gguf.measured` move from runs.config to runs.runtime,
`device_metrics` to their table, and config_sha256 is recomputed over what remains (the
plan). Downgrade puts them back.
"""

import hashlib
import json
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from alembic import op

revision: str = "c3d8f1a27b90"
down_revision: str | Sequence[str] | None = "e590386741a3"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

FIGURES = ("decode_tokens_per_s", "prefill_tokens_per_s", "ttft_ms", "peak_memory_bytes",
           "energy_joules", "notes")


def _json() -> Any:
    from sqlalchemy.dialects.postgresql import JSONB

    return sa.JSON().with_variant(JSONB(), "postgresql")


def _loads(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str) else value


def _hash(config: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(config, sort_keys=True).encode()).hexdigest()


def _tables() -> tuple[sa.Table, sa.Table]:
    meta = sa.MetaData()
    runs = sa.Table("runs", meta, sa.Column("id", sa.Integer), sa.Column("config", _json()),
                    sa.Column("config_sha256", sa.String(64)),
                    sa.Column("runtime", _json()))
    metrics = sa.Table("device_metrics", meta, sa.Column("run_id", sa.Integer),
                       sa.Column("device", sa.String(200)),
                       *(sa.Column(f, sa.Float) for f in FIGURES[:3]),
                       sa.Column("peak_memory_bytes", sa.BigInteger),
                       sa.Column("energy_joules", sa.Float), sa.Column("notes", sa.Text),
                       sa.Column("received_at", sa.DateTime(timezone=True)),
                       sa.Column("id", sa.Integer))
    return runs, metrics


def upgrade() -> None:
    op.create_table(
        "device_metrics",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("run_id", sa.Integer(), nullable=False),
        sa.Column("device", sa.String(length=200), nullable=False),
        sa.Column("decode_tokens_per_s", sa.Float(), nullable=True),
        sa.Column("prefill_tokens_per_s", sa.Float(), nullable=True),
        sa.Column("ttft_ms", sa.Float(), nullable=True),
        sa.Column("peak_memory_bytes", sa.BigInteger(), nullable=True),
        sa.Column("energy_joules", sa.Float(), nullable=True),
        sa.Column("notes", sa.Text(), nullable=True),
        sa.Column("ran_ok", sa.Boolean(), nullable=False, server_default=sa.true()),
        sa.Column("received_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["run_id"], ["runs.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("device_metrics", schema=None) as batch_op:
        batch_op.create_index("ix_device_metrics_run_id", ["run_id"], unique=False)
    with op.batch_alter_table("runs", schema=None) as batch_op:
        batch_op.add_column(sa.Column("runtime", _json(), nullable=False,
                                      server_default="{}"))
        batch_op.add_column(sa.Column("reproducibility", _json(), nullable=True))
        batch_op.add_column(sa.Column("claimed_by", sa.String(length=120), nullable=True))
        batch_op.add_column(sa.Column("heartbeat_at", sa.DateTime(timezone=True),
                                      nullable=True))
        batch_op.add_column(sa.Column("cancel_requested", sa.Boolean(), nullable=False,
                                      server_default=sa.false()))
        batch_op.drop_column("total")
    with op.batch_alter_table("samples", schema=None) as batch_op:
        batch_op.drop_column("error")

    bind = op.get_bind()
    runs, metrics = _tables()
    for run_id, raw in bind.execute(sa.select(runs.c.id, runs.c.config)).all():
        config = dict(_loads(raw) or {})
        runtime: dict[str, Any] = {}
        gguf = config.get("gguf")
        if isinstance(gguf, dict):
            gguf = dict(gguf)
            for key in ("server", "measured"):
                if key in gguf:
                    runtime[key] = gguf.pop(key)
            config["gguf"] = gguf
        for entry in config.pop("device_metrics", None) or []:
            received = entry.get("received_at")
            bind.execute(metrics.insert().values(
                run_id=run_id, device=str(entry.get("device", "")),
                received_at=datetime.fromisoformat(received) if received else datetime.now(UTC),
                **{f: entry.get(f) for f in FIGURES}))
        bind.execute(runs.update().where(runs.c.id == run_id).values(
            config=config, config_sha256=_hash(config), runtime=runtime))


def downgrade() -> None:
    bind = op.get_bind()
    runs, metrics = _tables()
    posted: dict[int, list[dict[str, Any]]] = {}
    for row in bind.execute(sa.select(metrics)).mappings():
        entry = {f: row[f] for f in ("device", *FIGURES)}
        received = row["received_at"]
        entry["received_at"] = received.isoformat() if isinstance(received, datetime) \
            else str(received)
        posted.setdefault(row["run_id"], []).append(entry)
    for run_id, raw, raw_runtime in bind.execute(
            sa.select(runs.c.id, runs.c.config, runs.c.runtime)).all():
        config = dict(_loads(raw) or {})
        runtime = dict(_loads(raw_runtime) or {})
        if isinstance(config.get("gguf"), dict):
            config["gguf"] = {**config["gguf"], **{k: runtime[k] for k in ("server", "measured")
                                                  if runtime.get(k) is not None}}
        if run_id in posted:
            config["device_metrics"] = posted[run_id]
        bind.execute(runs.update().where(runs.c.id == run_id).values(config=config))

    with op.batch_alter_table("samples", schema=None) as batch_op:
        batch_op.add_column(sa.Column("error", sa.Text(), nullable=True))
    with op.batch_alter_table("runs", schema=None) as batch_op:
        batch_op.add_column(sa.Column("total", sa.Integer(), nullable=False,
                                      server_default="0"))
        batch_op.drop_column("cancel_requested")
        batch_op.drop_column("heartbeat_at")
        batch_op.drop_column("claimed_by")
        batch_op.drop_column("reproducibility")
        batch_op.drop_column("runtime")
    with op.batch_alter_table("device_metrics", schema=None) as batch_op:
        batch_op.drop_index("ix_device_metrics_run_id")
    op.drop_table("device_metrics")
