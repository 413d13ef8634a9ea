"""Leases of live tables, for several server processes on one database.

Additive: ``web_room_leases`` (one row per table: the owning process, the fencing epoch
every save of the table must still hold, and when the lease runs out on the database's
clock), so a table has one owner at a time and another process takes it over when its
owner dies.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-05
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | Sequence[str] | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "web_room_leases",
        sa.Column("room_id", sa.String(length=100), nullable=False),
        sa.Column("node", sa.String(length=200), nullable=False),
        sa.Column("epoch", sa.Integer(), nullable=False),
        sa.Column("expires_at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("room_id", name=op.f("pk_web_room_leases")),
    )


def downgrade() -> None:
    op.drop_table("web_room_leases")
