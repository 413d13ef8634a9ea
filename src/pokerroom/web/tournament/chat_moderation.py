"""The chat moderation of a web tournament's tables, for its director:
``/tournaments/<id>/chat`` and the ``_chat_moderation.html`` part of the director's console.

Each table keeps its own chat (:class:`~pokerroom.chat.RoomChat`, saved with the table);
this gathers what the director must see of them — who is muted and for how long, the
reported lines with their hand numbers, every moderation — newest first. The director
mutes from the table's own page (its chat panel shows him the Mute buttons).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from pokerroom.chat.words import for_a_while
from pokerroom.i18n import gettext
from pokerroom.room.registry import table_path
from pokerroom.room.tournament.event import RoomTournament
from pokerroom.room.tournament.roles import may_direct_event
from pokerroom.web.auth.visitor import user_of
from pokerroom.web.errors import error_response
from pokerroom.web.templating import page
from pokerroom.web.tournament.routes import tournament_of


@dataclass(frozen=True, slots=True)
class TableChat:
    """One table's moderation, as lines of text (the template escapes them)."""

    number: int
    path: str
    mutes: list[str]
    reports: list[str]
    log: list[str]


def chat_moderation(tournament: RoomTournament, now: float) -> list[TableChat]:
    """Every table's mutes in force, reports and moderation log, newest first."""
    tables = []
    for number, room in sorted(tournament.rooms.items()):
        chat = room.chat
        tables.append(
            TableChat(
                number,
                table_path(room.id),
                [
                    gettext("{name}: {time} left (mute #{times})").format(
                        name=mute.name, time=for_a_while(mute.until - now), times=mute.times
                    )
                    for mute in chat.mutes.values()
                    if mute.until > now
                ],
                [
                    gettext("{when}: {reporter} reported {player} (hand {hand}): {text}").format(
                        when=ago(now - r.at),
                        reporter=r.reporter_name,
                        player=r.line.name,
                        hand=r.line.hand,
                        text=r.line.text,
                    )
                    for r in reversed(chat.reports)
                ],
                [
                    f"{ago(now - e.at)}: {e.moderator} {e.action}"
                    f"{'' if e.target is None else ' ' + e.target} — {e.detail}"
                    for e in reversed(chat.log)
                ],
            )
        )
    return tables


def ago(seconds: float) -> str:
    if seconds < 60:
        return gettext("just now")
    return gettext("{time} ago").format(time=for_a_while(seconds))


def chat_moderation_routes() -> list[BaseRoute]:
    return [Route("/tournaments/{tid}/chat", moderation_page, methods=["GET"])]


async def moderation_page(request: Request) -> Response:
    """The tournament's chat moderation alone (creator, director, admin; T-16)."""
    tournament = tournament_of(request)
    user = user_of(request)
    if user is None:
        return RedirectResponse(f"/login?next={tournament.url}/chat", status_code=303)
    if not may_direct_event(user, tournament.creator, tournament.directors):
        return error_response(
            request.scope,
            403,
            gettext("only the tournament's creator, a director or an admin sees it"),
        )
    clock: Callable[[], float] = request.app.state.hub.clock
    frame = tournament.lobby(user)
    return page(
        request,
        "tournament_chat.html",
        {"t": frame, "chat_tables": chat_moderation(tournament, clock())},
    )
