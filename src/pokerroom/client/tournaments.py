"""A web tournament from a terminal: its lobby, and registering through the server's own
routes (``web/tournament/routes.py``), as the tournament page's buttons do.

The lobby itself comes over the tournament's socket (its frames carry the server's clock, so
a start time reads as minutes from now). A deed (``register`` — also a late registration or
a re-entry, as the server decides — ``unregister``, ``start``) is a form POST carrying the
visitor's CSRF token, read from the tournament page as the client's signing-in reads its
forms'. The server's answer, done or refused, is its own one line; a refusal becomes a
:class:`ClientError` and changed nothing."""

from __future__ import annotations

from pokerroom.client.errors import ClientError
from pokerroom.client.http import Server, Visit
from pokerroom.client.saved_sessions import Session
from pokerroom.client.signing_in import SESSION_COOKIE

DEED_ROUTES = {
    "register": "register",
    "register late": "register",
    "re-enter": "register",
    "unregister": "unregister",
    "start": "start",
}
"""What the tournament's ``you.may`` offers (and a creator's ``start``), by its route."""


def _visit(server: Server, session: Session | None) -> Visit:
    return Visit(server, {} if session is None else {SESSION_COOKIE: session.token})


def tournament_deed(server: Server, session: Session, tid: str, deed: str) -> str:
    """Do ``deed`` (a key of :data:`DEED_ROUTES`) in tournament ``tid``: the server's line."""
    route = DEED_ROUTES.get(deed)
    if route is None:
        raise ClientError(f"no such step {deed!r:.30}: one of {', '.join(DEED_ROUTES)}")
    visit = _visit(server, session)
    page = visit.get(f"/tournaments/{tid}")
    if page.status != 200:
        raise ClientError(f"no tournament {tid!r:.40}: {page.refusal()}")
    answer = visit.post(f"/tournaments/{tid}/{route}", {"csrf": page.csrf()}, json_answer=True)
    data = answer.json()
    message = data.get("message") if isinstance(data, dict) else None
    if answer.status == 200 and isinstance(message, str):
        return message
    raise ClientError(f"{deed} refused: {answer.refusal()}")
