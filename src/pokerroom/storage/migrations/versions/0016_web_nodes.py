"""Heartbeats of the server processes sharing one database, for rebalancing their tables.

Additive: ``web_nodes`` (one row per live server process: its name and when its heartbeat
runs out on the database's clock), so each process can count the live ones and hold its
fair share of the tables.

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-05
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0016"
down_revision: str | Sequence[str] | None = "0015"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "web_nodes",
        sa.Column("node", sa.String(length=200), nullable=False),
        sa.Column("expires_at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("node", name=op.f("pk_web_nodes")),
    )


def downgrade() -> None:
    op.drop_table("web_nodes")
