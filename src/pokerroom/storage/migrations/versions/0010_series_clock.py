"""A series keeps its decision clock: ``play --clock`` comes back with ``play --resume``.

Series: ``clock``, the seconds a player at the terminal table has for a decision before
the countdown (A-18), 0 for none; NULL for a series saved before this revision (or one of
bots only), which resumes with the ``--clock`` given, 30 s by default.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-04
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | Sequence[str] | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("series") as series:
        series.add_column(sa.Column("clock", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("series") as series:
        series.drop_column("clock")
