"""The person's hand in progress in a tournament at the terminal table (``tournament play``).

Additive: ``tournament_hands_in_progress`` holds at most one hand per tournament, the one
being dealt to the person: its table, config, deck (the order of its cards, secret: C-3,
X-4, never shown nor exported) and the decisions so far. It is deleted when the hand ends;
``--resume`` deals it again from the deck and replays the decisions.

Revision ID: 0006
Revises: 0005
Create Date: 2027-01-03
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | Sequence[str] | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "tournament_hands_in_progress",
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.Column("player", sa.String(length=100), nullable=False),
        sa.Column("table", sa.Integer(), nullable=False),
        sa.Column("config", sa.JSON(), nullable=False),
        sa.Column("deck", sa.JSON(), nullable=False),
        sa.Column("decisions", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournaments.id"],
            name=op.f("fk_tournament_hands_in_progress_tournament_id_tournaments"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("tournament_id", name=op.f("pk_tournament_hands_in_progress")),
    )


def downgrade() -> None:
    op.drop_table("tournament_hands_in_progress")
