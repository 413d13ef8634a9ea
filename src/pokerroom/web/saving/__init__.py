"""Saved tables: every live room saved as it is played, resumed by a restarted server.

A page opens a table with :func:`open_room` (never ``registry.add``) and uses the room it
gives back; see :mod:`pokerroom.web.saving.tables`.
"""

from pokerroom.storage.rooms.saved_room import SavedRoom
from pokerroom.web.saving.tables import RESUME_GRACE, open_room

__all__ = ["RESUME_GRACE", "SavedRoom", "open_room"]
