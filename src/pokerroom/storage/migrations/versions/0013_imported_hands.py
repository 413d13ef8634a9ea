"""Hands imported from other rooms' histories, in the hand archive.

Additive: ``web_hands.source`` (``pokerstars``, ``pokernow``; NULL for a hand played here)
and ``web_hands.source_hand`` (the hand's id in that room), unique together, so a file
imported twice adds its hands once.

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-05
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | Sequence[str] | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("web_hands") as hands:
        hands.add_column(sa.Column("source", sa.String(length=20), nullable=True))
        hands.add_column(sa.Column("source_hand", sa.String(length=100), nullable=True))
        hands.create_unique_constraint(op.f("uq_web_hands_source"), ["source", "source_hand"])


def downgrade() -> None:
    with op.batch_alter_table("web_hands") as hands:
        hands.drop_constraint(op.f("uq_web_hands_source"), type_="unique")
        hands.drop_column("source_hand")
        hands.drop_column("source")
