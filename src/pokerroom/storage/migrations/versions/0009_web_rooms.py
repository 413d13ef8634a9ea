"""The web cardroom's live tables, saved as they are played.

Additive: ``web_rooms`` (each open table: its kind, its lobby line, the settings it was
built with and its secret deck seed, when the server last stopped it cleanly, when it was
closed), ``web_room_inputs`` (everything that changed a table, in order: a message with
its sender, a tick of the clock, a connection that came or went, a stop and a restart)
and ``web_room_checkpoints`` (at most one per table: the table as it was after one of its
inputs, signed with the server's secret), so a restarted server builds each table again
(from its checkpoint, or from its settings and seed) and replays it to where it was.

Revision ID: 0009
Revises: 0008
Create Date: 2027-01-05
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | Sequence[str] | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


SEED = sa.String(length=40).with_variant(sa.Text(), "postgresql")
"""A seed as decimal text of any length (``models.Seed``): PostgreSQL's varchar would cap it."""


def _room_key(table: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        ["room_id"],
        ["web_rooms.id"],
        name=op.f(f"fk_{table}_room_id_web_rooms"),
        ondelete="CASCADE",
    )


def upgrade() -> None:
    op.create_table(
        "web_rooms",
        sa.Column("id", sa.String(length=100), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("entry", sa.JSON(), nullable=False),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.Column("seed", SEED, nullable=False),
        sa.Column("closed_at", sa.DateTime(), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_web_rooms")),
    )
    op.create_table(
        "web_room_inputs",
        sa.Column("room_id", sa.String(length=100), nullable=False),
        sa.Column("serial", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        sa.Column("user", sa.JSON(), nullable=True),
        sa.Column("data", sa.JSON(), nullable=True),
        _room_key("web_room_inputs"),
        sa.PrimaryKeyConstraint("room_id", "serial", name=op.f("pk_web_room_inputs")),
    )
    op.create_table(
        "web_room_checkpoints",
        sa.Column("room_id", sa.String(length=100), nullable=False),
        sa.Column("serial", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("fingerprint", sa.String(length=64), nullable=False),
        sa.Column("state", sa.LargeBinary(), nullable=False),
        sa.Column("signature", sa.String(length=64), nullable=False),
        _room_key("web_room_checkpoints"),
        sa.PrimaryKeyConstraint("room_id", name=op.f("pk_web_room_checkpoints")),
    )


def downgrade() -> None:
    op.drop_table("web_room_checkpoints")
    op.drop_table("web_room_inputs")
    op.drop_table("web_rooms")
