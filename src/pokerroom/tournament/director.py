"""The tournament as its event log (issue 11 item 9): state follows from the events alone.

:class:`Tournament` holds a regulation and the log; :meth:`Tournament.record` checks an
event against the state and applies it (a refused event is one clear error that changes
nothing), :meth:`Tournament.from_events` rebuilds the same state from a saved log, and
:meth:`Tournament.undo` takes back the director's own last action — a mis-entered
bust-out or entry — by replaying the log without it.

>>> from pokerroom.tournament.regulation import load_example
>>> t = Tournament(load_example("home-sit-and-go"))
>>> for name in ("Ann", "Bob", "Cy"):
...     _ = t.enter(name, at=0)
>>> _ = t.bust("Cy", at=60)
>>> t.players["Cy"].place, t.players_left
(3, 2)
>>> _ = t.undo()
>>> t.players["Cy"].place, t.players_left
(None, 3)
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

from pokerroom.errors import UsageError
from pokerroom.i18n import N_, _
from pokerroom.said import Said
from pokerroom.table.seating import Blinds
from pokerroom.tournament.clock.events import BreakStarted, LevelStarted
from pokerroom.tournament.desk_events import Announced, ChipsCorrected, LateRegistrationEnded
from pokerroom.tournament.events import (
    DISCIPLINE,
    BustOut,
    ChipsRaced,
    Entered,
    EntryKind,
    HandForHandEnded,
    HandForHandRound,
    HandForHandStarted,
    HandPlayed,
    Paid,
    Seated,
    StacksRestarted,
    StageStarted,
    TableWaited,
    TournamentEvent,
    Won,
    is_director_action,
)
from pokerroom.tournament.live.events import LIVE_EVENTS, DirectorAction
from pokerroom.tournament.money.payouts import Entries, payout
from pokerroom.tournament.penalties import rulings
from pokerroom.tournament.penalties.log import (
    HandServed,
    PenaltyEvent,
    PenaltyGiven,
    PenaltyLog,
    ProtestDecided,
    ProtestFiled,
    Ruling,
)
from pokerroom.tournament.penalties.table import Offence, Penalty
from pokerroom.tournament.places import place_prize
from pokerroom.tournament.regulation.model import Regulation
from pokerroom.tournament.seating.floor import Floor, FloorRules
from pokerroom.tournament.seating.moves import MoveReason, Seat
from pokerroom.tournament.stages import apply_restart, apply_stage, check_restart, check_stage


@dataclass(slots=True)
class PlayerRecord:
    """One player's tournament: what he paid in, his chips and seat, his place and prize."""

    player: str
    entries: int = 0
    """His first entry and re-entries."""
    rebuys: int = 0
    add_ons: int = 0
    chips: int = 0
    seat: Seat | None = None
    place: int | None = None
    tied_from: int = 0
    tied: int = 1
    bust_hand: int | None = None
    bust_level: int | None = None
    prize: int = 0


_OFFERS_NO = {
    EntryKind.RE_ENTRY: N_("{name} offers no re-entry"),
    EntryKind.REBUY: N_("{name} offers no re-buy"),
    EntryKind.ADD_ON: N_("{name} offers no add-on"),
}
"""T-11: the refusal when the regulation offers no such entry."""
_ENDED_EARLY = {
    "late registration": N_("late registration was ended early by the director (T-16, T-19)"),
    "re-entry": N_("re-entry was ended early by the director (T-16, T-19)"),
}
"""T-16, T-19: what the director closed early."""
_CLOSED = {
    "late registration": N_("late registration closed at the end of level {level} (T-19)"),
    "re-entry": N_("re-entry closed at the end of level {level} (T-19)"),
    "re-buy": N_("re-buy closed at the end of level {level} (T-19)"),
}
"""T-19: what closed at the end of its level."""


@dataclass(frozen=True, slots=True)
class TournamentState:
    """A comparable snapshot of everything the log implies."""

    players: tuple[tuple[str, int, int, int, int, Seat | None, int | None, int, int], ...]
    markers: tuple[tuple[int, Blinds], ...]
    posted_big_blind: tuple[str, ...]
    hands: int
    level: int
    on_break: bool
    chips_issued: int
    chips_removed: int
    winner: str | None
    stages: tuple[StageStarted, ...] = ()
    stage_reached: tuple[tuple[str, int], ...] = ()
    chips_raced: int = 0
    hand_for_hand: bool = False
    discipline: tuple[PenaltyEvent, ...] = ()
    chips_corrected: int = 0
    late_ended: bool = False


