"""The first schema: series, players, finished hands and the hand in progress.

Revision ID: 0001
Revises:
Create Date: 2025-01-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | Sequence[str] | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = sa.String(length=40).with_variant(sa.Text(), "postgresql")
"""A seed as decimal text of any length (``models.Seed``): PostgreSQL's varchar would cap it."""
CHIPS = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
"""A pot of up to 10^12 chips: 64 bits (SQLite's ``INTEGER`` is, PostgreSQL's is not)."""


def upgrade() -> None:
    op.create_table(
        "series",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.Column("finished_at", sa.DateTime(), nullable=True),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.Column("seed", SEED, nullable=True),
        sa.Column("hands_played", sa.Integer(), nullable=False),
        sa.Column("standings", sa.JSON(), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_series")),
    )
    op.create_index(op.f("ix_series_updated_at"), "series", ["updated_at"])
    op.create_table(
        "players",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("series_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("bot", sa.String(length=40), nullable=True),
        sa.ForeignKeyConstraint(
            ["series_id"],
            ["series.id"],
            name=op.f("fk_players_series_id_series"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_players")),
        sa.UniqueConstraint("series_id", "seat", name=op.f("uq_players_series_id")),
    )
    op.create_table(
        "hands",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("series_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("played_at", sa.DateTime(), nullable=False),
        sa.Column("button", sa.Integer(), nullable=False),
        sa.Column("pot", CHIPS, nullable=False),
        sa.Column("winners", sa.JSON(), nullable=False),
        sa.Column("record", sa.JSON(), nullable=False),
        sa.Column("seats", sa.JSON(), nullable=False),
        sa.Column("deck_seed", SEED, nullable=True),
        sa.Column("decisions", sa.JSON(), nullable=False),
        sa.Column("phh", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(
            ["series_id"],
            ["series.id"],
            name=op.f("fk_hands_series_id_series"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_hands")),
        sa.UniqueConstraint("series_id", "number", name=op.f("uq_hands_series_id")),
    )
    op.create_table(
        "hands_in_progress",
        sa.Column("series_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.Column("config", sa.JSON(), nullable=False),
        sa.Column("seats", sa.JSON(), nullable=False),
        sa.Column("deck_seed", SEED, nullable=True),
        sa.Column("decisions", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["series_id"],
            ["series.id"],
            name=op.f("fk_hands_in_progress_series_id_series"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("series_id", name=op.f("pk_hands_in_progress")),
    )


def downgrade() -> None:
    op.drop_table("hands_in_progress")
    op.drop_table("hands")
    op.drop_table("players")
    op.drop_index(op.f("ix_series_updated_at"), table_name="series")
    op.drop_table("series")
