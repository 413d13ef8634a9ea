"""An account keeps the language its owner chose in the web's language menu.

Accounts: ``language``, ``en``, ``ru`` or ``uk``; NULL until he chooses one (his pages
then follow his browser's cookie or ``Accept-Language``).

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-05
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | Sequence[str] | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("accounts") as accounts:
        accounts.add_column(sa.Column("language", sa.String(length=8), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("accounts") as accounts:
        accounts.drop_column("language")
