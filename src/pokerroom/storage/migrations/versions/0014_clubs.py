"""Clubs: a club's members with their roles, and its seasons.

Additive: ``clubs`` (name, owner, invitation code), ``club_members`` (role and state of
each account in a club) and ``club_seasons`` (dates, points formula, what counts).

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-05
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0014"
down_revision: str | Sequence[str] | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "clubs",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("owner_id", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(length=40), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["owner_id"],
            ["accounts.id"],
            name=op.f("fk_clubs_owner_id_accounts"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_clubs")),
        sa.UniqueConstraint("code", name=op.f("uq_clubs_code")),
    )
    op.create_table(
        "club_members",
        sa.Column("club_id", sa.Integer(), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("role", sa.String(length=20), nullable=False),
        sa.Column("state", sa.String(length=20), nullable=False),
        sa.Column("joined_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["club_id"],
            ["clubs.id"],
            name=op.f("fk_club_members_club_id_clubs"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
            name=op.f("fk_club_members_account_id_accounts"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("club_id", "account_id", name=op.f("pk_club_members")),
    )
    op.create_table(
        "club_seasons",
        sa.Column("club_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("starts", sa.Date(), nullable=False),
        sa.Column("ends", sa.Date(), nullable=False),
        sa.Column("formula", sa.String(length=20), nullable=False),
        sa.Column("scale", sa.String(length=20), nullable=False),
        sa.Column("places", sa.JSON(), nullable=False),
        sa.Column("others", sa.String(length=20), nullable=False),
        sa.Column("bounty_points", sa.String(length=20), nullable=False),
        sa.Column("min_entrants", sa.Integer(), nullable=False),
        sa.Column("best_of", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["club_id"],
            ["clubs.id"],
            name=op.f("fk_club_seasons_club_id_clubs"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("club_id", "number", name=op.f("pk_club_seasons")),
    )


def downgrade() -> None:
    op.drop_table("club_seasons")
    op.drop_table("club_members")
    op.drop_table("clubs")
