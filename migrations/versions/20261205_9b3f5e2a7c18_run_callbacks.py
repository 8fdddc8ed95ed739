"""run callbacks: where a run's end is reported, and each try to deliver it

Revision ID: 9b3f5e2a7c18
Revises: 4e1c9a7d20b3
Create Date: 2026-12-05 15:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "9b3f5e2a7c18"
down_revision: str | Sequence[str] | None = "4e1c9a7d20b3"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "run_callbacks",
        sa.Column("run_id", sa.Integer(), nullable=False),
        sa.Column("url", sa.String(length=2048), nullable=False),
        sa.Column("secret", sa.String(length=256), nullable=True),
        sa.Column("state", sa.String(length=20), nullable=False),
        sa.Column("payload", sa.LargeBinary(), nullable=True),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("next_attempt_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("lease_until", sa.DateTime(timezone=True), nullable=True),
        sa.Column("delivered_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["run_id"], ["runs.id"],
                                name=op.f("fk_run_callbacks_run_id_runs"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("run_id", name=op.f("pk_run_callbacks")),
    )
    with op.batch_alter_table("run_callbacks", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_run_callbacks_state"), ["state"], unique=False)
    op.create_table(
        "callback_attempts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("run_id", sa.Integer(), nullable=False),
        sa.Column("attempted_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("status_code", sa.Integer(), nullable=True),
        sa.Column("error", sa.Text(), nullable=True),
        sa.Column("duration_ms", sa.Float(), nullable=False),
        sa.ForeignKeyConstraint(["run_id"], ["runs.id"],
                                name=op.f("fk_callback_attempts_run_id_runs"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_callback_attempts")),
    )
    with op.batch_alter_table("callback_attempts", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_callback_attempts_run_id"), ["run_id"],
                              unique=False)


def downgrade() -> None:
    with op.batch_alter_table("callback_attempts", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_callback_attempts_run_id"))
    op.drop_table("callback_attempts")
    with op.batch_alter_table("run_callbacks", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_run_callbacks_state"))
    op.drop_table("run_callbacks")
