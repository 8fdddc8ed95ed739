"""derived benchmarks: a benchmark version made from another by an audit or by rules

Revision ID: 5d2b7e91c4a0
Revises: c3d8f1a27b90
Create Date: 2026-12-01 21:00:00
"""

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op

revision: str = "5d2b7e91c4a0"
down_revision: str | Sequence[str] | None = "c3d8f1a27b90"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _json() -> Any:
    from sqlalchemy.dialects.postgresql import JSONB

    return sa.JSON().with_variant(JSONB(), "postgresql")


def upgrade() -> None:
    with op.batch_alter_table("benchmarks") as batch:
        batch.add_column(sa.Column("parent_id", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("derivation", _json(), nullable=True))
        batch.create_foreign_key(op.f("fk_benchmarks_parent_id_benchmarks"), "benchmarks",
                                 ["parent_id"], ["id"], ondelete="SET NULL")


def downgrade() -> None:
    with op.batch_alter_table("benchmarks") as batch:
        batch.drop_constraint(op.f("fk_benchmarks_parent_id_benchmarks"), type_="foreignkey")
        batch.drop_column("derivation")
        batch.drop_column("parent_id")
