"""Who may create a web tournament, and who may use its director controls (T-16)."""

from __future__ import annotations

from collections.abc import Collection

from pokerroom.room.seam import User

CREATORS = ("host", "director", "admin")


def may_create(user: User | None) -> bool:
    """A host, a director or an admin creates tournaments (from the lobby's link)."""
    return user is not None and any(user.has(role) for role in CREATORS)


def may_direct(user: User | None) -> bool:
    """T-16: the tournament director's controls are for directors and admins."""
    return user is not None and (user.has("director") or user.has("admin"))


def may_direct_event(
    user: User | None, creator: int, directors: Collection[int] = frozenset()
) -> bool:
    """T-16: one web tournament's director: its creator, any director or an admin, and
    for a club's tournament the club's owner and directors (``directors``: their account
    ids, kept current by whoever knows the club)."""
    return user is not None and (user.id == creator or user.id in directors or may_direct(user))
