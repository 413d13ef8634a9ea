"""Who may use a web tournament's director controls (T-16)."""

from __future__ import annotations

from pokerroom.web.seam import User


def may_direct(user: User | None) -> bool:
    """T-16: the tournament director's controls are for directors and admins."""
    return user is not None and (user.has("director") or user.has("admin"))
