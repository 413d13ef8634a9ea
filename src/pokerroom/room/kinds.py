"""Every kind of live table the server saves and lists: the poker rooms and the OFC room."""

from __future__ import annotations

from pokerroom.room.live import LiveRoom
from pokerroom.room.ofc import OfcRoom

TableRoom = LiveRoom | OfcRoom
"""A home, cash or tournament poker table, or an OFC table."""
TABLE_ROOMS = (LiveRoom, OfcRoom)
"""The same, for ``isinstance``."""
