"""Pages that change a table another process runs (``pokerroom serve --broker``) and are
not carried to it yet: they are refused with one line saying where to do it instead."""

from __future__ import annotations

from starlette.exceptions import HTTPException
from starlette.requests import Request

from pokerroom.i18n import N_, gettext

ELSEWHERE = N_(
    "this table is run by another server of the cardroom: reload the page and try again, "
    "or do it from the table itself"
)


def refuse_elsewhere(request: Request, room_id: str) -> None:
    """A 409 when another process runs ``room_id``."""
    link = request.app.state.hub.link
    if link is not None and link.remote(room_id):
        raise HTTPException(409, gettext(ELSEWHERE))