class Tournament:
    """One tournament's regulation, log and the state its log implies."""

    def __init__(self, regulation: Regulation) -> None:
        self.regulation = regulation
        self.events: list[TournamentEvent] = []
        self.players: dict[str, PlayerRecord] = {}
        self.markers: dict[int, Blinds] = {}
        """The markers of each table's last hand (H-5 … H-8)."""
        self.posted_big_blind: dict[str, bool] = {}
        """H-12: whether each player's last hand dealt was a big blind."""
        self.hands = 0
        self.level = 1
        self.on_break = False
        self.chips_issued = 0
        self.chips_removed = 0
        """Chips that left play with a player the director put out (disqualified, T-12), and
        the stacks taken back at an Olympic restart (T-9)."""
        self.players_left = 0
        self.places_given: set[int] = set()
        self.winner: str | None = None
        self.stages: list[StageStarted] = []
        """T-9: the Olympic stages started so far, in order."""
        self.stage_reached: dict[str, int] = {}
        """T-9: the number of the last stage each player played (or had a bye in)."""
        self.chips_raced = 0
        """T-13: chips the colour-up races added (or, if negative, took out of play)."""
        self.hand_for_hand = False
        """Between HandForHandStarted and HandForHandEnded: tables deal one hand at a time."""
        self.bust_seats: dict[str, Seat] = {}
        """Where each player who last lost all his chips sat: a re-buy keeps that seat (T-11)."""
        self.penalty_log = PenaltyLog()
        """Penalties, sit-outs, protests, soft-play flags (T-14 … T-22): from this same log."""
        self.chips_corrected = 0
        """T-16: chips the director's corrections added (or, if negative, took out of play)."""
        self.late_ended = False
        """T-16, T-19: the director closed late registration and re-entry early."""

    @classmethod
    def from_events(cls, regulation: Regulation, events: Iterable[TournamentEvent]) -> Tournament:
        """The tournament a saved log describes; every event is checked as it is replayed."""
        tournament = cls(regulation)
        for event in events:
            tournament.record(event)
        return tournament

    # ----- the log

    def record(self, event: TournamentEvent) -> TournamentEvent:
        """Check ``event`` against the state, apply it and log it."""
        self._check(event)
        self._apply(event)
        self.events.append(event)
        return event

    def undo(self) -> TournamentEvent:
        """Take back the last event if it is the director's own action (an entry, a bust-out
        he entered); the state is rebuilt from the log without it."""
        if not self.events or not is_director_action(self.events[-1]):
            what = type(self.events[-1]).__name__ if self.events else Said(N_("nothing"))
            raise UsageError(
                Said(
                    N_(
                        "the last event is {what}; only the director's own last action "
                        "(an entry, a bust-out he entered, a penalty, a protest or ruling) "
                        "can be undone"
                    ),
                    what=what,
                )
            )
        *kept, last = self.events
        rebuilt = Tournament.from_events(self.regulation, kept)
        for name in _STATE:
            setattr(self, name, getattr(rebuilt, name))
        return last

    def rewind(self, length: int) -> list[TournamentEvent]:
        """Keep only the first ``length`` events (the live desk's undo of one action, which
        may be several events); the state is rebuilt from them. The events taken back."""
        if not 0 <= length <= len(self.events):
            raise UsageError(
                f"the log has {len(self.events)} events; cannot keep {length}"  # machine words
            )
        taken = self.events[length:]
        rebuilt = Tournament.from_events(self.regulation, self.events[:length])
        for name in _STATE:
            setattr(self, name, getattr(rebuilt, name))
        return taken

    def state(self) -> TournamentState:
        players = tuple(
            (r.player, r.entries, r.rebuys, r.add_ons, r.chips, r.seat, r.place, r.tied, r.prize)
            for r in sorted(self.players.values(), key=lambda r: r.player)
        )
        return TournamentState(
            players,
            tuple(sorted(self.markers.items())),
            tuple(sorted(p for p, posted in self.posted_big_blind.items() if posted)),
            self.hands,
            self.level,
            self.on_break,
            self.chips_issued,
            self.chips_removed,
            self.winner,
            tuple(self.stages),
            tuple(sorted(self.stage_reached.items())),
            self.chips_raced,
            self.hand_for_hand,
            discipline=self.penalty_log.events,
            chips_corrected=self.chips_corrected,
            late_ended=self.late_ended,
        )

    # ----- the director's actions

    def enter(self, player: str, *, at: float, kind: EntryKind = EntryKind.ENTRY) -> Entered:
        """Take an entry, re-entry, re-buy or add-on at the regulation's chips (T-11)."""
        event = Entered(at, player, kind, self._chips_for(kind))
        self.record(event)
        return event

    def bust(self, player: str, *, at: float) -> BustOut:
        """The director puts a player out by hand (a live table): the next place down."""
        event = BustOut(
            at, player, self.players_left, 0, self.level, self.players_left, by_director=True
        )
        self.record(event)
        return event

    def penalize(
        self,
        player: str,
        offence: Offence | str,
        penalty: Penalty | None = None,
        *,
        at: float,
        players_at_table: int | None = None,
        override: bool = False,
        note: str = "",
    ) -> PenaltyGiven:
        """T-14, T-21: penalise ``player`` for ``offence`` (or its 002 clause, "7.1.3");
        without ``penalty``, the T-21 table's first choice for his repeat count. A round is
        counted at his table now; a disqualification puts him out (see ``rulings``)."""
        event = rulings.new_penalty(
            self,
            player,
            offence,
            penalty,
            at=at,
            players=players_at_table,
            override=override,
            note=note,
        )
        self.record(event)
        return event

    def protest(self, penalty: int, player: str, text: str, *, at: float) -> ProtestFiled:
        """T-22: ``player`` protests penalty number ``penalty`` in writing."""
        number = len(self.penalty_log.protests()) + 1
        event = ProtestFiled(at, number, penalty, player, text.strip())
        self.record(event)
        return event

    def decide(self, protest: int, ruling: Ruling, *, at: float, note: str = "") -> ProtestDecided:
        """T-22, 7.3.3: the final ruling on a protest (it may come after the end)."""
        event = ProtestDecided(at, protest, ruling, note)
        self.record(event)
        return event

    def serve(self, player: str, *, hand: int, at: float) -> HandServed | None:
        """H-10: ``player`` was dealt hand number ``hand`` while sitting out: one hand served
        (None when nothing is left to serve, e.g. a protest lifted it meanwhile)."""
        number = self.penalty_log.serving(player)
        if number is None:
            return None
        event = HandServed(at, player, number, hand)
        self.record(event)
        return event

    def finish(self, *, at: float) -> list[TournamentEvent]:
        """T-12, T-2: the last player holds all chips: he wins; every paid place is paid."""
        alive = self.still_in()
        if len(alive) != 1:
            raise UsageError(
                Said(
                    N_("{count} players are still in; the tournament ends with one"),
                    count=len(alive),
                )
            )
        done: list[TournamentEvent] = [self.record(Won(at, alive[0]))]
        prizes = payout(self.regulation, self.entries()).prizes
        unit = self.regulation.payouts.unit
        for record in sorted(self.players.values(), key=lambda r: r.place or 0):
            assert record.place is not None
            prize = place_prize(
                prizes, place=record.place, tied_from=record.tied_from, tied=record.tied, unit=unit
            )
            if prize:
                done.append(self.record(Paid(at, record.player, record.place, prize)))
        return done

    # ----- what the desk and the floor read

    def still_in(self) -> list[str]:
        """The players not yet placed, in order of registration."""
        return [r.player for r in self.players.values() if r.place is None]

    def entries(self) -> Entries:
        """What the desk took, for the pool (T-2)."""
        records = [r for r in self.players.values() if r.entries]
        return Entries(
            entrants=len(records),
            re_entries=sum(r.entries - 1 for r in records),
            rebuys=sum(r.rebuys for r in records),
            add_ons=sum(r.add_ons for r in records),
        )

    @property
    def chips_in_play(self) -> int:
        return sum(r.chips for r in self.players.values())

    @property
    def chips_accounted(self) -> int:
        """The chips that must be in play: issued by the desk, less those removed, with the
        colour-up races' difference (T-13); equal to :attr:`chips_in_play` at every boundary."""
        return self.chips_issued - self.chips_removed + self.chips_raced + self.chips_corrected

    def floor(self, rules: FloorRules, rng: random.Random) -> Floor:
        """The floor the log leaves: every seat, each table's last markers, the H-12 history."""
        layout: dict[int, dict[int, str]] = {}
        for record in self.players.values():
            if record.seat is not None:
                layout.setdefault(record.seat.table, {})[record.seat.seat] = record.player
        posted = [p for p, bb in self.posted_big_blind.items() if bb and p in self._seated()]
        blinds = {n: b for n, b in self.markers.items() if n in layout}
        return Floor.from_layout(
            layout, rules, rng, blinds, posted, final_formed=self._final_drawn(rules)
        )

    def _final_drawn(self, rules: FloorRules) -> bool:
        """T-8: whether the final table has been drawn — a final-table draw in the log, or a
        field the starting draw seated at the final table; a table opened later for an entry
        leaves more than one table, which the floor sees."""
        moves = [event.move.reason for event in self.events if isinstance(event, Seated)]
        if MoveReason.FINAL_TABLE in moves:
            return True
        return moves.count(MoveReason.DRAW) <= (rules.final_size or 0)

    def _seated(self) -> set[str]:
        return {r.player for r in self.players.values() if r.seat is not None}

    def _chips_for(self, kind: EntryKind) -> int:
        rules = self.regulation
        if kind is EntryKind.ENTRY:
            return rules.starting_stack
        terms = {
            EntryKind.RE_ENTRY: rules.re_entry,
            EntryKind.REBUY: rules.rebuy,
            EntryKind.ADD_ON: rules.add_on,
        }[kind]
        if terms is None:
            raise UsageError(Said(_OFFERS_NO[kind], name=repr(rules.name)))
        return terms.chips

    # ----- checks (nothing changes when one fails)

    def record_in(self, player: str) -> PlayerRecord:
        """The record of a player still in; one clear error for anyone else."""
        record = self.players.get(player)
        if record is None:
            raise UsageError(
                _("player {player!r} is not registered in this tournament").format(player=player)
            )
        if record.place is not None:
            raise UsageError(
                _("player {player!r} is out (place {place})").format(
                    player=player, place=record.place
                )
            )
        return record

    def _check(self, event: TournamentEvent) -> None:
        if self.winner is not None:
            self._check_after_winner(event)
        if isinstance(event, Entered):
            self._check_entry(event)
        elif isinstance(event, Seated):
            self.record_in(event.move.player)
        elif isinstance(event, HandPlayed):
            self._check_hand(event)
        elif isinstance(event, BustOut):
            self._check_bust(event)
        elif isinstance(event, Won):
            self.record_in(event.player)
            if self.players_left != 1:
                raise UsageError(
                    Said(N_("{count} players are still in; one wins"), count=self.players_left)
                )
        elif isinstance(event, StageStarted):
            check_stage(self, event)
        elif isinstance(event, StacksRestarted):
            check_restart(self, event)
        elif isinstance(event, DISCIPLINE):
            rulings.check(self, event)
        elif isinstance(event, Paid):
            record = self.players.get(event.player)
            if record is None or record.place != event.place:
                raise UsageError(
                    f"player {event.player!r} did not finish "  # machine words
                    f"in place {event.place}"
                )
        elif isinstance(event, HandForHandStarted | HandForHandRound | HandForHandEnded):
            started = isinstance(event, HandForHandStarted)
            if self.hand_for_hand == started:
                raise UsageError(
                    Said(
                        N_("hand-for-hand is already being played")
                        if started
                        else N_("hand-for-hand is not being played")
                    )
                )
        elif isinstance(event, ChipsRaced):
            self._check_race(event)
        elif isinstance(event, ChipsCorrected):
            self._check_correction(event)
        elif isinstance(event, LateRegistrationEnded):
            self._check_open(
                "late registration",  # machine words: a key of _CLOSED
                self.regulation.late_registration.until_level,
            )

    def _check_after_winner(self, event: TournamentEvent) -> None:
        """After the winner only the payouts and protests' rulings (T-22: decided until the
        tournament ends); a live desk's :class:`DirectorAction` marker only before a ruling."""
        after_marker = bool(self.events) and isinstance(self.events[-1], DirectorAction)
        if after_marker and not isinstance(event, ProtestDecided):
            raise UsageError(
                Said(
                    N_("the tournament is over ({winner} won); only a protest's ruling is left"),
                    winner=self.winner,
                )
            )
        if not isinstance(event, Paid | ProtestDecided | DirectorAction):
            raise UsageError(
                Said(
                    N_("the tournament is over ({winner} won); nothing more happens"),
                    winner=self.winner,
                )
            )

    def _check_entry(self, event: Entered) -> None:
        record = self.players.get(event.player)
        if event.chips <= 0:
            raise UsageError(f"an entry brings chips; got {event.chips}")  # machine words
        chips = self._chips_for(event.kind)
        if event.chips != chips:
            raise UsageError(
                f"a {event.kind.value} brings {chips} chips (T-11); "  # machine words
                f"got {event.chips}"
            )
        if event.kind is EntryKind.ENTRY:
            if record is not None:
                raise UsageError(
                    Said(N_("player {player} is already registered"), player=repr(event.player))
                )
            self._check_open(
                "late registration",  # machine words: a key of _CLOSED
                self.regulation.late_registration.until_level,
            )
            self._check_cap(len(self.players))
            return
        if record is None:
            raise UsageError(
                _("player {player!r} is not registered in this tournament").format(
                    player=event.player
                )
            )
        if self.penalty_log.disqualified(event.player):
            raise UsageError(
                Said(
                    N_("player {player} is disqualified (5.19.2); no more entries"),
                    player=repr(event.player),
                )
            )
        if event.kind is EntryKind.RE_ENTRY:
            if record.chips:
                raise UsageError(
                    Said(
                        N_("player {player} still has chips; re-entry is for busts"),
                        player=repr(event.player),
                    )
                )
        elif record.place is not None:
            raise UsageError(
                Said(
                    N_("player {player} is out; an add-on keeps a seat")
                    if event.kind is EntryKind.ADD_ON
                    else N_("player {player} is out; a re-buy keeps a seat"),
                    player=repr(event.player),
                )
            )
        self._check_terms(event, record)

    def _check_open(self, what: str, until_level: int) -> None:
        """T-19: taken until the end of ``until_level`` (its break included), unless the
        director ended it early (T-16); the field entered before the first hand is never
        late."""
        if self.late_ended and what in ("late registration", "re-entry"):
            raise UsageError(Said(_ENDED_EARLY[what]))
        if (self.hands or self.level > 1) and self.level > until_level:
            raise UsageError(Said(_CLOSED[what], level=until_level))

    def _check_cap(self, taken: int) -> None:
        """T-3: ``max_entries`` (a sit-and-go's seats) is the most players registered; a
        re-entry takes no new seat in the field, as the run's field check reads it."""
        cap = self.regulation.max_entries
        if cap is not None and taken >= cap:
            raise UsageError(
                Said(
                    N_("{name} takes at most {count} entries; all are taken"),
                    name=repr(self.regulation.name),
                    count=cap,
                )
            )

    def _check_terms(self, event: Entered, record: PlayerRecord) -> None:
        """T-11, T-19: the regulation's terms for a re-entry, re-buy or add-on."""
        rules, name = self.regulation, event.player
        if event.kind is EntryKind.RE_ENTRY and rules.re_entry is not None:
            self._check_open("re-entry", rules.re_entry.until_level)
            if record.entries > rules.re_entry.per_player:
                raise UsageError(
                    Said(
                        N_("{name} has re-entered {count} times; {rules} allows {allowed}"),
                        name=name,
                        count=record.entries - 1,
                        rules=repr(rules.name),
                        allowed=rules.re_entry.per_player,
                    )
                )
        elif event.kind is EntryKind.REBUY and rules.rebuy is not None:
            terms = rules.rebuy
            self._check_open("re-buy", terms.until_level)
            if record.chips > terms.stack_at_most:
                raise UsageError(
                    Said(
                        N_("{name} holds {chips} chips; a re-buy is for {most} or less"),
                        name=name,
                        chips=record.chips,
                        most=terms.stack_at_most,
                    )
                )
            if terms.per_player and record.rebuys >= terms.per_player:
                raise UsageError(
                    Said(
                        N_("{name} has re-bought {count} times; {rules} allows {allowed}")
                        if record.rebuys > 1
                        else N_("{name} has re-bought {count} time; {rules} allows {allowed}"),
                        name=name,
                        count=record.rebuys,
                        rules=repr(rules.name),
                        allowed=terms.per_player,
                    )
                )
        elif (
            event.kind is EntryKind.ADD_ON
            and rules.add_on is not None
            and record.add_ons >= rules.add_on.per_player
        ):
            raise UsageError(
                Said(
                    N_("{name} has taken {count} add-ons; {rules} allows {allowed}")
                    if record.add_ons > 1
                    else N_("{name} has taken {count} add-on; {rules} allows {allowed}"),
                    name=name,
                    count=record.add_ons,
                    rules=repr(rules.name),
                    allowed=rules.add_on.per_player,
                )
            )

    def _check_hand(self, event: HandPlayed) -> None:
        if event.number != self.hands + 1:
            raise UsageError(
                f"hand {event.number} follows hand {self.hands}; expected the next"  # machine words
            )
        for seat in event.seats:
            record = self.record_in(seat.player)
            if record.chips != seat.before:
                raise UsageError(
                    f"{seat.player} starts hand {event.number} "  # machine words
                    f"with {seat.before} chips, "
                    f"but has {record.chips}"
                )
        before = sum(s.before for s in event.seats)
        after = sum(s.after for s in event.seats)
        if before != after:  # chips are conserved at every hand boundary
            raise UsageError(
                f"hand {event.number} turns {before} chips into {after}"  # machine words
            )

    def _check_bust(self, event: BustOut) -> None:
        record = self.record_in(event.player)
        if record.chips and not event.by_director:
            raise UsageError(
                f"player {event.player!r} still has {record.chips} chips"  # machine words
            )
        if not 1 < event.place <= self.players_left or event.place in self.places_given:
            raise UsageError(
                f"place {event.place} is not free; "  # machine words
                f"with {self.players_left} players in, "
                f"a bust-out takes a place from 2 to {self.players_left} not yet given"
            )

    def _check_correction(self, event: ChipsCorrected) -> None:
        """T-16: his own count corrected to a stack he keeps playing; a reason is given."""
        record = self.record_in(event.player)
        if record.chips != event.before:
            raise UsageError(
                Said(
                    N_("{player} has {chips} chips, not {before}"),
                    player=event.player,
                    chips=f"{record.chips:,}",
                    before=f"{event.before:,}",
                )
            )
        if event.after <= 0:
            raise UsageError(
                Said(
                    N_(
                        "a corrected count is 1 chip or more, got {after}; "
                        "a player is put out by disqualification (T-12)"
                    ),
                    after=f"{event.after:,}",
                )
            )
        if event.after == event.before:
            raise UsageError(
                Said(
                    N_("{player} has {chips} chips already"),
                    player=event.player,
                    chips=f"{event.before:,}",
                )
            )
        if not event.reason.strip():
            raise UsageError(Said(N_("a chip count correction needs its reason")))
        chip = self.regulation.smallest_chip(self.level)
        if event.after % chip:  # T-18: a stack is whole chips, as a colour-up races them
            raise UsageError(
                Said(
                    N_(
                        "a corrected count is whole chips of {chip}, the smallest in play (T-18), "
                        "got {after}"
                    ),
                    chip=chip,
                    after=f"{event.after:,}",
                )
            )

    def _check_race(self, event: ChipsRaced) -> None:
        """T-13, T-18: each stack raced is his own, and ends a positive multiple of the new
        smallest chip less than one new chip away from where it was."""
        for raced in event.stacks:
            record = self.record_in(raced.player)
            if record.chips != raced.before:
                raise UsageError(
                    f"{raced.player} races {raced.before} chips, "  # machine words
                    f"but has {record.chips}"
                )
            if raced.after <= 0 or raced.after % event.smallest:
                raise UsageError(
                    f"{raced.player} ends the chip race with {raced.after}; "  # machine words
                    f"a stack is then a positive multiple of {event.smallest} (T-13)"
                )
            if abs(raced.after - raced.before) >= event.smallest:
                raise UsageError(
                    f"{raced.player} goes from {raced.before} to {raced.after} "  # machine words
                    f"in a chip race; it moves a stack by less than one chip of {event.smallest}"
                )

    # ----- applying

    def _apply(self, event: TournamentEvent) -> None:
        if isinstance(event, Entered):
            self._apply_entry(event)
        elif isinstance(event, Seated):
            self.players[event.move.player].seat = event.move.target
        elif isinstance(event, LevelStarted):
            self.level, self.on_break = event.level.number, False
        elif isinstance(event, BreakStarted):
            self.on_break = True
        elif isinstance(event, HandPlayed):
            self._apply_hand(event)
        elif isinstance(event, BustOut):
            record = self.players[event.player]
            self.chips_removed += record.chips
            record.chips, record.seat, record.place = 0, None, event.place
            record.tied_from, record.tied = event.tied_from, event.tied
            record.bust_hand, record.bust_level = event.hand, event.level
            self.players_left -= 1
            self.places_given.add(event.place)
        elif isinstance(event, Won):
            self.winner = event.player
            self.players[event.player].place = 1
            self.players[event.player].tied_from = 1
            self.players_left = 0
            rulings.close(self, event.at)
        elif isinstance(event, StageStarted):
            apply_stage(self, event)
        elif isinstance(event, StacksRestarted):
            apply_restart(self, event)
        elif isinstance(event, HandForHandStarted):
            self.hand_for_hand = True
        elif isinstance(event, HandForHandEnded):
            self.hand_for_hand = False
        elif isinstance(event, ChipsRaced):
            for raced in event.stacks:
                self.players[raced.player].chips = raced.after
                self.chips_raced += raced.after - raced.before
        elif isinstance(event, HandForHandRound):
            pass  # a marker for the reader: which hands were dealt together
        elif isinstance(event, DISCIPLINE):
            rulings.apply(self, event)
        elif isinstance(event, ChipsCorrected):
            self.players[event.player].chips = event.after
            self.chips_corrected += event.after - event.before
        elif isinstance(event, LateRegistrationEnded):
            self.late_ended = True
        elif isinstance(event, Announced):
            pass  # the director's words for every table: read from the log
        elif isinstance(event, LIVE_EVENTS):
            pass  # the live desk's own (pokerroom.tournament.live): read from the log
        elif isinstance(event, TableWaited):
            pass  # the floor's reason for the audit trail: changes nothing
        else:
            self.players[event.player].prize = event.prize

    def _apply_entry(self, event: Entered) -> None:
        record = self.players.setdefault(event.player, PlayerRecord(event.player))
        self.chips_issued += event.chips
        if event.kind in (EntryKind.ENTRY, EntryKind.RE_ENTRY):
            record.entries += 1
            if record.place is not None or event.kind is EntryKind.ENTRY:
                self.players_left += 1
            self.places_given.discard(record.place or 0)
            record.place, record.bust_hand, record.bust_level = None, None, None
        elif event.kind is EntryKind.REBUY:
            record.rebuys += 1
            if record.seat is None and not record.chips:  # T-11: a re-buy keeps the seat
                record.seat = self.bust_seats.get(event.player)
        else:
            record.add_ons += 1
        record.chips += event.chips

    def _apply_hand(self, event: HandPlayed) -> None:
        self.hands = event.number
        self.markers[event.table] = Blinds(event.button, event.small_blind, event.big_blind)
        for seat in event.seats:
            record = self.players[seat.player]
            record.chips = seat.after
            if not seat.after:
                if record.seat is not None:
                    self.bust_seats[seat.player] = record.seat
                record.seat = None
            self.posted_big_blind[seat.player] = seat.seat == event.big_blind


_STATE = (
    "events",
    "players",
    "markers",
    "posted_big_blind",
    "hands",
    "level",
    "on_break",
    "chips_issued",
    "chips_removed",
    "players_left",
    "places_given",
    "winner",
    "stages",
    "stage_reached",
    "chips_raced",
    "hand_for_hand",
    "bust_seats",
    "penalty_log",
    "chips_corrected",
    "late_ended",
)
