"""``/tournaments/ID/clock``: the clock full-screen for a TV, public; and its JSON.

The page is drawn whole by the server (so it reads even without JavaScript), then
``clock.js`` polls ``/api/tournaments/ID/clock`` every few seconds and counts the time
down between polls. Each poll reads the tournament from the store through the terminal
clock's own :class:`StoredFeed`, so every pause, break, entry and bust-out either console
saves shows within one poll. An unknown id is a 404 with one line. The clock speaks the
regulation's ``language`` when it sets one (a club's TV), else the viewer's.
"""

from __future__ import annotations

import threading
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from pokerroom.errors import PokerroomError
from pokerroom.i18n import language_or_none, use_language
from pokerroom.room.seam import PROTOCOL_VERSION
from pokerroom.room.tournament.words import regulation_language
from pokerroom.storage.clock_feed import StoredFeed
from pokerroom.storage.tournament.store import TournamentStore
from pokerroom.tournament.clock.timesource import TimeSource
from pokerroom.tournament.clockface.snapshot import snapshot
from pokerroom.web.director.clock_json import clock_json
from pokerroom.web.director.desks import NotFoundError, saved_tournament
from pokerroom.web.director.pages import page, refusal

POLL_SECONDS = 3
"""How often the TV page asks again: a pause or a bust-out shows within this."""


class ClockFeeds:
    """One :class:`StoredFeed` per tournament watched (it re-reads the log only when the
    stored event count changed), polled one at a time."""

    def __init__(self, store: TournamentStore, time: TimeSource) -> None:
        self.store = store
        self.time = time
        self._feeds: dict[int, StoredFeed] = {}
        self._lock = threading.Lock()

    def reading(self, tournament_id: int) -> dict[str, Any]:
        """The clock's JSON now; :class:`NotFoundError` for an unknown id."""
        with self._lock:
            feed = self._feeds.get(tournament_id)
            if feed is None:
                saved_tournament(self.store, tournament_id)
                feed = StoredFeed(self.store, tournament_id, self.time)
                self._feeds[tournament_id] = feed
            reading = feed.poll()
            with regulation_language(reading.regulation):
                return clock_json(tournament_id, snapshot(reading))


def _not_found(error: PokerroomError) -> dict[str, Any]:
    message = str(error).splitlines()[0]
    return {"type": "error", "v": PROTOCOL_VERSION, "code": "not_found", "message": message}


class ClockEndpoints:
    """The TV page and its JSON, over one set of feeds."""

    def __init__(self, feeds: ClockFeeds) -> None:
        self.feeds = feeds

    async def _reading(self, request: Request) -> dict[str, Any]:
        tournament_id: int = request.path_params["tid"]
        return await run_in_threadpool(self.feeds.reading, tournament_id)

    async def json(self, request: Request) -> Response:
        try:
            reading = await self._reading(request)
        except NotFoundError as error:
            return JSONResponse(_not_found(error), status_code=404)
        return JSONResponse(reading, headers={"Cache-Control": "no-store"})

    async def page(self, request: Request) -> Response:
        try:
            reading = await self._reading(request)
        except NotFoundError as error:
            return refusal(request, 404, str(error).splitlines()[0])
        api = f"/api/tournaments/{reading['id']}/clock"
        context = {"clock": reading, "api": api, "poll_seconds": POLL_SECONDS}
        return clock_screen(request, context)


def clock_screen(request: Request, context: dict[str, Any]) -> Response:
    """The TV page, worded in the language its clock JSON was worded in."""
    spoken = language_or_none(str(context["clock"].get("language") or "")) or "en"
    with use_language(spoken):
        return page(request, "clock.html", context)
