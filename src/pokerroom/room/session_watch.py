"""Table sockets follow their session (issue 21 item 30): an open socket must not keep
acting for a user whose session ended (logged out, expired, closed by another process) or
whose roles changed (``pokerroom accounts grant``/``revoke``, run beside the server).

Logging out on this server ends the user's sockets at once
(:meth:`~pokerroom.room.hub.Hub.end_user_sockets`). For what changes elsewhere, the hub
asks every ``seconds`` whether each signed-in socket's session still signs in the same
user with the same roles; one that does not is told ``session_ended`` and closed (4011),
and the page connects again as whatever its cookie now makes it. The question goes to the
database in a worker thread, for all the sessions at once (a few queries, not one per
session); a database that cannot answer ends nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping

from pokerroom.room.seam import User

SessionCheck = Callable[[Collection[str]], Mapping[str, User]]
"""Whom each of these session tokens signs in now (with his roles); a token missing from
the answer signs in nobody (the session ended or expired)."""


def lapsed(check: SessionCheck, sessions: Iterable[tuple[str, User]]) -> set[tuple[str, User]]:
    """The sessions that no longer sign in their user as he was (asked once, for all of
    them); none when the check fails (the database is unreachable: nothing is known)."""
    asked = set(sessions)
    try:
        now = check({token for token, _user in asked})
    except Exception:
        return set()
    return {(token, user) for token, user in asked if now.get(token) != user}
