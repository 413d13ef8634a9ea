"""A web tournament's director at work: each ``director`` message carried out (T-16).

:meth:`RoomTournament.handle <pokerroom.room.tournament.event.RoomTournament.handle>` hands
every ``director`` message (:class:`~pokerroom.protocol.client.Director`: from the
tournament's socket, or the forms of ``/tournaments/<id>/director``) to :func:`direct`:
only the tournament's creator, a director or an admin may act (T-16), and one who is
also an entrant never on himself or his own table (:func:`own_interest`: not a move, a
broken table, a penalty or a chip count there; the clock, the levels and the
announcements are everyone's); the action is the tournament layer's
(:class:`~pokerroom.tournament.timed.desk.TimedDesk`), which refuses in one line and
changes nothing, or logs what it did (a ``DirectorAction`` naming it, :func:`last_said`).
Then every table is told: its header (the level, the clock, the announcement) is fresh,
and a penalised player gets the penalty and its reason as his table's notice.
"""

from __future__ import annotations

import logging
from functools import partial
from typing import TYPE_CHECKING, TypeVar

from pokerroom.errors import PokerroomError, UsageError
from pokerroom.i18n import N_, gettext
from pokerroom.protocol.client import LEVEL_AMOUNTS, Director
from pokerroom.room.notices import Notice
from pokerroom.room.seam import Outcome, User
from pokerroom.room.tournament.roles import may_direct_event
from pokerroom.room.tournament.words import penalty_words
from pokerroom.said import error_words
from pokerroom.tournament.director import Tournament
from pokerroom.tournament.live.events import DirectorAction
from pokerroom.tournament.penalties.table import Penalty
from pokerroom.tournament.timed.desk import TimedDesk
from pokerroom.tournament.timed.run import TimedRun

if TYPE_CHECKING:
    from pokerroom.room.tournament.event import RoomTournament

log = logging.getLogger(__name__)
T = TypeVar("T")
RULINGS = frozenset({"move", "break_table", "penalty", "chips"})
"""The actions that rule on a player or a table (the others are the whole tournament's:
its clock, levels and breaks, late registration, announcements)."""
NOT_ONESELF = N_("a director who plays does not rule on himself or his own table (T-16)")


def direct(
    tournament: RoomTournament, sender: User | None, message: Director, now: float
) -> Outcome:
    """Carry out one director's action; a refusal is one line and nothing changes."""
    if not may_direct_event(sender, tournament.creator, tournament.directors):
        return Outcome(
            False,
            gettext("only the tournament's creator, a director or an admin directs it (T-16)"),
            "not_director",
        )
    conflict = own_interest(tournament, sender, message)
    if conflict is not None:
        return Outcome(False, conflict, "own_table")
    try:
        _act(tournament, sender, message, now)
    except PokerroomError as error:
        return Outcome(False, error_words(error), "refused")
    if message.action == "announce":
        tournament.announcement = message.text and " ".join(message.text.split())
    if message.action == "penalty" and message.player is not None:
        told = Notice(  # worded in the player's own language when his frame is built
            N_("the director's penalty: {penalty} ({reason})"),
            penalty=partial(penalty_words, _penalty(message)),
            reason=" ".join((message.reason or "").split())[:200],
        )
        _tell(tournament, message.player, told)
    tournament.directed()
    return Outcome(True)


def own_interest(tournament: RoomTournament, sender: User | None, message: Director) -> str | None:
    """T-16: why a director who is also an entrant may not take this action — a ruling
    on himself, or on his own table (a player seated there, the table itself) — in one
    line; None when he may (or he plays no part in it)."""
    if sender is None or message.action not in RULINGS:
        return None
    name = tournament.name_of(sender)
    if name is None:
        return None
    log = tournament.log()
    if message.player == name:
        return gettext("you play in {name}: {rule}; another director rules on you").format(
            name=tournament.name, rule=gettext(NOT_ONESELF)
        )
    mine = _table_of(log, name)
    if mine is None:
        return None
    if message.player is not None and _table_of(log, message.player) == mine:
        return gettext(
            "{player} plays at your table ({table}): {rule}; another director rules on your table"
        ).format(player=message.player, table=mine, rule=gettext(NOT_ONESELF))
    if message.table == mine:
        return gettext(
            "table {table} is your own table: {rule}; another director rules on it"
        ).format(table=mine, rule=gettext(NOT_ONESELF))
    return None


