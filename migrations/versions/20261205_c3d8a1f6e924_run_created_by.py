"""runs record the name of the API key that created them

Revision ID: c3d8a1f6e924
Revises: 9b3f5e2a7c18
Create Date: 2026-12-05 18:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "c3d8a1f6e924"
down_revision: str | Sequence[str] | None = "9b3f5e2a7c18"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("runs") as batch:
        batch.add_column(sa.Column("created_by", sa.String(length=64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("runs") as batch:
        batch.drop_column("created_by")
