"""Who may come into a room: anyone to a public one; to a private one, only by its link.

A private room lets in its host, an admin, and the accounts that followed one of its
invite links (a player who was signed in when he opened it, or a guest the link made).
A guest came for one game: he may enter only the rooms whose link he followed.
"""

from __future__ import annotations

from pokerroom.web.cardroom import Cardroom
from pokerroom.web.registry import LobbyEntry
from pokerroom.web.seam import User


def may_enter(cardroom: Cardroom, room_id: str, entry: LobbyEntry, user: User | None) -> bool:
    """Whether ``user`` (None: signed out) may open the room's page and socket."""
    if user is not None and user.has("guest"):
        return cardroom.accounts.has_pass(room_id, user.id)
    if not entry.private:
        return True
    if user is None:
        return False
    if entry.host_id == user.id or user.has("admin"):
        return True
    return cardroom.accounts.has_pass(room_id, user.id)
