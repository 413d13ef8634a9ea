"""The hand archive of the web cardroom: every hand finished at a web table.

Additive: ``web_hands`` (one row per finished hand of a room: the room's id, kind and name,
the game, the table's size, the room's hand number, when it finished, the complete PHH
document — every card in it, so it never leaves the server as it is (X-4) — and the chips
raked, P-9) and
``web_hand_seats`` (who sat at each engine position: the seat, the account, the name, and
his result in chips, net of the rake).

Revision ID: 0008
Revises: 0007
Create Date: 2027-01-11
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

CHIPS = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
"""A chip count past 2**31: 64 bits (SQLite's ``INTEGER`` already is)."""

revision: str = "0008"
down_revision: str | Sequence[str] | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "web_hands",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("room_id", sa.String(length=100), nullable=False),
        sa.Column("room_kind", sa.String(length=20), nullable=False),
        sa.Column("room_name", sa.String(length=200), nullable=False),
        sa.Column("game", sa.String(length=60), nullable=False),
        sa.Column("table_size", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("finished_at", sa.DateTime(), nullable=False),
        sa.Column("phh", sa.Text(), nullable=False),
        sa.Column("rake", CHIPS, nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_web_hands")),
        sa.UniqueConstraint("room_id", "number", name=op.f("uq_web_hands_room_id")),
    )
    op.create_table(
        "web_hand_seats",
        sa.Column("hand_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=True),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("result", CHIPS, nullable=False),
        sa.ForeignKeyConstraint(
            ["hand_id"],
            ["web_hands.id"],
            name=op.f("fk_web_hand_seats_hand_id_web_hands"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
            name=op.f("fk_web_hand_seats_account_id_accounts"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("hand_id", "position", name=op.f("pk_web_hand_seats")),
    )
    op.create_index(op.f("ix_web_hand_seats_account_id"), "web_hand_seats", ["account_id"])


def downgrade() -> None:
    op.drop_index(op.f("ix_web_hand_seats_account_id"), table_name="web_hand_seats")
    op.drop_table("web_hand_seats")
    op.drop_table("web_hands")
