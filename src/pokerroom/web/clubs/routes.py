"""The club pages: my clubs, one club's page, its forms and its seasons' leaderboards.

- ``GET /clubs``: the visitor's clubs (and requests waiting), a form to create a club and
  one to join by invitation code; ``POST /clubs`` creates, ``POST /clubs/join`` asks to join.
- ``GET /clubs/<id>``: members and roles, requests to answer, the invitation code, the
  club's tables and tournaments (upcoming and running; past ones with their winners), its
  seasons. Approved members only (admins too); anybody else gets 403 saying why.
- ``POST /clubs/<id>/members/<account>/<deed>``: ``approve`` or ``decline`` a request (the
  owner or a director), ``role`` (field ``role``: ``director`` or ``member``) or ``remove``
  (the owner); ``POST /clubs/<id>/code`` renews the code (the owner);
  ``POST /clubs/<id>/seasons`` adds a season (the owner or a director).
- ``GET /clubs/<id>/seasons/<n>``: the season's leaderboard, and ``.csv`` / ``.json``.

Every store call runs in a thread (the event loop never waits for the database). A change
of members reads them again for the hub, dismisses a removed member from the club's sockets
and gives the club's tournaments their directors (T-16).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from pokerroom.club.exports import standings_csv, standings_json
from pokerroom.club.season import Season
from pokerroom.club.standings import Standing, standings
from pokerroom.errors import PokerroomError
from pokerroom.i18n import gettext
from pokerroom.room.hub import Hub
from pokerroom.room.registry import RoomKind, table_path
from pokerroom.room.seam import User
from pokerroom.room.tournament.event import RoomTournament
from pokerroom.said import error_words
from pokerroom.storage.clubs.store import Club, Member
from pokerroom.web.auth.visitor import user_of
from pokerroom.web.cardroom import Cardroom, cardroom_of
from pokerroom.web.clubs.results import club_events
from pokerroom.web.clubs.season_form import SEASON_FIELDS, read_season
from pokerroom.web.downloads import CSV_TYPE, download
from pokerroom.web.lobby.state import current_entry
from pokerroom.web.pages.forms import form_fields
from pokerroom.web.templating import page

T = TypeVar("T")
CLUB = "/clubs/{club_id:int}"


def club_routes() -> list[BaseRoute]:
    return [
        Route("/clubs", clubs_page, methods=["GET"]),
        Route("/clubs", create_club, methods=["POST"]),
        Route("/clubs/join", join_club, methods=["POST"]),
        Route(CLUB, club_page, methods=["GET"]),
        Route(CLUB + "/code", renew_code, methods=["POST"]),
        Route(CLUB + "/seasons", add_season, methods=["POST"]),
        Route(CLUB + "/members/{account:int}/{deed}", member_deed, methods=["POST"]),
        Route(CLUB + "/seasons/{number:int}", season_page, methods=["GET"]),
        Route(CLUB + "/seasons/{number:int}.csv", season_csv, methods=["GET"]),
        Route(CLUB + "/seasons/{number:int}.json", season_json, methods=["GET"]),
    ]


def _person(request: Request) -> User:
    """The signed-in visitor, not a guest (a guest came for one game), or a 403."""
    user = user_of(request)
    if user is None:
        raise HTTPException(403, gettext("log in to see your clubs"))
    if user.has("guest"):
        raise HTTPException(403, gettext("a guest belongs to no club; sign up to join one"))
    return user


async def _db(function: Callable[..., T], *args: Any) -> T:
    return await run_in_threadpool(function, *args)


# ------------------------------------------------------------------ my clubs


async def clubs_page(request: Request) -> Response:
    if user_of(request) is None:
        return RedirectResponse("/login?next=/clubs", status_code=303)
    return await _my_clubs(request, None)


async def _my_clubs(request: Request, message: str | None, status: int = 200) -> Response:
    user = _person(request)
    clubs = await _db(cardroom_of(request).clubs.memberships, user.id)
    context = {"memberships": clubs, "message": message, "roles": role_words()}
    return page(request, "clubs.html", context, status)


async def create_club(request: Request) -> Response:
    user = _person(request)
    form = await form_fields(request, "name")
    try:
        club = await _db(cardroom_of(request).clubs.create_club, user.id, form["name"])
    except PokerroomError as error:
        return await _my_clubs(request, error_words(error), 400)
    return RedirectResponse(f"/clubs/{club.id}", status_code=303)


async def join_club(request: Request) -> Response:
    user = _person(request)
    form = await form_fields(request, "code")
    try:
        club = await _db(cardroom_of(request).clubs.join, form["code"], user.id)
    except PokerroomError as error:
        return await _my_clubs(request, error_words(error), 400)
    asked = gettext("you asked to join {club}; its owner or a director will answer")
    return await _my_clubs(request, asked.format(club=club.name))


def role_words() -> dict[str, str]:
    return {
        "owner": gettext("owner"),
        "director": gettext("director"),
        "member": gettext("member"),
        "pending": gettext("waiting for approval"),
    }


# ------------------------------------------------------------------ one club


async def _club_and_me(request: Request) -> tuple[Club, Member | None, User]:
    """The club of the path and the visitor's place in it; a 404 or a 403 saying why."""
    user = _person(request)
    clubs = cardroom_of(request).clubs
    club_id = int(request.path_params["club_id"])
    club = await _db(clubs.club, club_id)
    if club is None:
        raise HTTPException(404, gettext("there is no club {id}").format(id=club_id))
    me = await _db(clubs.member, club_id, user.id)
    if (me is None or not me.approved) and not user.has("admin"):
        raise HTTPException(
            403,
            gettext("only the approved members of {club} see its page").format(club=club.name),
        )
    return club, me, user


