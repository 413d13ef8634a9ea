"""Page commands that change a table — closing it, switching its observers — run where the
table is run, so a page may be served by any process of a cluster.

On one process (or on the table's owner) a command runs here at once. On a process that
only follows the table (``pokerroom serve --broker``) it is carried to the owner over the
broker, with the user and his language, and the owner's answer is the page's: the owner
alone knows whether a hand is in play and saves the change. Each command says what went
wrong as an :class:`~pokerroom.room.seam.Outcome` whose code the page turns into its status.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from starlette.requests import Request

from pokerroom.i18n import N_, Language, gettext, use_language
from pokerroom.protocol.frames import closed_frame
from pokerroom.room.hub import Hub
from pokerroom.room.seam import Outcome, User
from pokerroom.web.cardroom import Cardroom, cardroom_of
from pokerroom.web.language import scope_language
from pokerroom.web.lobby.state import hand_in_play
from pokerroom.web.observers import may_switch
from pokerroom.web.table_socket import ROOM_CLOSED

IN_PLAY = N_("a hand is being played at this table: close it when the hand is over")
SWITCHES = {"yes": True, "no": False}
STATUSES = {"no_table": 404, "forbidden": 403, "in_play": 409, "bad_value": 400}
"""A refused command's page status by its code; any other (``moving``: the owner did not
answer) is 503, try again."""

TableCommand = Callable[[Cardroom, Hub, str, User | None, Mapping[str, str]], Outcome]
"""Runs on the table's owner: its cardroom and hub, the table's id, the user, the form's
fields."""


def no_table(room_id: str) -> str:
    """The 404 of a table page or form whose table is not there (any more)."""
    return gettext("there is no table {room}: it may have closed").format(room=repr(room_id[:40]))


def close_table(
    cardroom: Cardroom, hub: Hub, room_id: str, user: User | None, _fields: Mapping[str, str]
) -> Outcome:
    """Close a table between hands: it leaves the lobby and every socket on it gets a last
    ``closed`` frame (on other processes when they hear it closed)."""
    listed = cardroom.registry.find(room_id)
    if listed is None:
        return Outcome(False, no_table(room_id), "no_table")
    if user is None or not (listed.entry.host_id == user.id or user.has("admin")):
        return Outcome(False, gettext("only the game's host or an admin can close it"), "forbidden")
    if hand_in_play(listed):
        return Outcome(False, gettext(IN_PLAY), "in_play")
    cardroom.registry.remove(room_id)
    hub.close_room(room_id, closed_frame(room_id, ROOM_CLOSED))
    return Outcome(True)


def switch_observers(
    cardroom: Cardroom, hub: Hub, room_id: str, user: User | None, fields: Mapping[str, str]
) -> Outcome:
    """Let observers watch a table or not; the hub dismisses every watcher it no longer takes."""
    listed = cardroom.registry.find(room_id)
    if listed is None:
        return Outcome(False, no_table(room_id), "no_table")
    if not may_switch(listed, user):
        refusal = gettext("only the table's host or an admin switches its observers")
        return Outcome(False, refusal, "forbidden")
    text = fields.get("observers", "")
    if text not in SWITCHES:
        refusal = gettext("observers: yes or no, got {text}").format(text=repr(text[:20]))
        return Outcome(False, refusal, "bad_value")
    cardroom.registry.update(room_id, observers=SWITCHES[text])
    hub.room_changed(room_id)
    return Outcome(True)


TABLE_COMMANDS: dict[str, TableCommand] = {"close": close_table, "observers": switch_observers}


def owners_command(
    cardroom: Cardroom, hub: Hub, kind: str
) -> Callable[[str, User | None, Mapping[str, str], Language], Outcome]:
    """The command ``kind`` as the cluster node runs it for another process's page, worded
    in that page's language."""
    run = TABLE_COMMANDS[kind]

    def for_page(
        room_id: str, user: User | None, fields: Mapping[str, str], language: Language
    ) -> Outcome:
        with use_language(language):
            return run(cardroom, hub, room_id, user, fields)

    return for_page


async def on_owner(
    request: Request, kind: str, room_id: str, user: User | None, fields: Mapping[str, str]
) -> Outcome:
    """Run the command ``kind`` where the table is run: here, or on its owner."""
    hub: Hub = request.app.state.hub
    link = hub.link
    if link is not None and link.remote(room_id):
        return await link.table_command(
            room_id, kind, user, dict(fields), scope_language(request.scope)
        )
    return TABLE_COMMANDS[kind](cardroom_of(request), hub, room_id, user, fields)


def status_of(outcome: Outcome) -> int:
    """A refused command's page status."""
    return STATUSES.get(outcome.code or "", 503)
