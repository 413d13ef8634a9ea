"""The tournament pages: create one, its page and JSON, and its forms.

- ``GET /tournaments/new`` and ``POST /tournaments``: a director, host or admin creates a
  tournament from a shipped example (``example``), an uploaded TOML file (``upload``) or
  pasted TOML (``regulation``) (:mod:`.new_form`), with an optional ``name``, ``bots``
  (fill the field with bots up to this many entrants at the start), ``start_in``
  (minutes: it starts by itself then), ``when_full`` (a sit & go: it starts as its last
  seat is taken) and ``recurs`` (a new one like it opens as it starts).
- ``GET /tournaments/<id>``: the page (registration, structure, payouts, entrants, tables
  with their players and stacks, the viewer's table, results; :mod:`.details`);
  ``GET /api/tournaments/<id>``: the ``tournament`` frame as JSON.
- ``POST /tournaments/<id>/register`` (before the start: register; after it: a late
  registration, or a re-entry once out), ``/unregister`` (before the start), ``/start``
  (the creator or a director), ``/pause`` and ``/resume`` (the clock; directors and admins
  only, T-16). A refusal is one line (the director library's own where it decides) and
  changes nothing: a 409 page, or ``{"type": "error", ...}`` for a script.

Every tournament is listed in the lobby (kind ``tournament``; one made by an account with
neither the ``director`` nor the ``admin`` role is marked *player-run*: its director is
one of the players' own, who may not rule on himself or his own table, T-16); its tables
are rooms of the
registry (``/tables/<room id>``, ``/ws/tables/<room id>``), shown on its page, not in the
lobby. Times are the hub's clock, the one the tables run on.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from pokerroom.errors import PokerroomError
from pokerroom.i18n import gettext
from pokerroom.room.registry import (
    LobbyEntry,
    Registry,
    RoomKind,
    entry_to_json,
    new_room_id,
    table_path,
)
from pokerroom.room.seam import PROTOCOL_VERSION, User
from pokerroom.room.tournament.event import RoomTournament
from pokerroom.room.tournament.roles import may_create, may_direct
from pokerroom.room.tournament.words import place_text, status_text
from pokerroom.said import error_words
from pokerroom.web.auth.visitor import user_of
from pokerroom.web.cardroom import Cardroom, cardroom_of
from pokerroom.web.clubs.choice import chosen_club, club_choices
from pokerroom.web.errors import error_response, wants_json
from pokerroom.web.templating import page
from pokerroom.web.tournament.commands import on_owner, status_of
from pokerroom.web.tournament.details import details
from pokerroom.web.tournament.new_form import (
    NewTournamentForm,
    UploadError,
    blank_form,
    form_page,
    read_form,
    whole_number,
)
from pokerroom.web.tournament.saving import save_tournament


def tournament_routes() -> list[BaseRoute]:
    return [
        Route("/tournaments/new", new_page, methods=["GET"]),
        Route("/tournaments", create, methods=["POST"]),
        Route("/tournaments/{tid}", tournament_page, methods=["GET"]),
        Route("/api/tournaments/{tid}", tournament_json, methods=["GET"]),
        *(Route(f"/tournaments/{{tid}}/{deed}", _form(deed), methods=["POST"]) for deed in DEEDS),
    ]


def _now(request: Request) -> float:
    clock: Callable[[], float] = request.app.state.hub.clock
    return clock()


def advanced(request: Request, tournament: RoomTournament) -> RoomTournament:
    """The tournament's time acts as the page is read, where it runs; a follower copy
    shows what its owner saved (it never acts)."""
    hub = request.app.state.hub
    if hub.acting(tournament.id):
        tournament.advance(hub.clock())
    return tournament


def _changed(request: Request, tournament: RoomTournament) -> None:
    """The hub refreshes the tournament's sockets and looks at every table's clock."""
    request.app.state.hub.room_changed(tournament.id)


def tournament_of(request: Request) -> RoomTournament:
    tid = str(request.path_params["tid"])
    listed = cardroom_of(request).registry.find(tid)
    if listed is None or not isinstance(listed.room, RoomTournament):
        raise HTTPException(404, gettext("there is no tournament {id}").format(id=repr(tid[:40])))
    return listed.room


# ---------------------------------------------------------------- creating


async def new_page(request: Request) -> Response:
    user = user_of(request)
    if not may_create(user):
        raise HTTPException(
            403, gettext("only a host, a director or an admin creates a tournament")
        )
    return form_page(request, blank_form(), clubs=await club_choices(request, user, directing=True))


async def create(request: Request) -> Response:
    user = user_of(request)
    if user is None or not may_create(user):
        raise HTTPException(
            403, gettext("only a host, a director or an admin creates a tournament")
        )
    try:
        form = await read_form(request)
    except UploadError as error:
        return await _refused(request, error.form, str(error))
    now = _now(request)
    try:
        club = await chosen_club(request, user, form.fields["club"], directing=True)
        regulation, text = form.regulation()
        bots = whole_number(form.fields["bots"], gettext("bots"), 0, regulation.max_entries or 1000)
        start_in = form.minutes()
        tournament = RoomTournament(
            new_room_id(),
            regulation,
            creator=user,
            name=form.fields["name"].strip()[:80] or None,
            fill_to=bots,
            start_at=now + start_in * 60 if start_in else None,
            player_run=not may_direct(user),
            start_when_full=form.when_full,
            recurs=form.recurs,
        )
    except PokerroomError as error:
        return await _refused(request, form, error_words(error))
    if club is not None:  # a club's tournament: its members only, its directors direct it
        tournament.club = club
        tournament.directors = await run_in_threadpool(cardroom_of(request).clubs.directors, club)
    tournament = open_tournament(cardroom_of(request), tournament, text, user.id)
    _changed(request, tournament)
    if wants_json(request.scope):
        return JSONResponse(tournament.lobby(user), status_code=201)
    return RedirectResponse(tournament.url, status_code=303)


async def _refused(request: Request, form: NewTournamentForm, error: str) -> Response:
    if wants_json(request.scope):
        return error_response(request.scope, 400, error)
    clubs = await club_choices(request, user_of(request), directing=True)
    return form_page(request, form, error, 400, clubs)


def open_tournament(
    cardroom: Cardroom, tournament: RoomTournament, text: str, host: int | None
) -> RoomTournament:
    """Save a new tournament (its regulation as ``text``) and list it; the one to use."""
    registry = cardroom.registry
    entry = lobby_entry(tournament, host)
    tournament.apart = cardroom.tournaments_apart
    saved = save_tournament(cardroom, tournament, text, entry_to_json(entry))
    saved.club, saved.directors = tournament.club, tournament.directors
    tournament = saved
    registry.add(tournament, entry)
    tournament.on_change = publisher(registry)
    follow_on(cardroom, tournament, text, host)
    return tournament


def follow_on(cardroom: Cardroom, tournament: RoomTournament, text: str, host: int | None) -> None:
    """A recurring sit & go opens the next one like it as it starts (made on the spot: a
    restarted server replays the start without opening another)."""
    if not tournament.recurs:
        return

    def open_next(started: RoomTournament) -> None:
        started.on_start = None
        following = RoomTournament(
            new_room_id(),
            started.regulation,
            creator=User(started.creator, "creator"),
            name=started.name,
            fill_to=started.fill_to,
            player_run=started.player_run,
            start_when_full=True,
            recurs=True,
        )
        following.club, following.directors = started.club, started.directors
        open_tournament(cardroom, following, text, host)

    tournament.on_start = open_next


def lobby_entry(tournament: RoomTournament, host: int | None = None) -> LobbyEntry:
    """The tournament's line in the lobby: registered count and status."""
    regulation = tournament.regulation
    frame = tournament.lobby(None)
    return LobbyEntry(
        tournament.name,
        str(frame["game"]),
        f"buy-in {regulation.money.buy_in:,}",
        len(tournament.log().players),
        regulation.max_entries or max(tournament.fill_to, len(tournament.log().players)),
        kind=RoomKind.TOURNAMENT,
        status=tournament.status,
        host_id=host,
        player_run=tournament.player_run,
        private=tournament.club is not None,
        club=tournament.club,
    )


