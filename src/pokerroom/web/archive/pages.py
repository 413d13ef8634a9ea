"""A player's hands and results: the list, the downloads, the replayer and the charts.

- ``/hands`` — the signed-in player's hands, newest first, 50 a page (``?page=2``), and
  the rooms he played in with each room's hands in one file.
- ``/hands/<id>`` — the replayer; ``/hands/<id>.phh`` and ``/hands/<id>.txt`` — the hand as
  PHH and as PokerStars text.
- ``/hands/rooms/<room id>.phhs`` and ``.txt`` — all his hands of a room in one file.
- ``/players/<name>/results`` — his results: chips won over each room's hands, money
  won over tournaments (``?room=<id>`` keeps one room).

Every copy is written for the player asking, from his own position (X-4). A hand he was
not dealt in is "not found" (404), as if it did not exist: its number tells nobody that
it was played. A tournament director (T-16) replays any finished hand he was not dealt in
with every card, mucked and unshown ones too (the hands he played, as he saw them) — not a
hand imported from another room, which holds its hero's own cards and is his alone. A
signed-out visitor is sent to log in and come back. A player's results are his own, as in
an online room: only he and an admin see them; anyone else is refused.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import quote

from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from pokerroom.i18n import N_, gettext
from pokerroom.room.seam import User
from pokerroom.storage.accounts import AccountStore
from pokerroom.storage.hands.archive import PAGE_SIZE, ArchivedHand, HandArchive
from pokerroom.storage.tournament.store import TournamentStore
from pokerroom.web.archive.copies import phh_copy, phhs_file, stars_copy, stars_file, steps_copy
from pokerroom.web.archive.finishes import finishes_of
from pokerroom.web.auth.visitor import user_of
from pokerroom.web.charts import finish_words, hands_chart, tournaments_chart
from pokerroom.web.downloads import download
from pokerroom.web.game_words import game_text_of
from pokerroom.web.templating import page

NOT_FOUND = N_("no hand {number} of yours is in the archive")
PRIVATE_RESULTS = N_("a player's results are his own: only he (or an admin) may see them")
PHH_TYPE = "application/toml; charset=utf-8"
TEXT_TYPE = "text/plain; charset=utf-8"
MOST_ROOMS = 20
"""Rooms charted on one results page, the latest first."""


class _SignIn(Exception):  # noqa: N818 - a signed-out visitor, sent to log in
    pass


def _player(request: Request) -> User:
    user = user_of(request)
    if user is None:
        raise _SignIn
    return user


def _login(request: Request) -> Response:
    back = quote(request.url.path, safe="/")
    return RedirectResponse(f"/login?next={back}", status_code=303)


def _page_number(request: Request) -> int:
    text = request.query_params.get("page", "1")
    if not text.isdigit() or not 1 <= int(text) <= 10**6:
        raise HTTPException(
            400, gettext("page must be a number from 1, got {text}").format(text=repr(text[:20]))
        )
    return int(text)


def hand_routes(
    archive: HandArchive, accounts: AccountStore, tournaments: TournamentStore
) -> list[BaseRoute]:
    """The pages and downloads above, on the server's stores."""

    async def mine(request: Request) -> tuple[ArchivedHand, int]:
        """The asked hand and the player's position in it; 404 if he was not dealt in."""
        user = _player(request)
        hand_id: int = request.path_params["hand_id"]
        archived = await run_in_threadpool(archive.get, hand_id)
        position = None if archived is None else archived.position_of(user.id)
        if archived is None or position is None:
            raise HTTPException(404, gettext(NOT_FOUND).format(number=hand_id))
        return archived, position

    async def hands_page(request: Request) -> Response:
        user = _player(request)
        number = _page_number(request)
        hands = await run_in_threadpool(archive.hands_of, user.id, page=number)
        total = await run_in_threadpool(archive.count_of, user.id)
        rooms = await run_in_threadpool(archive.rooms_of, user.id)
        context = {
            "hands": hands,
            "rooms": rooms,
            "page": number,
            "pages": max(1, -(-total // PAGE_SIZE)),
            "total": total,
        }
        return page(request, "hands.html", context)

    async def replayable(request: Request) -> tuple[ArchivedHand, int | None]:
        """The hand and the position whose copy the asker gets; None: the complete copy,
        for a director who was not dealt in (T-16). Anyone else: as :func:`mine`."""
        user = _player(request)
        if not user.has("director"):
            return await mine(request)
        hand_id: int = request.path_params["hand_id"]
        archived = await run_in_threadpool(archive.get, hand_id)
        if archived is None:
            raise HTTPException(404, gettext(NOT_FOUND).format(number=hand_id))
        if archived.hand.source is not None:  # imported: its hero's own history, no one else's
            return await mine(request)
        return archived, archived.position_of(user.id)

    async def replayer_page(request: Request) -> Response:
        archived, position = await replayable(request)
        names, steps = await run_in_threadpool(steps_copy, archived, position)
        context = {
            "hand": archived,
            "names": names,
            "steps": steps,
            "seats": [seat.seat for seat in archived.hand.seats],
            "you": position,
            "size": archived.hand.table_size,
            "complete": position is None,
        }
        return page(request, "hand.html", context)

    async def phh_download(request: Request) -> Response:
        archived, position = await mine(request)
        text = await run_in_threadpool(phh_copy, archived, position)
        return download(text, PHH_TYPE, f"pokerroom-hand-{archived.id}.phh")

    async def stars_download(request: Request) -> Response:
        archived, position = await mine(request)
        text = await run_in_threadpool(stars_copy, archived, position)
        return download(text, TEXT_TYPE, f"pokerroom-hand-{archived.id}.txt")

    def room_copies(
        user: User, room_id: str, copy: Callable[[ArchivedHand, int], str]
    ) -> list[str]:
        played = archive.room_hands_of(user.id, room_id)
        if not played:
            raise HTTPException(
                404,
                gettext("you played no hand in a room {room}").format(room=repr(room_id[:40])),
            )
        copies = []
        for archived in played:
            position = archived.position_of(user.id)
            assert position is not None
            copies.append(copy(archived, position))
        return copies

    async def room_phhs(request: Request) -> Response:
        room_id: str = request.path_params["room_id"]
        copies = await run_in_threadpool(room_copies, _player(request), room_id, phh_copy)
        return download(phhs_file(copies), PHH_TYPE, f"pokerroom-room-{room_id}.phhs")

    async def room_stars(request: Request) -> Response:
        room_id: str = request.path_params["room_id"]
        copies = await run_in_threadpool(room_copies, _player(request), room_id, stars_copy)
        return download(stars_file(copies), TEXT_TYPE, f"pokerroom-room-{room_id}.txt")

    def results_context(name: str, room_id: str | None) -> dict[str, Any]:
        account = accounts.find_account(name)
        if account is None:
            raise HTTPException(
                404, gettext("no player is named {name}").format(name=repr(name[:40]))
            )
        rooms = archive.rooms_of(account.id)
        if room_id is not None:
            rooms = [room for room in rooms if room.room_id == room_id]
        charts = [
            (room, hands_chart(room.results, title=f"{room.room_name} · {game_text_of(room.game)}"))
            for room in rooms[:MOST_ROOMS]
        ]
        finishes = finishes_of(tournaments, account.name)
        return {
            "player": account.name,
            "charts": charts,
            "tournaments": tournaments_chart(finishes) if finishes else None,
            "finishes": [finish_words(finish) for finish in finishes],
        }

    async def results_page(request: Request) -> Response:
        user = _player(request)
        name: str = request.path_params["name"]
        if user.name.casefold() != name.casefold() and not user.has("admin"):
            raise HTTPException(403, gettext(PRIVATE_RESULTS))
        room_id = request.query_params.get("room") or None
        context = await run_in_threadpool(results_context, name, room_id)
        return page(request, "results.html", context)

    def signing_in(endpoint: Callable[[Request], Any]) -> Callable[[Request], Any]:
        async def guarded(request: Request) -> Response:
            try:
                response: Response = await endpoint(request)
            except _SignIn:
                return _login(request)
            return response

        return guarded

    return [
        Route("/hands", signing_in(hands_page), methods=["GET"]),
        Route("/hands/{hand_id:int}", signing_in(replayer_page), methods=["GET"]),
        Route("/hands/{hand_id:int}.phh", signing_in(phh_download), methods=["GET"]),
        Route("/hands/{hand_id:int}.txt", signing_in(stars_download), methods=["GET"]),
        Route("/hands/rooms/{room_id}.phhs", signing_in(room_phhs), methods=["GET"]),
        Route("/hands/rooms/{room_id}.txt", signing_in(room_stars), methods=["GET"]),
        Route("/players/{name}/results", signing_in(results_page), methods=["GET"]),
    ]
