"""OFC Pineapple tables on the web (O-1 … O-7): the room, its snapshot and its placements."""

from pokerroom.room.ofc.room import OfcRoom

__all__ = ["OfcRoom"]
