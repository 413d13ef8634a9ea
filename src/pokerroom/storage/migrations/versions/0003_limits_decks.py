"""Series keep their limits (H-3) and can be abandoned; hands in progress keep their deck.

Series: ``max_hands`` and ``seconds_left`` (the playing time left), ``abandoned_at``.
A hand in progress dealt from the secure source keeps the order of its cards
(``hands_in_progress.deck``, ``ofc_sessions.hand_deck``) instead of a seed (C-3),
so an OFC session needs no seed any more; it can be abandoned too.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | Sequence[str] | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = sa.String(length=40).with_variant(sa.Text(), "postgresql")
"""A seed as decimal text of any length (``models.Seed``): PostgreSQL's varchar would cap it."""


def upgrade() -> None:
    with op.batch_alter_table("series") as series:
        series.add_column(sa.Column("max_hands", sa.Integer(), nullable=True))
        series.add_column(sa.Column("seconds_left", sa.Float(), nullable=True))
        series.add_column(sa.Column("abandoned_at", sa.DateTime(), nullable=True))
    with op.batch_alter_table("hands_in_progress") as progress:
        progress.add_column(sa.Column("deck", sa.JSON(), nullable=True))
    with op.batch_alter_table("ofc_sessions") as sessions:
        sessions.alter_column("seed", existing_type=SEED, nullable=True)
        sessions.add_column(sa.Column("hand_deck", sa.JSON(), nullable=True))
        sessions.add_column(sa.Column("abandoned_at", sa.DateTime(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("ofc_sessions") as sessions:
        sessions.drop_column("abandoned_at")
        sessions.drop_column("hand_deck")
        sessions.alter_column("seed", existing_type=SEED, nullable=False)
    with op.batch_alter_table("hands_in_progress") as progress:
        progress.drop_column("deck")
    with op.batch_alter_table("series") as series:
        series.drop_column("abandoned_at")
        series.drop_column("seconds_left")
        series.drop_column("max_hands")