def publisher(registry: Registry) -> Callable[[RoomTournament], None]:
    """Keeps the registry current: the tournament's lobby line, and every table as a room."""

    def publish(tournament: RoomTournament) -> None:
        if tournament.id not in registry:
            return
        entry = lobby_entry(tournament)
        registry.update(
            tournament.id,
            seats_taken=entry.seats_taken,
            status=entry.status,
        )
        for number, room in tournament.rooms.items():
            if room.id not in registry:
                registry.add(
                    room,
                    LobbyEntry(
                        f"{tournament.name} · table {number}",
                        entry.game,
                        entry.stakes,
                        len(room.occupants),
                        room.table_size,
                        kind=RoomKind.TOURNAMENT,
                        status="playing",
                        tournament=tournament.id,
                    ),
                )

    return publish


# ---------------------------------------------------------------- reading


async def tournament_page(request: Request) -> Response:
    return _page(request, advanced(request, tournament_of(request)), None)


def _page(
    request: Request, tournament: RoomTournament, message: str | None, status: int = 200
) -> Response:
    viewer = user_of(request)
    context = {
        "t": tournament.lobby(viewer),
        "d": details(tournament, viewer),
        "message": message,
        "ordinal": place_text,
        "status_text": status_text,
        "table_path": table_path,
    }
    return page(request, "tournament.html", context, status_code=status)


async def tournament_json(request: Request) -> Response:
    tournament = advanced(request, tournament_of(request))
    return JSONResponse(tournament.lobby(user_of(request)))


# ------------------------------------------------------------------ forms

DEEDS = ("register", "unregister", "start", "pause", "resume")
"""The forms ``POST /tournaments/<id>/<deed>`` (:mod:`.commands`)."""


def _form(deed: str) -> Callable[[Request], Awaitable[Response]]:
    async def endpoint(request: Request) -> Response:
        tournament = tournament_of(request)
        if user_of(request) is None:
            if wants_json(request.scope):
                return error_response(request.scope, 403, gettext("sign in first"))
            return RedirectResponse(f"/login?next={tournament.url}", status_code=303)
        outcome = await on_owner(request, deed, tournament, {})
        if outcome.error is not None:
            status = status_of(outcome)
            if wants_json(request.scope):
                refused = {"type": "error", "v": PROTOCOL_VERSION, "code": outcome.code}
                return JSONResponse({**refused, "message": outcome.error}, status_code=status)
            return _page(request, tournament, outcome.error, status)
        if wants_json(request.scope):
            done = {"type": "done", "v": PROTOCOL_VERSION, "message": outcome.said}
            return JSONResponse(done)
        return _page(request, tournament, outcome.said)

    return endpoint
