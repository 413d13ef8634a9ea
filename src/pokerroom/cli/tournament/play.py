"""``pokerroom tournament play``: sit in a tournament with bots at the terminal table.

The tournament is the web server's (:class:`~pokerroom.room.tournament.event.RoomTournament`)
run in this process under a hub of its own and drawn by the terminal table of ``pokerroom
connect`` through an in-process link: its tables, clock, bots, moves and header are the
server's, and a move takes the screen to the new table. The field is you and bots up to
``--entrants``, on the home sit-and-go unless a regulation FILE or ``--example`` is given.
The bots act at once; the tournament clock runs ``--speed`` times the wall clock (the
shot clock does not). It is saved as it goes, as the server saves its tournaments
(:mod:`pokerroom.storage.rooms.local_tournaments`); ``--resume [ID]`` sits you down again
where you left, the time away charged to nobody (``ID`` as ``history --list`` shows it,
``p3``, or ``3``). Without a terminal it stops at once with
one line.
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass
from pathlib import Path

from pokerroom.bots.tournament_players import check_kinds
from pokerroom.cli.names import player_name
from pokerroom.cli.options import tournament_id as resumed_id
from pokerroom.cli.terminal import at_a_terminal
from pokerroom.cli.tournament.ids import played_number
from pokerroom.client.in_process import InProcessLink
from pokerroom.errors import UsageError
from pokerroom.i18n import N_, _, current_language
from pokerroom.room.hub import Hub
from pokerroom.room.seam import User
from pokerroom.room.tournament.event import RoomTournament
from pokerroom.room.tournament.rooms import TournamentRooms
from pokerroom.room.tournament.words import place_text
from pokerroom.storage.rooms.local_tournaments import YOU, next_id, open_writer, saved_tournament
from pokerroom.storage.rooms.tournaments import resume_saved, save_new
from pokerroom.storage.rooms.writer import RoomWriter
from pokerroom.tournament.american import entrant_names
from pokerroom.tournament.regulation import example_text, load_example, load_regulation
from pokerroom.tui.local_table import LocalTableApp

DEFAULT_EXAMPLE = "home-sit-and-go"
NO_TERMINAL = N_("no terminal: use pokerroom tournament run for a tournament of bots only")
PAUSE = 2.0
"""Seconds a finished hand stays on your table before the next is dealt."""
RESUME_GRACE = 5.0
"""Seconds added to the clock of the decision you left, to find the keys again."""


@dataclass
class Seat:
    """Your seat in a tournament of this terminal, and the writer that saves it."""

    tournament: RoomTournament
    you: User
    writer: RoomWriter

    def close(self) -> None:
        """Write what is left and close the database."""
        self.writer.close()
        self.writer.store.close()

    @property
    def out(self) -> bool:
        record = self.tournament.log().players.get(self.you.name)
        return record is not None and record.place is not None


def new_seat(
    file: Path | None,
    example: str | None,
    entrants: int,
    name: str,
    bots: str,
    seed: int | None,
    *,
    speed: float = 1.0,
    clock: int | None = None,
    auto_muck: bool = False,
) -> Seat:
    """A new tournament of you and bots, saved and started."""
    if file is not None and example is not None:
        raise UsageError(_("give a regulation FILE or --example NAME, not both"))
    if file is not None:
        regulation, text = load_regulation(file), file.read_text(encoding="utf-8")
    else:
        chosen_example = example or DEFAULT_EXAMPLE
        regulation, text = load_example(chosen_example), example_text(chosen_example)
    you = User(YOU, player_name(name))
    entrant_names(regulation, entrants)  # the field's size checked as ``tournament run`` does
    kinds = check_kinds([kind.strip() for kind in bots.split(",") if kind.strip()])
    chosen = secrets.randbits(32) if seed is None else seed

    def made(tournament_id: str) -> RoomTournament:
        return RoomTournament(
            tournament_id,
            regulation,
            creator=you,
            fill_to=entrants,
            seed=chosen,
            pause=PAUSE,
            bot_kinds=kinds,
            speed=speed,
            decision_seconds=clock,
            auto_muck=auto_muck,
        )

    made("0")  # the options checked before anything is saved
    bot_names = [f"Bot {number}" for number in range(1, entrants + 1)]  # machine words: data
    if you.name in bot_names:
        problem = _("--name {name!r} is a bot's name here; choose another")
        raise UsageError(problem.format(name=you.name))
    _require_terminal()
    writer, key = open_writer()
    try:
        tournament = save_new(writer, key, made(next_id(writer.store)), text, entry={})
        now = time.time()
        tournament.register(you, now)
        tournament.start(you, now)
    except BaseException:
        writer.close()
        writer.store.close()
        raise
    return Seat(tournament, you, writer)


def resumed_seat(file: Path | None) -> Seat:
    """The saved tournament (the latest, or id ``file``) with your seat in it."""
    wanted = resumed_id(None if file is None else played_number(str(file)))
    _require_terminal()
    writer, key = open_writer()
    try:
        stored = saved_tournament(writer.store, None if wanted is None else str(wanted))
        if stored is None:
            raise UsageError(
                _("no saved tournament {id} to resume").format(id=wanted)
                if wanted is not None
                else _("no saved tournament to resume: start one with pokerroom tournament play")
            )
        tournament = resume_saved(
            stored, writer, key, time.time(), RESUME_GRACE, plain=lambda _account: True
        )
        name = next(name for name, user in tournament.users.items() if user == YOU)
    except BaseException:
        writer.close()
        writer.store.close()
        raise
    return Seat(tournament, User(YOU, name), writer)


def ended_line(seat: Seat) -> str | None:
    """What a resume says at once of a tournament you can no longer play in (None: you can)."""
    tournament = seat.tournament
    record = tournament.log().players.get(seat.you.name)
    if tournament.status == "finished" or (record is not None and record.place is not None):
        place = None if record is None else record.place
        if place is None:
            return _("tournament {id} is over").format(id=tournament.id)
        return _("you are out of tournament {id}: {place} place").format(
            id=tournament.id, place=place_text(place)
        )
    return None


def table_app(seat: Seat) -> LocalTableApp:
    """Your table of ``seat``'s tournament, drawn by the terminal table of ``connect``; a
    move opens the new table's link in the same hub."""
    tournament, you = seat.tournament, seat.you
    rooms = TournamentRooms(tournament)
    hub = Hub(rooms, clock=time.time, saves=seat.writer)
    language = current_language()

    async def open_table(room_id: str) -> InProcessLink:
        room = rooms.get(room_id)
        assert room is not None, room_id  # a move names a table of the tournament
        return InProcessLink(hub, room, you, language=language)

    room_id = tournament.table_of(you)
    room = None if room_id is None else rooms.get(room_id)
    link = InProcessLink(hub, room or tournament, you, language=language)
    return LocalTableApp(hub, link, title=tournament.name, open_table=open_table)


def _require_terminal() -> None:
    if not at_a_terminal():
        raise UsageError(_(NO_TERMINAL))
