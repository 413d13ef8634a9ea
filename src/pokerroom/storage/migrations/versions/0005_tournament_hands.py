"""Tournament hands: the PHH text of each hand a run chose to keep (``run --keep-hands``).

Additive: ``tournaments`` gains ``keeps_hands`` (false for every run saved before, which
kept only the ``HandPlayed`` summaries), and ``tournament_hands`` holds two PHH documents
per kept hand, by the tournament's running hand number, with its table: the complete one
(every hole card, X-4: only the director's export writes it out) and the observer's (what
every player saw: boards and shown hands), written from the hand itself.

Revision ID: 0005
Revises: 0004
Create Date: 2027-01-02
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | Sequence[str] | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("tournaments") as batch:
        batch.add_column(
            sa.Column("keeps_hands", sa.Boolean(), nullable=False, server_default=sa.false())
        )
    op.create_table(
        "tournament_hands",
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("table", sa.Integer(), nullable=False),
        sa.Column("phh", sa.Text(), nullable=False),
        sa.Column("observed", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournaments.id"],
            name=op.f("fk_tournament_hands_tournament_id_tournaments"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("tournament_id", "number", name=op.f("pk_tournament_hands")),
    )


def downgrade() -> None:
    op.drop_table("tournament_hands")
    with op.batch_alter_table("tournaments") as batch:
        batch.drop_column("keeps_hands")
