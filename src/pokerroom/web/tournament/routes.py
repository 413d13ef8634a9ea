"""The tournament pages: create one, its page and JSON, and its forms.

- ``GET /tournaments/new`` and ``POST /tournaments``: a director, host or admin creates a
  tournament from a shipped example (``example``) or a regulation's TOML (``regulation``),
  with an optional ``name``, ``bots`` (fill the field with bots up to this many entrants
  at the start) and ``start_in`` (minutes: it starts by itself then).
- ``GET /tournaments/<id>``: the page (registration, players, tables with links, results);
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

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from pokerroom.errors import PokerroomError
from pokerroom.tournament.header import ordinal
from pokerroom.tournament.regulation import example_names, example_text, load_example
from pokerroom.tournament.regulation.load import parse_regulation
from pokerroom.tournament.regulation.model import Regulation
from pokerroom.web.auth.visitor import user_of
from pokerroom.web.cardroom import cardroom_of
from pokerroom.web.errors import error_response, wants_json
from pokerroom.web.pages.forms import form_fields
from pokerroom.web.registry import LobbyEntry, Registry, RoomKind, new_room_id, table_path
from pokerroom.web.saving.tables import entry_to_json
from pokerroom.web.seam import PROTOCOL_VERSION, User
from pokerroom.web.templating import page
from pokerroom.web.tournament.event import WebTournament
from pokerroom.web.tournament.roles import may_direct
from pokerroom.web.tournament.saving import save_tournament

CREATORS = ("host", "director", "admin")
MAX_REGULATION_CHARS = 20_000
MAX_START_MINUTES = 7 * 24 * 60


def tournament_routes() -> list[BaseRoute]:
    return [
        Route("/tournaments/new", new_page, methods=["GET"]),
        Route("/tournaments", create, methods=["POST"]),
        Route("/tournaments/{tid}", tournament_page, methods=["GET"]),
        Route("/api/tournaments/{tid}", tournament_json, methods=["GET"]),
        *(
            Route(f"/tournaments/{{tid}}/{name}", _form(deed), methods=["POST"])
            for name, deed in DEEDS.items()
        ),
    ]


def _now(request: Request) -> float:
    clock: Callable[[], float] = request.app.state.hub.clock
    return clock()


def _changed(request: Request, tournament: WebTournament) -> None:
    """The hub refreshes the tournament's sockets and looks at every table's clock."""
    request.app.state.hub.room_changed(tournament.id)


def tournament_of(request: Request) -> WebTournament:
    tid = str(request.path_params["tid"])
    listed = cardroom_of(request).registry.find(tid)
    if listed is None or not isinstance(listed.room, WebTournament):
        raise HTTPException(404, f"there is no tournament {tid[:40]!r}")
    return listed.room


def may_create(user: User | None) -> bool:
    return user is not None and any(user.has(role) for role in CREATORS)


# ---------------------------------------------------------------- creating


async def new_page(request: Request) -> Response:
    user = user_of(request)
    if not may_create(user):
        raise HTTPException(403, "only a host, a director or an admin creates a tournament")
    return page(request, "tournament_new.html", {"examples": example_names()})


def regulation_from(fields: dict[str, str]) -> Regulation:
    """The example named, or the TOML given; one line for anything else."""
    example, text = fields["example"].strip(), fields["regulation"].strip()
    if example and text:
        raise PokerroomError("give an example's name or a regulation's TOML, not both")
    if text:
        if len(text) > MAX_REGULATION_CHARS:
            raise PokerroomError(f"a regulation is at most {MAX_REGULATION_CHARS:,} characters")
        return parse_regulation(text, source="the regulation")
    if not example:
        raise PokerroomError(f"choose an example ({', '.join(example_names())}) or paste TOML")
    return load_example(example)


def whole_number(text: str, what: str, low: int, high: int) -> int:
    text = text.strip() or "0"
    if not text.isdigit() or not low <= int(text) <= high:
        raise PokerroomError(f"{what} is a whole number from {low} to {high}, got {text[:20]!r}")
    return int(text)


async def create(request: Request) -> Response:
    user = user_of(request)
    if user is None or not may_create(user):
        raise HTTPException(403, "only a host, a director or an admin creates a tournament")
    fields = await form_fields(request, "example", "regulation", "name", "bots", "start_in")
    now = _now(request)
    try:
        regulation = regulation_from(fields)
        bots = whole_number(fields["bots"], "bots", 0, regulation.max_entries or 1000)
        start_in = whole_number(fields["start_in"], "start_in (minutes)", 0, MAX_START_MINUTES)
        tournament = WebTournament(
            new_room_id(),
            regulation,
            creator=user,
            name=fields["name"].strip()[:80] or None,
            fill_to=bots,
            start_at=now + start_in * 60 if start_in else None,
            player_run=not may_direct(user),
        )
    except PokerroomError as error:
        return error_response(request.scope, 400, str(error))
    cardroom = cardroom_of(request)
    registry, entry = cardroom.registry, lobby_entry(tournament, user.id)
    text = fields["regulation"].strip() or example_text(fields["example"].strip())
    tournament = save_tournament(cardroom, tournament, text, entry_to_json(entry))
    registry.add(tournament, entry)
    tournament.on_change = publisher(registry)
    _changed(request, tournament)
    if wants_json(request.scope):
        return JSONResponse(tournament.lobby(user), status_code=201)
    return RedirectResponse(tournament.url, status_code=303)


def lobby_entry(tournament: WebTournament, host: int | None = None) -> LobbyEntry:
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
    )


def publisher(registry: Registry) -> Callable[[WebTournament], None]:
    """Keeps the registry current: the tournament's lobby line, and every table as a room."""

    def publish(tournament: WebTournament) -> None:
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
    tournament = tournament_of(request)
    tournament.advance(_now(request))
    return _page(request, tournament, None)


def _page(
    request: Request, tournament: WebTournament, message: str | None, status: int = 200
) -> Response:
    frame = tournament.lobby(user_of(request))
    return page(
        request,
        "tournament.html",
        {"t": frame, "message": message, "ordinal": ordinal, "table_path": table_path},
        status_code=status,
    )


async def tournament_json(request: Request) -> Response:
    tournament = tournament_of(request)
    tournament.advance(_now(request))
    return JSONResponse(tournament.lobby(user_of(request)))


# ------------------------------------------------------------------ forms

Deed = Callable[[WebTournament, User, float], str]

DEEDS: dict[str, Deed] = {
    "register": WebTournament.register,
    "unregister": WebTournament.unregister,
    "start": WebTournament.start,
    "pause": WebTournament.pause_clock,
    "resume": WebTournament.resume_clock,
}


def _form(deed: Deed) -> Callable[[Request], Awaitable[Response]]:
    async def endpoint(request: Request) -> Response:
        tournament = tournament_of(request)
        user = user_of(request)
        if user is None:
            if wants_json(request.scope):
                return error_response(request.scope, 403, "sign in first")
            return RedirectResponse(f"/login?next={tournament.url}", status_code=303)
        try:
            done = deed(tournament, user, _now(request))
        except PokerroomError as error:
            if wants_json(request.scope):
                refused = {"type": "error", "v": PROTOCOL_VERSION, "code": "refused"}
                return JSONResponse({**refused, "message": str(error)}, status_code=409)
            return _page(request, tournament, str(error), 409)
        _changed(request, tournament)
        if wants_json(request.scope):
            return JSONResponse({"type": "done", "v": PROTOCOL_VERSION, "message": done})
        return _page(request, tournament, done)

    return endpoint