def _table_of(log: Tournament, player: str) -> int | None:
    record = log.players.get(player)
    return None if record is None or record.seat is None else record.seat.table


def last_said(tournament: RoomTournament) -> str | None:
    """What the director's last action did, in his words (the log's last marker)."""
    events = tournament.log().events
    return next((e.what for e in reversed(events) if isinstance(e, DirectorAction)), None)


def _act(tournament: RoomTournament, sender: User | None, message: Director, now: float) -> str:
    tournament.advance(now)
    run = tournament.run
    if run is None:
        raise UsageError(
            gettext("the tournament has not started; a director acts on it once it runs (start it)")
        )
    if run.over:
        raise UsageError(gettext("the tournament is finished; nothing more can be directed"))
    if message.action == "rule_dispute":  # T-17: the director's ruling, logged
        said = tournament.disputes.rule(_given(message.dispute), _given(message.text))
        log.info("tournament %s: %s", tournament.id, said)
        return _logged(run, said)
    if message.action in ("pause", "resume"):
        pause = message.action == "pause"
        said = (tournament.pause_clock if pause else tournament.resume_clock)(sender, now)
        return _logged(run, said)
    return _desk_action(TimedDesk(run, tournament.clock_time(now)), message)


def _desk_action(desk: TimedDesk, message: Director) -> str:
    match message.action:
        case "add_time":
            return desk.add_time(_given(message.minutes))
        case "remove_time":
            return desk.remove_time(_given(message.minutes))
        case "next_level":
            return desk.next_level()
        case "break_now":
            return desk.call_break(_given(message.minutes))
        case "add_break":
            return desk.add_break(_given(message.level), _given(message.minutes))
        case "edit_level":
            return desk.edit_level(_given(message.level), _level_changes(message))
        case "insert_level":
            return desk.insert_level(_given(message.level), _level_changes(message))
        case "remove_level":
            return desk.remove_level(_given(message.level))
        case "undo":
            return desk.undo()
        case "move":
            return desk.move(_given(message.player), _given(message.table), message.seat)
        case "break_table":
            return desk.break_table(_given(message.table))
        case "penalty":
            return desk.penalize(
                _given(message.player), _penalty(message), _given(message.reason), message.offence
            )
        case "chips":
            return desk.correct_chips(
                _given(message.player), _given(message.chips), _given(message.reason)
            )
        case "end_late_registration":
            return desk.end_late_registration()
        case _:
            return desk.announce(_given(message.text))


def _given(value: T | None) -> T:
    """A field the message's own check made sure of."""
    assert value is not None
    return value


def _level_changes(message: Director) -> dict[str, int]:
    fields = ("minutes", *LEVEL_AMOUNTS)
    return {name: getattr(message, name) for name in fields if getattr(message, name) is not None}


def _penalty(message: Director) -> Penalty:
    if message.penalty == "warning":
        return Penalty.warning()
    if message.penalty == "disqualification":
        return Penalty.disqualification()
    return Penalty.hands(_given(message.hands))


def _logged(run: TimedRun, said: str) -> str:
    run.log(DirectorAction(run.now, said))
    return said


def _tell(tournament: RoomTournament, player: str, words: str) -> None:
    """The player's own notice at the table he sits at, or sat at (a disqualification)."""
    user = tournament.users.get(player)
    if user is None:
        return
    for room in tournament.rooms.values():
        seated = any(o.user == user for o in (*room.occupants.values(), *room.hand_occupants))
        if seated:
            room.notices[user] = words
            room.dirty = True
