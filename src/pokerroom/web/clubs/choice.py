"""A club chosen on the lobby's forms: a member's table, a director's tournament.

The creation forms offer the clubs the creator may use (``club``: a club's id, blank for
none); the server checks the choice again when the form is posted, so a forged id is
refused with one line, and nothing is created.
"""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request

from pokerroom.i18n import gettext
from pokerroom.room.seam import User
from pokerroom.table.settings_check import SettingError
from pokerroom.web.cardroom import cardroom_of


class ClubChoiceError(SettingError):
    """A club the creator may not use for this game."""


async def club_choices(
    request: Request, user: User | None, *, directing: bool
) -> list[tuple[int, str]]:
    """The clubs ``user`` may put a game in: any he is an approved member of, or for a
    tournament (``directing``) those he owns or directs."""
    if user is None:
        return []
    memberships = await run_in_threadpool(cardroom_of(request).clubs.memberships, user.id)
    return [
        (club.id, club.name)
        for club, member in memberships
        if (member.directs if directing else member.approved)
    ]


async def chosen_club(request: Request, user: User, text: str, *, directing: bool) -> int | None:
    """The club id chosen on the form (None: blank), if ``user`` may use it."""
    if not text.strip():
        return None
    allowed = dict(await club_choices(request, user, directing=directing))
    if text.strip().isdigit() and int(text) in allowed:
        return int(text)
    if directing:
        raise ClubChoiceError(gettext("only a club's owner or directors make its tournaments"))
    raise ClubChoiceError(gettext("only a club's approved members open tables in it"))
