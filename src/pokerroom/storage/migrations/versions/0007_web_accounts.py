"""The web cardroom's accounts, sessions, invite links and room passes.

Additive: ``accounts`` (a unique casefolded name, an argon2 hash of the password, none for
a guest, and roles), ``web_sessions`` and ``invites`` (each keyed by the SHA-256 digest of
its random token, never the token) and ``room_passes`` (who may enter a private room).

Revision ID: 0007
Revises: 0006
Create Date: 2027-01-04
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | Sequence[str] | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _account_key(table: str, column: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        [column],
        ["accounts.id"],
        name=op.f(f"fk_{table}_{column}_accounts"),
        ondelete="CASCADE",
    )


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("name_key", sa.String(length=40), nullable=False),
        sa.Column("password_hash", sa.String(length=200), nullable=True),
        sa.Column("roles", sa.JSON(), nullable=False),
        sa.Column("invited_to", sa.String(length=100), nullable=True),
        sa.Column("last_login_at", sa.DateTime(), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_accounts")),
        sa.UniqueConstraint("name_key", name=op.f("uq_accounts_name_key")),
    )
    op.create_table(
        "web_sessions",
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("expires_at", sa.DateTime(), nullable=False),
        _account_key("web_sessions", "account_id"),
        sa.PrimaryKeyConstraint("token_hash", name=op.f("pk_web_sessions")),
    )
    op.create_index(op.f("ix_web_sessions_account_id"), "web_sessions", ["account_id"])
    op.create_index(op.f("ix_web_sessions_expires_at"), "web_sessions", ["expires_at"])
    op.create_table(
        "invites",
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("room_id", sa.String(length=100), nullable=False),
        sa.Column("created_by", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("expires_at", sa.DateTime(), nullable=False),
        sa.Column("uses", sa.Integer(), nullable=False),
        _account_key("invites", "created_by"),
        sa.PrimaryKeyConstraint("token_hash", name=op.f("pk_invites")),
    )
    op.create_index(op.f("ix_invites_room_id"), "invites", ["room_id"])
    op.create_table(
        "room_passes",
        sa.Column("room_id", sa.String(length=100), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        _account_key("room_passes", "account_id"),
        sa.PrimaryKeyConstraint("room_id", "account_id", name=op.f("pk_room_passes")),
    )


def downgrade() -> None:
    op.drop_table("room_passes")
    op.drop_index(op.f("ix_invites_room_id"), table_name="invites")
    op.drop_table("invites")
    op.drop_index(op.f("ix_web_sessions_expires_at"), table_name="web_sessions")
    op.drop_index(op.f("ix_web_sessions_account_id"), table_name="web_sessions")
    op.drop_table("web_sessions")
    op.drop_table("accounts")
