"""A web tournament in ``pokerroom connect``: its lobby, registering, waiting for a table.

The lobby (name, game, buy-in, status, players, start time) is read from the tournament's
socket; the player picks what the server offers him (``you.may``: register, unregister,
register late, re-enter; ``start`` for its creator), or ``wait``, or ``quit``. The step
goes through the server's own routes (:mod:`pokerroom.client.tournaments`) and its one
line is printed; then the lobby's frames are followed until the draw gives the player his
table, whose id is handed back to be played (moves between tables are followed there).

>>> frame = {"name": "Sunday", "game": "NLHE", "buy_in": 100, "fee": 10, "status":
...     "registering", "registered": 3, "max_entries": 9, "start_at": 700.0, "now": 400.0,
...     "players": [], "you": {"registered": True, "table": None}}
>>> print("\\n".join(lobby_lines(frame)))
tournament Sunday · NLHE · buy-in 100+10 · registering
  players: 3 of at most 9 · starts in 5 min
  you are registered
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Mapping
from typing import Any

from pokerroom.amounts import amount_text
from pokerroom.cli.connect.view import STATUS_WORDS, word_for
from pokerroom.client.errors import ClientError
from pokerroom.client.saved_sessions import Session
from pokerroom.client.server_link import ServerLink
from pokerroom.client.tournaments import tournament_deed
from pokerroom.errors import UsageError
from pokerroom.i18n import N_, gettext, ngettext

Echo = Callable[[str], None]
Ask = Callable[[str], str]
SHOWN_PLAYERS = 10
"""Players listed in the lobby (by chips); the rest are counted."""


def _start(frame: Mapping[str, Any]) -> str:
    start_at, now = frame["start_at"], frame.get("now")
    if frame["status"] != "registering":
        return gettext("started")
    if start_at is None or now is None:
        return gettext("starts when its creator starts it")
    minutes = max(0, round((start_at - now) / 60))
    if minutes == 0:
        return gettext("starts now")
    return ngettext("starts in {count} min", "starts in {count} min", minutes).format(count=minutes)


def lobby_lines(frame: Mapping[str, Any]) -> list[str]:
    """The tournament's lobby as printed: what it is, who plays, when, and you."""
    fee = f"+{amount_text(frame['fee'])}" if frame["fee"] else ""
    registered = frame["registered"]
    if frame["max_entries"] is None:
        players = gettext("players: {count}").format(count=registered)
    else:
        players = gettext("players: {count} of at most {most}").format(
            count=registered, most=frame["max_entries"]
        )
    head = [
        gettext("tournament {name}").format(name=frame["name"]),
        frame["game"],
        gettext("buy-in {amount}").format(amount=amount_text(frame["buy_in"]) + fee),
        word_for(STATUS_WORDS, frame["status"]),
    ]
    lines = [" · ".join(head), f"  {players} · {_start(frame)}"]
    for player in frame["players"][:SHOWN_PLAYERS]:
        place = ""
        if player["place"] is not None:
            place = " · " + gettext("out {place}").format(place=player["place"])
        lines.append(f"    {player['name']:<16} {amount_text(player['chips']):>8}{place}")
    more = len(frame["players"]) - SHOWN_PLAYERS
    if more > 0:
        lines.append(
            "    " + ngettext("… and {count} more", "… and {count} more", more).format(count=more)
        )
    you = frame["you"]
    if you["registered"]:
        lines.append("  " + gettext("you are registered"))
    if you["table"]:
        lines.append("  " + gettext("your table: {table}").format(table=you["table"]))
    return lines


async def _tournament_frames(
    link: ServerLink, echo: Echo, done: Callable[[Mapping[str, Any]], bool]
) -> Mapping[str, Any] | None:
    """Print each changed lobby until ``done`` holds for one (it is returned); None if the
    link ends first (``link.failure`` says why)."""
    printed: list[str] = []
    found: Mapping[str, Any] | None = None
    try:
        async for frame in link.frames():  # read to its end: the socket closes in order
            if found is not None:
                continue
            if frame["type"] == "link" and frame["state"] == "reconnecting":
                echo(f"* {frame['message']}")
            if frame["type"] != "tournament":
                continue
            lines = lobby_lines(frame)
            if lines != printed:
                printed = lines
                for line in lines:
                    echo(line)
            if done(frame):
                found = frame
                await link.close()
    finally:
        await link.close()
    return found


def _offered(frame: Mapping[str, Any]) -> list[str]:
    you = frame["you"]
    return [*you["may"], *(["start"] if you["start"] else []), "wait", "quit"]


STEP_WORDS = {
    "register": N_("register"),
    "unregister": N_("unregister"),
    "register_late": N_("register late"),
    "reenter": N_("re-enter"),
    "start": N_("start"),
    "wait": N_("wait"),
    "quit": N_("quit"),
}
"""What each step the player may type does (he types the code: it is a command)."""


def offer_line(offered: list[str]) -> str:
    """The question: each step's code to type, with what it does in words where they differ."""
    said = []
    for code in offered:
        words = gettext(STEP_WORDS[code]) if code in STEP_WORDS else code
        said.append(code if words == code else f"{code} ({words})")
    return " / ".join(said)


def tournament_table(
    make_link: Callable[[], ServerLink], session: Session, ask: Ask, echo: Echo
) -> str | None:
    """The lobby, the player's step, then his table's room id once he has one (None: he
    quit). Raises :class:`ClientError` for a refused step or a link that ended."""
    link = make_link()
    frame = asyncio.run(_tournament_frames(link, echo, lambda _frame: True))
    if frame is None:
        raise link.failure or ClientError(gettext("the tournament's connection closed"))
    if frame["you"]["table"]:
        return str(frame["you"]["table"])
    offered = _offered(frame)
    answer = " ".join(ask(offer_line(offered)).split()).lower() or "wait"
    if answer not in offered:
        raise UsageError(
            gettext("{answer} is not offered here: say {offered}").format(
                answer=f"{answer!r:.30}", offered=", ".join(offered)
            )
        )
    if answer == "quit":
        return None
    if answer != "wait":
        echo(tournament_deed(link.server, session, link.room_id, answer))
    echo(gettext("waiting for your table (Ctrl+C leaves) …"))
    waiting = make_link()
    with contextlib.suppress(KeyboardInterrupt):
        seated = asyncio.run(_tournament_frames(waiting, echo, _seated_or_over))
        if seated is None:
            raise waiting.failure or ClientError(gettext("the tournament's connection closed"))
        if seated["you"]["table"]:
            return str(seated["you"]["table"])
        echo(gettext("the tournament is over"))
    return None


def _seated_or_over(frame: Mapping[str, Any]) -> bool:
    return bool(frame["you"]["table"]) or frame["status"] == "finished"
