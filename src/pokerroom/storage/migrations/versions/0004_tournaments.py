"""Tournaments: the run (its regulation as TOML text, field, bots, seed) and its event log.

``tournaments`` keeps what a resume needs without the regulation's file: the TOML text,
the format, the number of entrants, the bot kinds dealt to them and the seed, and for
listings its progress (events, hands, players left) and winner. ``tournament_events``
holds the log in order, each event as JSON with its type's name.

Revision ID: 0004
Revises: 0003
Create Date: 2027-01-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | Sequence[str] | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = sa.String(length=40).with_variant(sa.Text(), "postgresql")
"""A seed as decimal text of any length (``models.Seed``): PostgreSQL's varchar would cap it."""


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.Column("finished_at", sa.DateTime(), nullable=True),
        sa.Column("abandoned_at", sa.DateTime(), nullable=True),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("regulation", sa.Text(), nullable=False),
        sa.Column("format", sa.String(length=20), nullable=False),
        sa.Column("entrants", sa.Integer(), nullable=False),
        sa.Column("bots", sa.JSON(), nullable=False),
        sa.Column("seed", SEED, nullable=True),
        sa.Column("event_count", sa.Integer(), nullable=False),
        sa.Column("hands_played", sa.Integer(), nullable=False),
        sa.Column("players_left", sa.Integer(), nullable=False),
        sa.Column("winner", sa.String(length=100), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tournaments")),
    )
    op.create_index(op.f("ix_tournaments_updated_at"), "tournaments", ["updated_at"])
    op.create_table(
        "tournament_events",
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("type", sa.String(length=40), nullable=False),
        sa.Column("event", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournaments.id"],
            name=op.f("fk_tournament_events_tournament_id_tournaments"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("tournament_id", "number", name=op.f("pk_tournament_events")),
    )


def downgrade() -> None:
    op.drop_table("tournament_events")
    op.drop_index(op.f("ix_tournaments_updated_at"), table_name="tournaments")
    op.drop_table("tournaments")
