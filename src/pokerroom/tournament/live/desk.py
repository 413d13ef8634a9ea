"""The live director's desk: every action one group of events in the tournament's log.

Each action begins with a :class:`DirectorAction` and is checked whole before anything is
kept: a refused action raises one :class:`UsageError` (or the clock's ``ClockError``) and
the log is as it was. :meth:`LiveDesk.undo` takes back the last action, all its events.
A :class:`DeskSaver` hears every change at once, so a crash loses nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

from pokerroom.errors import PokerroomError, UsageError
from pokerroom.i18n import _
from pokerroom.naming.account_names import name_key
from pokerroom.tournament.clock import ClockState
from pokerroom.tournament.clock.events import (
    AddTime,
    CallBreak,
    ClockEvent,
    EditLevel,
    InsertLevel,
    Pause,
    RemoveLevel,
    RemoveTime,
    Resume,
)
from pokerroom.tournament.clock.timesource import TimeSource
from pokerroom.tournament.director import Tournament
from pokerroom.tournament.events import (
    EntryKind,
    Seated,
    TournamentEvent,
)
from pokerroom.tournament.live.action_words import action_text
from pokerroom.tournament.live.busts import bust_events
from pokerroom.tournament.live.cashier import deal_event, deal_offer, finish_events
from pokerroom.tournament.live.clock import live_clock, live_clock_state, started_at
from pokerroom.tournament.live.entries import check_sale
from pokerroom.tournament.live.events import (
    ButtonAt,
    ClockAction,
    ClockStarted,
    DirectorAction,
)
from pokerroom.tournament.live.floor import (
    Instruction,
    floor_rules,
    instructions,
    layout,
    live_floor,
    moves_due,
)
from pokerroom.tournament.money.deal import Deal, DealMethod
from pokerroom.tournament.penalties.log import Ruling
from pokerroom.tournament.penalties.table import Offence, Penalty
from pokerroom.tournament.regulation.model import Regulation
from pokerroom.tournament.seating.floor import Floor
from pokerroom.tournament.seating.moves import MoveReason
from pokerroom.tournament.structure import Level


def ordinal(place: int) -> str:
    """1st, 2nd, 3rd, 4th … 11th, 12th, 13th, 21st (always English: the log's words)."""
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def what_done(events: Sequence[TournamentEvent]) -> str:
    """The words of the action these events record (its :class:`DirectorAction`), in the
    reader's language (the log keeps them in English)."""
    first = events[0] if events else None
    return action_text(first.what if isinstance(first, DirectorAction) else "done")


class DeskSaver(Protocol):
    """Where the desk's log goes as it changes (the database, :mod:`pokerroom.storage`)."""

    def appended(self, tournament: Tournament, events: Sequence[TournamentEvent]) -> None: ...

    def rewound(self, tournament: Tournament, length: int) -> None: ...


class LiveDesk:
    """One live tournament at the director's desk."""

    def __init__(
        self,
        regulation: Regulation,
        time: TimeSource,
        *,
        seed: int,
        events: Sequence[TournamentEvent] = (),
        saver: DeskSaver | None = None,
    ) -> None:
        self.tournament = Tournament.from_events(regulation, events)
        self.time = time
        self.seed = seed
        self.saver = saver

    @property
    def regulation(self) -> Regulation:
        return self.tournament.regulation

    @property
    def events(self) -> list[TournamentEvent]:
        return self.tournament.events

    # ----- what the director reads

    def clock_state(self, now: float | None = None) -> ClockState | None:
        moment = self.time.now() if now is None else now
        return live_clock_state(self.regulation, self.events, moment)

    def level(self) -> int | None:
        """The level in force (on a break, the one just played); None before the start."""
        state = self.clock_state()
        return None if state is None else state.level.number

    def on_break(self) -> bool:
        state = self.clock_state()
        return state is not None and state.on_break is not None

    @property
    def drawn(self) -> bool:
        return any(isinstance(e, Seated) for e in self.events)

    def layout(self) -> dict[int, dict[int, str]]:
        return layout(self.tournament)

    def pending(self) -> tuple[Instruction, ...]:
        """T-6 … T-8: the moves due now, as instructions to confirm."""
        if not self.drawn:
            return ()
        moves = moves_due(self.tournament, self.seed, self.level() or 1)
        return instructions(self.tournament, moves)

    def last_action(self) -> DirectorAction | None:
        return next((e for e in reversed(self.events) if isinstance(e, DirectorAction)), None)

    # ----- the desk (T-11, T-19)

    def register(self, player: str) -> list[TournamentEvent]:
        """A new entry; after the draw a late entry, seated where balance needs him (T-19)."""
        name = player.strip()
        if not name:
            raise UsageError(_("a player needs a name; type it and press enter"))
        taken = self.registered_as(name)
        if taken is not None:
            if taken == name:
                raise UsageError(_("player {name!r} is already registered").format(name=taken))
            raise UsageError(
                _(
                    "player {name!r} is already registered ({typed!r} is the same name: "
                    "case does not count)"
                ).format(name=taken, typed=name)
            )
        return self._sale(name, EntryKind.ENTRY, f"registered {name}")

    def registered_as(self, player: str) -> str | None:
        """The registered player ``player`` names, compared as the web compares names
        (``ann`` is ``Ann``); None when nobody registered is called that."""
        key = name_key(player.strip())
        return next((name for name in self.tournament.players if name_key(name) == key), None)

    def re_enter(self, player: str) -> list[TournamentEvent]:
        player = self.registered_as(player) or player
        return self._sale(
            player,
            EntryKind.RE_ENTRY,
            f"re-entry for {player}",  # machine words: logged English
        )

    def rebuy(self, player: str) -> list[TournamentEvent]:
        player = self.registered_as(player) or player
        return self._sale(
            player,
            EntryKind.REBUY,
            f"re-buy for {player}",  # machine words: logged English
        )

    def add_on(self, player: str) -> list[TournamentEvent]:
        player = self.registered_as(player) or player
        return self._sale(
            player,
            EntryKind.ADD_ON,
            f"add-on for {player}",  # machine words: logged English
        )

    def _sale(self, player: str, kind: EntryKind, what: str) -> list[TournamentEvent]:
        check_sale(self.tournament, player, kind, self.level(), self.on_break())

        def do(at: float) -> None:
            self.tournament.enter(player, at=at, kind=kind)
            if self.drawn and kind in (EntryKind.ENTRY, EntryKind.RE_ENTRY):
                reason = MoveReason.LATE_ENTRY if kind is EntryKind.ENTRY else MoveReason.RE_ENTRY
                self.tournament.record(Seated(at, self._floor().enter(player, reason)))

        return self._act(what, do)

    # ----- the draw and the floor (T-4, T-6 … T-8)

    def draw(self) -> list[TournamentEvent]:
        """T-4: every registered player to a random table and seat."""
        if self.drawn:
            raise UsageError(_("the seats are drawn already; late entries get a seat as they come"))
        players = self.tournament.still_in()
        if len(players) < 2:
            raise UsageError(
                _("the draw needs at least 2 players registered, got {count}").format(
                    count=len(players)
                )
            )

        def do(at: float) -> None:
            rng = random.Random(self.seed)
            floor = Floor.draw(players, floor_rules(self.tournament), rng)
            for move in floor.moves:
                self.tournament.record(Seated(at, move))

        return self._act(
            f"seat draw of {len(players)} players",  # machine words: logged English
            do,
        )

    def report_button(self, table: int, seat: int) -> list[TournamentEvent]:
        """The dealer button at ``table`` is on ``seat`` in the hand being dealt now."""
        seats = self.layout().get(table)
        if seats is None:
            raise UsageError(
                _("there is no table {table}; tables in play: {tables}").format(
                    table=table, tables=self._tables()
                )
            )
        size = self.regulation.table_size
        if not 1 <= seat <= size:
            raise UsageError(
                _("table {table} has seats 1 to {size}, got {seat}").format(
                    table=table, size=size, seat=seat
                )
            )
        return self._act(
            f"button at table {table} seat {seat}",  # machine words: logged English
            lambda at: self._record(ButtonAt(at, table, seat)),
        )

    def confirm_moves(self) -> list[TournamentEvent]:
        """The floor made every move shown: the seats change in the log."""
        due = self.pending()
        if not due:
            raise UsageError(_("no move is due; the tables are balanced"))

        def do(at: float) -> None:
            for instruction in due:
                self.tournament.record(Seated(at, instruction.move))

        return self._act(f"{len(due)} move(s) done", do)

    # ----- bust-outs (T-12)

    def bust(
        self, table: int, seats: Sequence[int], stacks: Mapping[int, int] | None = None
    ) -> list[TournamentEvent]:
        """T-12: the players at ``seats`` of ``table`` busted in one hand; with more than
        one, ``stacks`` (by seat) are the stacks they started the hand with."""
        if started_at(self.events) is None:  # T-10: no hand is dealt before the start
            raise UsageError(
                _(
                    "the clock has not started, so no hand has been dealt and nobody can bust; "
                    "start the clock first"
                )
            )
        busts = bust_events(
            self.tournament, table, seats, stacks, level=self.level() or 1, at=self.time.now()
        )
        names = ", ".join(f"{b.player} ({ordinal(b.place)})" for b in reversed(busts))
        return self._act(
            f"bust-out at table {table}: {names}",  # machine words: logged English
            lambda _at: self._all(busts),
        )

    # ----- discipline (T-14 … T-22)

    def penalize(
        self, player: str, offence: Offence | str, penalty: Penalty | None = None
    ) -> list[TournamentEvent]:
        """T-21: the preset's penalty (or the one chosen) for ``player``'s offence."""
        player = self.registered_as(player) or player
        record = self.tournament.players.get(player)
        seat = None if record is None else record.seat
        players = len(self.layout().get(seat.table, {})) if seat is not None else None

        def do(at: float) -> None:
            self.tournament.penalize(player, offence, penalty, at=at, players_at_table=players)

        return self._act(f"penalty for {player}", do)  # machine words: logged English

    def hand_dealt(self, table: int) -> list[TournamentEvent]:
        """A hand was dealt at ``table``: each player there sitting out serves one (H-10)."""
        seats = self.layout().get(table)
        if seats is None:
            raise UsageError(
                _("there is no table {table}; tables in play: {tables}").format(
                    table=table, tables=self._tables()
                )
            )
        serving = [p for p in seats.values() if self.tournament.penalty_log.serving(p)]
        if not serving:
            raise UsageError(
                _("nobody at table {table} is sitting out a penalty").format(table=table)
            )

        def do(at: float) -> None:
            for player in serving:
                self.tournament.serve(player, hand=0, at=at)

        return self._act(
            f"hand served at table {table}: {', '.join(serving)}",  # machine words: logged English
            do,
        )

    def protest(self, penalty: int, player: str, text: str) -> list[TournamentEvent]:
        player = self.registered_as(player) or player
        return self._act(
            f"protest by {player} against penalty {penalty}",  # machine words: logged English
            lambda at: self.tournament.protest(penalty, player, text, at=at),
        )

    def decide(self, protest: int, ruling: Ruling, note: str = "") -> list[TournamentEvent]:
        return self._act(
            f"protest {protest}: {ruling.value}",
            lambda at: self.tournament.decide(protest, ruling, at=at, note=note),
        )

    # ----- the money (T-2)

    def deal_offer(
        self, method: DealMethod, stacks: Mapping[str, int], left_to_play: int = 0
    ) -> Deal:
        return deal_offer(self.tournament, method, stacks, left_to_play)

    def agree_deal(self, deal: Deal) -> list[TournamentEvent]:
        fresh = self.deal_offer(deal.method, dict(zip(deal.players, deal.stacks, strict=True)))
        if fresh.players != deal.players:
            raise UsageError(_("the players left changed since this deal was offered"))
        return self._act(f"{deal.method.value} deal", lambda at: self._record(deal_event(deal, at)))

    def finish(self) -> list[TournamentEvent]:
        """The last player wins; every place is paid."""
        events = finish_events(self.tournament, self.time.now())
        return self._act("payouts", lambda _at: self._all(events))

    # ----- the clock (T-10, T-20)

    def start_clock(self) -> list[TournamentEvent]:
        if started_at(self.events) is not None:
            raise UsageError(_("the clock is running already; pause it instead"))
        return self._act(
            "clock started",  # machine words: logged English
            lambda at: self._record(ClockStarted(at)),
        )

    def pause(self) -> list[TournamentEvent]:
        return self._clock("clock paused", Pause)  # machine words: logged English

    def resume(self) -> list[TournamentEvent]:
        return self._clock("clock resumed", Resume)  # machine words: logged English

    def call_break(self, minutes: float) -> list[TournamentEvent]:
        return self._clock(
            f"break of {minutes:g} min",  # machine words: logged English
            lambda at: CallBreak(at, minutes),
        )

    def add_time(self, seconds: float) -> list[TournamentEvent]:
        return self._clock(f"{seconds:g} s added", lambda at: AddTime(at, seconds))

    def remove_time(self, seconds: float) -> list[TournamentEvent]:
        return self._clock(f"{seconds:g} s removed", lambda at: RemoveTime(at, seconds))

    def edit_level(self, level: Level) -> list[TournamentEvent]:
        return self._clock(
            f"level {level.number} changed",  # machine words: logged English
            lambda at: EditLevel(at, level),
        )

    def insert_level(self, level: Level) -> list[TournamentEvent]:
        """T-20: a new level ``level.number``, not yet played; later levels move up one."""
        return self._clock(
            f"level inserted as level {level.number}",  # machine words: logged English
            lambda at: InsertLevel(at, level),
        )

    def remove_level(self, number: int) -> list[TournamentEvent]:
        """T-20: drop level ``number``, not yet played; later levels move down one."""
        return self._clock(
            f"level {number} removed",  # machine words: logged English
            lambda at: RemoveLevel(at, number),
        )

    def _clock(self, what: str, make: Callable[[float], ClockEvent]) -> list[TournamentEvent]:
        clock = live_clock(self.regulation, self.events, self.time)
        if clock is None:
            raise UsageError(_("the clock has not started; start it first"))

        def do(at: float) -> None:
            action = clock.record(make(at))  # a refused one raises and nothing is kept
            self._record(ClockAction(at, action))

        return self._act(what, do)

    # ----- undo

    def undo(self) -> DirectorAction:
        """Take back the last director action, every event of it."""
        events = self.events
        index = next(
            (i for i in range(len(events) - 1, -1, -1) if isinstance(events[i], DirectorAction)),
            None,
        )
        if index is None:
            raise UsageError(_("there is no director action to undo"))
        action = events[index]
        assert isinstance(action, DirectorAction)
        self.tournament.rewind(index)
        if self.saver is not None:
            self.saver.rewound(self.tournament, index)
        return action

    # ----- helpers

    def _floor(self) -> Floor:
        return live_floor(self.tournament, self.seed)

    def _tables(self) -> str:
        return ", ".join(str(n) for n in self.layout()) or _("none")

    def _record(self, event: TournamentEvent) -> None:
        self.tournament.record(event)

    def _all(self, events: Sequence[TournamentEvent]) -> None:
        for event in events:
            self.tournament.record(event)

    def _act(self, what: str, do: Callable[[float], object]) -> list[TournamentEvent]:
        at = self.time.now()
        mark = len(self.events)
        self.tournament.record(DirectorAction(at, what))
        try:
            do(at)
        except PokerroomError:
            self.tournament.rewind(mark)
            raise
        new = self.events[mark:]
        if self.saver is not None:
            try:
                self.saver.appended(self.tournament, new)
            except PokerroomError:  # not saved: not done
                self.tournament.rewind(mark)
                raise
        return new
