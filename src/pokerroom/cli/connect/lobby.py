"""The lobby of a server as ``pokerroom connect`` prints it, and the player's pick.

>>> room = {"id": "q3Y", "name": "Main", "game": "NLHE", "stakes": "1/2, buy-in 80-200",
...         "seats": {"taken": 3, "total": 6}, "status": "playing", "kind": "cash",
...         "private": False, "url": "/tables/q3Y"}
>>> lines, choices = lobby_lines({"type": "lobby", "v": 1, "rooms": [room], "mine": []})
>>> print("\\n".join(lines))
 #  name                 game                      stakes                 seats  status      kind
 1  Main                 NLHE                      1/2, buy-in 80-200       3/6  playing     cash
>>> sunday = {**room, "id": "T7", "name": "Sunday game", "kind": "tournament",
...           "stakes": "buy-in 10", "status": "registering", "player_run": True}
>>> lobby_lines({"type": "lobby", "v": 1, "rooms": [sunday], "mine": []})[0][1][-36:]
'registering  tournament (player-run)'
>>> picked("1", choices), picked("q3Y", choices)
('q3Y', 'q3Y')
"""

from __future__ import annotations

from pokerroom.cli.connect.view import KIND_WORDS, STATUS_WORDS, word_for
from pokerroom.errors import UsageError
from pokerroom.i18n import gettext, pgettext
from pokerroom.protocol.frames import LobbyFrame, LobbyRoomFrame


def header() -> str:
    """The lobby's column heads, in the current language."""
    name, game = pgettext("lobby", "name"), pgettext("lobby", "game")
    stakes, seats = pgettext("lobby", "stakes"), pgettext("lobby", "seats")
    status, kind = pgettext("lobby", "status"), pgettext("lobby", "kind")
    return f" #  {name:<20} {game:<25} {stakes:<22} {seats:>5}  {status:<10}  {kind}"


def _line(number: int, room: LobbyRoomFrame) -> str:
    seats = f"{room['seats']['taken']}/{room['seats']['total']}"
    private = " " + gettext("(private)") if room["private"] else ""
    private += " " + gettext("(player-run)") if room.get("player_run") else ""
    status = word_for(STATUS_WORDS, room["status"])
    kind = word_for(KIND_WORDS, room["kind"])
    return (
        f"{number:>2}  {room['name'][:20]:<20} {room['game'][:25]:<25} "
        f"{room['stakes'][:22]:<22} {seats:>5}  {status:<10}  {kind}{private}"
    )


def lobby_lines(lobby: LobbyFrame) -> tuple[list[str], list[LobbyRoomFrame]]:
    """The printed lobby (tables and tournaments, then your own games) and the rooms by
    their printed number."""
    listed = {room["id"] for room in lobby["rooms"]}
    choices = [*lobby["rooms"], *(room for room in lobby["mine"] if room["id"] not in listed)]
    if not choices:
        return [], []
    lines = [header()]
    for number, room in enumerate(choices, 1):
        if number == len(lobby["rooms"]) + 1:
            lines.append("    " + gettext("your games:"))
        lines.append(_line(number, room))
    return lines, choices


def picked(answer: str, choices: list[LobbyRoomFrame]) -> str:
    """The room id the player picked: a printed number or a room's id."""
    text = answer.strip()
    if text.isdigit() and 1 <= int(text) <= len(choices):
        return choices[int(text) - 1]["id"]
    if any(room["id"] == text for room in choices):
        return text
    raise UsageError(
        gettext("no table {typed} in the lobby: give its number 1-{count} or its id").format(
            typed=f"{text!r:.40}", count=len(choices)
        )
    )
