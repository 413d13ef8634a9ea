"""A cash table's settle-up: ``/tables/<id>/ledger`` (and ``.csv``, ``.json``).

Each player's buy-ins, top-ups and cash-outs from the table's own ledger
(:mod:`pokerroom.room.cash_ledger`), a player still seated cashing out his stack, the rake,
and the fewest transfers that square everyone; printable (``static/settle_up.css``: no
menus, black on white). The ``.csv`` is the transfers (``payer,payee,amount``), the
``.json`` the accounts and transfers: the same as ``pokerroom settle --table ID``.

*Who sees it*: the table's host, an admin, and everyone who ever sat at the table (a home
game's ledger is seen by all who played); anyone else — an observer, a stranger, a
signed-out visitor — is refused (403), and a private table's outsiders are refused before
(:mod:`pokerroom.web.access`). A closed table's settle-up stays readable by the same people,
built again from the database (from its last checkpoint: at most 50 hands replayed). What
the page shows of an open table is saved first.
"""

from __future__ import annotations

import asyncio
import json
import re
from dataclasses import dataclass

from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from pokerroom.i18n import N_, gettext
from pokerroom.room import CashRoom
from pokerroom.room.registry import LobbyEntry, entry_from_json
from pokerroom.room.seam import User
from pokerroom.settle.settlement import HOUSE, Settlement, settlement_json, transfers_csv
from pokerroom.storage.rooms.saved_ledger import saved_cash_table
from pokerroom.storage.rooms.saved_room import live_room
from pokerroom.web.auth.visitor import user_of
from pokerroom.web.cardroom import cardroom_of
from pokerroom.web.downloads import CSV_TYPE, download
from pokerroom.web.lobby.table_commands import no_table
from pokerroom.web.saving.answers import NOT_SAVED
from pokerroom.web.templating import page

NO_LEDGER = N_("table {room} keeps no ledger: only cash tables do")
NOT_YOURS = N_("a table's settle-up is seen by its host and by those who played at it")


@dataclass(frozen=True, slots=True)
class _Read:
    entry: LobbyEntry
    settled: Settlement
    open: bool
    """The table is still open (else closed: read back from the database)."""
    in_hand: bool
    """A hand is being played: seated players' stacks are those they were dealt with."""


def may_read(entry: LobbyEntry, room: CashRoom, user: User | None) -> bool:
    """Whether ``user`` may see the table's settle-up (see the module docstring)."""
    if user is None:
        return False
    return entry.host_id == user.id or user.has("admin") or user.id in room.ledger.names


async def _read(request: Request) -> _Read:
    room_id = str(request.path_params["room_id"])
    cardroom = cardroom_of(request)
    user = user_of(request)
    if user is None:  # refused before anything is read
        raise HTTPException(403, gettext(NOT_YOURS))
    listed = cardroom.registry.find(room_id)
    if listed is not None:
        room, entry = live_room(listed.room), listed.entry
        if not isinstance(room, CashRoom):
            raise HTTPException(404, gettext(NO_LEDGER).format(room=repr(room_id[:40])))
    else:
        found = await run_in_threadpool(
            saved_cash_table, cardroom.tables.store, room_id, cardroom.secret
        )
        if found is None:
            raise HTTPException(404, no_table(room_id))
        room, entry = found[0], entry_from_json(found[1].entry)
    if not may_read(entry, room, user):
        raise HTTPException(403, gettext(NOT_YOURS))
    read = _Read(entry, room.settlement(), listed is not None, room.table.current is not None)
    saved = asyncio.wrap_future(cardroom.tables.when_saved())  # shown only once saved
    try:
        await asyncio.wait_for(saved, cardroom.settings.pause_after)
    except TimeoutError:
        raise HTTPException(503, gettext(NOT_SAVED)) from None
    return read


def _who(name: str) -> str:
    return gettext(HOUSE) if name == HOUSE else name


def _file_name(room_id: str, suffix: str) -> str:
    return "settle-up-" + re.sub(r"[^A-Za-z0-9_.-]", "_", room_id)[:60] + suffix


async def settle_up_page(request: Request) -> Response:
    read = await _read(request)
    context = {
        "room_id": str(request.path_params["room_id"]),
        "entry": read.entry,
        "settled": read.settled,
        "open": read.open,
        "in_hand": read.in_hand,
        "who": _who,
    }
    return page(request, "settle_up.html", context)


async def settle_up_csv(request: Request) -> Response:
    read = await _read(request)
    name = _file_name(str(request.path_params["room_id"]), ".csv")
    return download(transfers_csv(read.settled.transfers), CSV_TYPE, name)


async def settle_up_json(request: Request) -> Response:
    read = await _read(request)
    return Response(
        json.dumps(settlement_json(read.settled), ensure_ascii=False, indent=2),
        media_type="application/json",
        headers={"cache-control": "private, no-store"},
    )


def settle_up_routes() -> list[BaseRoute]:
    return [
        Route("/tables/{room_id}/ledger", settle_up_page, methods=["GET"]),
        Route("/tables/{room_id}/ledger.csv", settle_up_csv, methods=["GET"]),
        Route("/tables/{room_id}/ledger.json", settle_up_json, methods=["GET"]),
    ]
