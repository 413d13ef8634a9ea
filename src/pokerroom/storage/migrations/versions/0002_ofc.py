"""Open-Face Chinese Pineapple: sessions (with the hand in progress), hands as TOML records.

Revision ID: 0002
Revises: 0001
Create Date: 2025-02-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | Sequence[str] | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = sa.String(length=40).with_variant(sa.Text(), "postgresql")
"""A seed as decimal text of any length (``models.Seed``): PostgreSQL's varchar would cap it."""


def upgrade() -> None:
    op.create_table(
        "ofc_sessions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.Column("finished_at", sa.DateTime(), nullable=True),
        sa.Column("seed", SEED, nullable=False),
        sa.Column("names", sa.JSON(), nullable=False),
        sa.Column("bots", sa.JSON(), nullable=False),
        sa.Column("hands_limit", sa.Integer(), nullable=True),
        sa.Column("hands_played", sa.Integer(), nullable=False),
        sa.Column("totals", sa.JSON(), nullable=False),
        sa.Column("button", sa.Integer(), nullable=False),
        sa.Column("fantasy", sa.JSON(), nullable=False),
        sa.Column("hand_seed", SEED, nullable=True),
        sa.Column("hand_actions", sa.JSON(), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_ofc_sessions")),
    )
    op.create_index(op.f("ix_ofc_sessions_updated_at"), "ofc_sessions", ["updated_at"])
    op.create_table(
        "ofc_hands",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("played_at", sa.DateTime(), nullable=False),
        sa.Column("button", sa.Integer(), nullable=False),
        sa.Column("seats", sa.JSON(), nullable=False),
        sa.Column("points", sa.JSON(), nullable=False),
        sa.Column("fouled", sa.JSON(), nullable=False),
        sa.Column("royalties", sa.JSON(), nullable=False),
        sa.Column("fantasy", sa.JSON(), nullable=False),
        sa.Column("fantasy_next", sa.JSON(), nullable=False),
        sa.Column("record", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["ofc_sessions.id"],
            name=op.f("fk_ofc_hands_session_id_ofc_sessions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_ofc_hands")),
        sa.UniqueConstraint("session_id", "number", name=op.f("uq_ofc_hands_session_id")),
    )


def downgrade() -> None:
    op.drop_table("ofc_hands")
    op.drop_index(op.f("ix_ofc_sessions_updated_at"), table_name="ofc_sessions")
    op.drop_table("ofc_sessions")
