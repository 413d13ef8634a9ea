"""Page commands that change a web tournament — register, unregister, start, pause and
resume its clock, mark its broadcast table, dispute a hand, the director's console — run
where the tournament runs, so its pages may be served by any process of a cluster.

On one process (or on the tournament's owner) a command runs here at once. On a process
that only follows the tournament it is carried to the owner over the broker with the user
and his language, as a table's are (:mod:`pokerroom.web.lobby.table_commands`): a follower
copy never acts, and the owner alone saves. The owner's :class:`~pokerroom.room.seam.Outcome`
is the page's: its ``said`` is the line shown, a refusal's code its status.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping

from starlette.requests import Request

from pokerroom.errors import PokerroomError
from pokerroom.i18n import Language, gettext, use_language
from pokerroom.protocol.client import Director
from pokerroom.room.hub import MOVED, Hub
from pokerroom.room.seam import Outcome, User
from pokerroom.room.tournament.directing import last_said
from pokerroom.room.tournament.event import RoomTournament
from pokerroom.said import error_words
from pokerroom.tournament.live.action_words import action_text
from pokerroom.web.auth.visitor import user_of
from pokerroom.web.cardroom import Cardroom, cardroom_of
from pokerroom.web.language import scope_language

Command = Callable[[RoomTournament, User, Mapping[str, str], float], Outcome]
"""Runs on the tournament's owner: the tournament, the user, the form's fields, the time."""
Deed = Callable[[RoomTournament, User, float], str]

DIRECTOR_FIELDS = tuple(name for name in Director.model_fields if name not in ("type", "id"))
NUMBERS = frozenset(
    name for name, info in Director.model_fields.items() if "int" in str(info.annotation)
)
STATUSES = {"no_table": 404, "forbidden": 403, "refused": 409, "bad_value": 400}
"""A refused command's page status by its code; any other (``moving``: the owner did not
answer) is 503, try again."""


def _deed(deed: Deed) -> Command:
    def run(
        tournament: RoomTournament, user: User, _fields: Mapping[str, str], now: float
    ) -> Outcome:
        try:
            return Outcome(True, said=deed(tournament, user, now))
        except PokerroomError as error:
            return Outcome(False, error_words(error), "refused")

    return run


def _broadcast(
    tournament: RoomTournament, user: User, fields: Mapping[str, str], now: float
) -> Outcome:
    """T-23: ``table`` a table's number, or blank (the regulation's choice)."""
    text = fields.get("table", "").strip()
    try:
        return Outcome(True, said=tournament.mark_broadcast(user, int(text) if text else None, now))
    except (PokerroomError, ValueError) as error:
        return Outcome(False, str(error), "bad_value")


def _dispute(
    tournament: RoomTournament, user: User, fields: Mapping[str, str], now: float
) -> Outcome:
    """A player disputes a hand at ``table`` with ``text``."""
    try:
        said = tournament.dispute(user, int(fields["table"]), fields.get("text", ""), now)
    except (PokerroomError, KeyError, ValueError) as error:
        line = error_words(error) if isinstance(error, PokerroomError) else str(error)
        return Outcome(False, line, "refused")
    return Outcome(True, said=said)


def _direct(
    tournament: RoomTournament, user: User, fields: Mapping[str, str], now: float
) -> Outcome:
    """The director's console: the form's fields are one ``director`` message."""
    message: dict[str, object] = {"type": "director", "id": f"page-{secrets.token_hex(6)}"}
    for name in DIRECTOR_FIELDS:
        value = fields.get(name, "").strip()
        if value:
            message[name] = int(value) if name in NUMBERS and value.isdigit() else value
    outcome = tournament.handle(user, message, now)
    if outcome.error is not None:
        return outcome
    said = last_said(tournament)
    return Outcome(True, said=None if said is None else action_text(said))


COMMANDS: dict[str, Command] = {
    "register": _deed(RoomTournament.register),
    "unregister": _deed(RoomTournament.unregister),
    "start": _deed(RoomTournament.start),
    "pause": _deed(RoomTournament.pause_clock),
    "resume": _deed(RoomTournament.resume_clock),
    "broadcast": _broadcast,
    "dispute": _dispute,
    "director": _direct,
}
TOURNAMENT_COMMANDS = tuple(f"tournament.{kind}" for kind in COMMANDS)
"""The kinds the cluster node runs for other processes' pages."""


def run_command(
    cardroom: Cardroom,
    hub: Hub,
    kind: str,
    tournament_id: str,
    user: User | None,
    fields: Mapping[str, str],
) -> Outcome:
    """Run the command ``kind`` here, on the tournament's owner; every socket of the
    tournament and its tables is refreshed when it changed."""
    listed = cardroom.registry.find(tournament_id)
    if listed is None or not isinstance(listed.room, RoomTournament):
        missing = gettext("there is no tournament {id}").format(id=repr(tournament_id[:40]))
        return Outcome(False, missing, "no_table")
    if user is None:
        return Outcome(False, gettext("sign in first"), "forbidden")
    if not hub.acting(tournament_id):  # handed over a moment ago: its new owner runs it
        return Outcome(False, gettext(MOVED), "moving")
    tournament = listed.room
    outcome = COMMANDS[kind](tournament, user, fields, hub.clock())
    if outcome.changed:
        for room_id in (tournament.id, *(room.id for room in tournament.rooms.values())):
            hub.room_changed(room_id)
    return outcome


def tournament_command(
    cardroom: Cardroom, hub: Hub, node_kind: str
) -> Callable[[str, User | None, Mapping[str, str], Language], Outcome]:
    """The command ``node_kind`` (``tournament.register``...) as the cluster node runs it
    for another process's page, worded in that page's language."""
    kind = node_kind.removeprefix("tournament.")

    def for_page(
        tournament_id: str, user: User | None, fields: Mapping[str, str], language: Language
    ) -> Outcome:
        with use_language(language):
            return run_command(cardroom, hub, kind, tournament_id, user, fields)

    return for_page


async def on_owner(
    request: Request, kind: str, tournament: RoomTournament, fields: Mapping[str, str]
) -> Outcome:
    """Run the command ``kind`` for the page's user where the tournament runs: here, or on
    its owner (then this process's copy has caught up with what it saved)."""
    hub: Hub = request.app.state.hub
    user = user_of(request)
    link = hub.link
    if link is not None and link.remote(tournament.id):
        language = scope_language(request.scope)
        node_kind = f"tournament.{kind}"
        return await link.table_command(tournament.id, node_kind, user, dict(fields), language)
    return run_command(cardroom_of(request), hub, kind, tournament.id, user, fields)


def status_of(outcome: Outcome) -> int:
    """A refused command's page status."""
    return STATUSES.get(outcome.code or "", 503)