async def club_page(request: Request) -> Response:
    return await _club_page(request, None)


async def _club_page(request: Request, message: str | None, status: int = 200) -> Response:
    club, me, _user = await _club_and_me(request)
    cardroom = cardroom_of(request)
    members = await _db(cardroom.clubs.members, club.id)
    seasons = await _db(cardroom.clubs.seasons, club.id)
    tables = [
        (room_id, current_entry(cardroom.registry.get(room_id)).listing(room_id))
        for room_id in cardroom.registry
        if cardroom.registry.get(room_id).entry.club == club.id
        and cardroom.registry.get(room_id).entry.kind is not RoomKind.TOURNAMENT
    ]
    events = club_events(cardroom.registry, club.id)
    context = {
        "club": club,
        "me": me,
        "owner": me is not None and me.role == "owner",
        "directs": me is not None and me.directs,
        "members": [m for m in members if m.approved],
        "pending": [m for m in members if m.state == "pending"],
        "tables": [listing for _id, listing in tables],
        "coming": [e.tournament for e in events if e.result is None],
        "past": [e for e in events if e.result is not None],
        "seasons": seasons,
        "roles": role_words(),
        "message": message,
        "table_path": table_path,
        "season_fields": SEASON_FIELDS,
    }
    return page(request, "club.html", context, status)


async def _deed(
    request: Request, deed: Callable[[Cardroom, Club, User], Awaitable[str]]
) -> Response:
    club, _me, user = await _club_and_me(request)
    cardroom = cardroom_of(request)
    try:
        done = await deed(cardroom, club, user)
    except PokerroomError as error:
        return await _club_page(request, error_words(error), 409)
    hub: Hub = request.app.state.hub
    await reread_club(cardroom, hub, club.id)
    if hub.link is not None:
        hub.link.club_changed(club.id)
    return await _club_page(request, done)


async def member_deed(request: Request) -> Response:
    account = int(request.path_params["account"])
    name = str(request.path_params["deed"])
    form = await form_fields(request, "role")

    async def act(cardroom: Cardroom, club: Club, user: User) -> str:
        clubs = cardroom.clubs
        if name == "approve":
            await _db(clubs.approve, club.id, user.id, account)
            return gettext("the player is a member now")
        if name == "decline":
            await _db(clubs.decline, club.id, user.id, account)
            return gettext("the request is declined")
        if name == "remove":
            await _db(clubs.remove, club.id, user.id, account)
            return gettext("the member is removed: the club's games are closed to him")
        if name == "role":
            await _db(clubs.set_role, club.id, user.id, account, form["role"])
            return gettext("the role is changed")
        raise HTTPException(
            404, gettext("no such change; the changes are approve, decline, role, remove")
        )

    return await _deed(request, act)


async def renew_code(request: Request) -> Response:
    async def act(cardroom: Cardroom, club: Club, user: User) -> str:
        await _db(cardroom.clubs.renew_code, club.id, user.id)
        return gettext("a new invitation code: the old one no longer works")

    return await _deed(request, act)


async def add_season(request: Request) -> Response:
    form = await form_fields(request, *SEASON_FIELDS)

    async def act(cardroom: Cardroom, club: Club, user: User) -> str:
        season = read_season(form)
        number = await _db(cardroom.clubs.add_season, club.id, user.id, season)
        return gettext("season {number} is defined").format(number=number)

    return await _deed(request, act)


async def reread_club(cardroom: Cardroom, hub: Hub, club_id: int) -> None:
    """A club's members or directors changed (here, or on another process of a cluster):
    the hub's copy of the members, the tournaments' directors, the sockets told."""
    club = await _db(cardroom.clubs.club, club_id)
    if club is None:
        return
    await _db(cardroom.club_members.read, cardroom.clubs, club_id, club.name)
    directors = await _db(cardroom.clubs.directors, club_id)
    for room_id in list(cardroom.registry):
        listed = cardroom.registry.find(room_id)
        if listed is None or listed.entry.club != club_id:
            continue
        if isinstance(listed.room, RoomTournament):
            listed.room.directors = directors
            for table in listed.room.rooms.values():
                hub.room_changed(table.id)
        hub.room_changed(room_id)


# ------------------------------------------------------------------ seasons


@dataclass(frozen=True, slots=True)
class Leaderboard:
    club: Club
    number: int
    season: Season
    counted: int
    """The club's finished tournaments the season counts."""
    table: list[Standing]


async def _leaderboard(request: Request) -> Leaderboard:
    club, _me, _user = await _club_and_me(request)
    number = int(request.path_params["number"])
    seasons = dict(await _db(cardroom_of(request).clubs.seasons, club.id))
    season = seasons.get(number)
    if season is None:
        raise HTTPException(
            404, gettext("{club} has no season {number}").format(club=club.name, number=number)
        )
    results = [
        event.result
        for event in club_events(cardroom_of(request).registry, club.id)
        if event.result is not None
    ]
    counted = sum(1 for result in results if season.counts(result))
    return Leaderboard(club, number, season, counted, standings(season, results))


async def season_page(request: Request) -> Response:
    board = await _leaderboard(request)
    return page(request, "club_season.html", {"board": board})


async def season_csv(request: Request) -> Response:
    board = await _leaderboard(request)
    name = f"club-{board.club.id}-season-{board.number}.csv"
    return download(standings_csv(board.table), CSV_TYPE, name)


async def season_json(request: Request) -> Response:
    board = await _leaderboard(request)
    return JSONResponse(standings_json(board.season, board.counted, board.table))
