"""Statistics counts kept with each archived hand.

Additive: ``web_hand_counts`` (one row per seat of a hand: the statistics' counts, its
result in big blinds and all-in adjusted). Hands archived before it have none and are
counted from their PHH when summarised.

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-05
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0015"
down_revision: str | Sequence[str] | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

CHIPS = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
COUNTS = (
    "vpip",
    "pfr",
    "three_bet_chance",
    "three_bet",
    "fold_to_three_bet_chance",
    "fold_to_three_bet",
    "bets_raises",
    "calls",
    "saw_flop",
    "showdown",
    "won_at_showdown",
)


def upgrade() -> None:
    op.create_table(
        "web_hand_counts",
        sa.Column("hand_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        *(sa.Column(name, sa.Integer(), nullable=False) for name in COUNTS),
        sa.Column("winnings", CHIPS, nullable=False),
        sa.Column("big_blind", CHIPS, nullable=False),
        sa.Column("big_blinds", sa.Float(), nullable=False),
        sa.Column("adjusted", sa.Float(), nullable=False),
        sa.Column("adjusted_own", sa.Float(), nullable=False),
        sa.ForeignKeyConstraint(
            ["hand_id"],
            ["web_hands.id"],
            name=op.f("fk_web_hand_counts_hand_id_web_hands"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("hand_id", "position", name=op.f("pk_web_hand_counts")),
    )


def downgrade() -> None:
    op.drop_table("web_hand_counts")
