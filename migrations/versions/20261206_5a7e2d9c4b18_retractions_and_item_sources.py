"""runs can be retracted (who, when, why); items record the import they came from

Revision ID: 5a7e2d9c4b18
Revises: c3d8a1f6e924
Create Date: 2026-12-06 21:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "5a7e2d9c4b18"
down_revision: str | Sequence[str] | None = "c3d8a1f6e924"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

def upgrade() -> None:
    with op.batch_alter_table("runs") as batch:
        batch.add_column(sa.Column("retracted_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("retracted_by", sa.String(length=64), nullable=True))
        batch.add_column(sa.Column("retraction_reason", sa.Text(), nullable=True))
    with op.batch_alter_table("items") as batch:
        batch.add_column(sa.Column("import_sha256", sa.String(length=64), nullable=True))
        batch.create_index("ix_items_benchmark_import", ["benchmark_id", "import_sha256"])

def downgrade() -> None:
    with op.batch_alter_table("items") as batch:
        batch.drop_index("ix_items_benchmark_import")
        batch.drop_column("import_sha256")
    with op.batch_alter_table("runs") as batch:
        batch.drop_column("retraction_reason")
        batch.drop_column("retracted_by")
        batch.drop_column("retracted_at")
