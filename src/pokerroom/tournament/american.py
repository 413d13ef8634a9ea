"""An American tournament run end to end in simulated time (T-5 … T-8, T-10, T-12).

Every table deals on its own: the run always takes the table whose next hand starts
soonest, asks the clock for the level (none on a break: that table waits for the next
level), asks the floor for the moves, markers, hold or break, builds the engine hand from
the seats and the level, has it played, and ends it when its simulated time is up; busted
players are placed by T-12, and the last player left wins. Who plays the seats is the
caller's (:class:`HandPlayer`, e.g. bots), so the tournament layer stays below the bots.

Decisions where the seed is silent (README "Run a tournament with bots"):

- A hand takes ``HAND_SECONDS`` to shuffle and deal plus ``ACTION_SECONDS`` per decision.
- Players count as in the hand until it ends (nobody folds out early for a balance move).
- A busted player re-enters at once while the regulation allows it (T-11, bots always do).
- A mixed game rotating by orbit changes game after as many hands as players at the table.
- Re-buys and add-ons (T-11, :mod:`~pokerroom.tournament.buys`): a player re-buys whenever
  allowed, between hands (busted, he keeps his seat and is not placed); every player still
  in takes the add-on at its break.
- A break that colours up races each table's odd chips (T-13,
  :mod:`~pokerroom.tournament.break_desk`); hands split pots to the smallest chip in play
  (P-3).
- Hand-for-hand on the bubble, beyond the seed (:mod:`~pokerroom.tournament.bubble`).
- Before every hand a hand player that reads it gets the lobby's :class:`Standing`.
"""

from __future__ import annotations

import dataclasses
import heapq
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from pokerroom.deck import Deck
from pokerroom.engine import Hand, HandConfig, Options
from pokerroom.engine import events as ev
from pokerroom.errors import UsageError
from pokerroom.table.seating import positions
from pokerroom.tournament.break_desk import serve_table, serves
from pokerroom.tournament.bubble import EntryTally, HandForHand, entries_closed
from pokerroom.tournament.buys import may_rebuy
from pokerroom.tournament.clock import Clock, Schedule, SimulatedTime, clock_changes
from pokerroom.tournament.clock.events import BreakStarted, LevelStarted
from pokerroom.tournament.director import Tournament
from pokerroom.tournament.events import (
    BustOut,
    Entered,
    EntryKind,
    HandForHandEnded,
    HandForHandRound,
    HandForHandStarted,
    HandPlayed,
    Seated,
    SeatResult,
    TableWaited,
    TournamentEvent,
)
from pokerroom.tournament.hand_setup import hand_config
from pokerroom.tournament.penalties.desk import Desk, Director
from pokerroom.tournament.places import busts_in_hand
from pokerroom.tournament.regulation.model import (
    GameSpec,
    Regulation,
    Rotation,
)
from pokerroom.tournament.regulation.schedule import scheduled_minutes
from pokerroom.tournament.seating.floor import Floor, FloorRules, HandStart, Hold
from pokerroom.tournament.seating.moves import Move, MoveReason
from pokerroom.tournament.standing import ReadsStanding, Standing
from pokerroom.tournament.structure import Break, Level

HAND_SECONDS = 20.0
"""Simulated seconds to shuffle, deal and post."""
ACTION_SECONDS = 6.0
"""Simulated seconds per decision (bet, call, fold, draw)."""

_END, _START = 0, 1
"""Heap order at the same moment: hands end before tables start, so freed players can move."""


class HandPlayer(Protocol):
    """Plays a dealt hand to its end; ``players`` by engine position; returns the decisions."""

    def __call__(self, hand: Hand, players: Sequence[str]) -> int: ...


@runtime_checkable
class SettlesShowdown(Protocol):
    """A hand player that shows or mucks at showdown itself for the hands it says (P-5: a
    person at the table decides); the engine settles the others' showdowns."""

    def settles_showdown(self, players: Sequence[str]) -> bool: ...


Listener = Callable[[TournamentEvent], None]
HandEnded = Callable[[Tournament], None]
"""Called once a hand's end is fully logged (placed, re-entered, moved): a point to save at."""
DealCheck = Callable[[HandStart, Floor, int], None]
"""Called at every hand dealt with the floor's decision, the floor and the level number."""
DeckFor = Callable[[HandConfig, Sequence[str], Deck], Deck]
"""Given each hand's config, players and freshly shuffled deck, the deck to deal it from:
a resumed person's hand is dealt again from its saved deck (C-3)."""


Paid = tuple[int, int, int, int]
"""One seat's ante, blind and bring-in posted and chips won: :class:`SeatResult`'s audit fields
in their order."""


@dataclass(slots=True)
class _Playing:
    started: float
    level: Level
    start: HandStart
    players: tuple[str, ...]
    seats: tuple[int, ...]
    before: tuple[int, ...]
    after: tuple[int, ...]
    paid: tuple[Paid, ...] = ()
    """Per position, the forced bets and the winnings (for the audit trail)."""


def forced_and_won(hand: Hand) -> tuple[Paid, ...]:
    """Per position: the antes, blinds and bring-in posted and the chips won from the pots."""
    paid = [[0, 0, 0, 0] for _ in hand.stacks]
    for event in hand.events:
        if isinstance(event, ev.PostAnte):
            paid[event.player][0] += event.amount
        elif isinstance(event, ev.PostBlind):
            paid[event.player][1] += event.amount
        elif isinstance(event, ev.BringIn):
            paid[event.player][2] += event.amount
        elif isinstance(event, ev.Award):
            paid[event.player][3] += event.amount
    return tuple((a, b, c, d) for a, b, c, d in paid)


def decisions(hand: Hand) -> int:
    """The decisions a hand took (as the bots' run counts them), for its simulated time."""
    return sum(isinstance(event, _DECISIONS) for event in hand.events)


_DECISIONS = (ev.Fold, ev.Check, ev.Call, ev.BetRaise, ev.BringIn, ev.Discard)


MAX_ENTRANTS = 100_000
"""The largest simulated field: ten times the biggest festival events, minutes to run."""


def entrant_names(regulation: Regulation, count: int) -> list[str]:
    """The field's names (``P01`` … ``P10``), checked against the regulation (T-3)."""
    if not 2 <= count <= MAX_ENTRANTS:
        raise UsageError(f"--entrants must be 2 to {MAX_ENTRANTS:,}, got {count:,}")
    cap = regulation.max_entries
    if cap is not None and count > cap:
        raise UsageError(f"{regulation.name!r} takes at most {cap} entrants, got {count}")
    width = len(str(count))
    return [f"P{number:0{width}d}" for number in range(1, count + 1)]


def floor_rules(regulation: Regulation) -> FloorRules:
    """The floor's rules from the regulation (T-3): table sizes and the first button (H-4)."""
    return FloorRules(
        regulation.table_size, regulation.final_table_size, first_button=regulation.profile
    )


class AmericanRun:
    """One run: the tournament log, its floor, its clock, and the tables' timetable."""

    def __init__(
        self,
        regulation: Regulation,
        players: Sequence[str],
        play: HandPlayer,
        rng: random.Random,
        *,
        listener: Listener | None = None,
        on_deal: DealCheck | None = None,
        director: Director | None = None,
        on_hand_end: HandEnded | None = None,
        deck_for: DeckFor | None = None,
    ) -> None:
        self.tournament = Tournament(regulation)
        self._deck_for = deck_for
        self._regulation = regulation
        self._play = play
        self._rng = rng
        self._listener = listener
        self._on_deal = on_deal
        self._on_hand_end = on_hand_end
        self._options = Options.profile(regulation.profile)
        self._time = SimulatedTime(0.0)
        schedule = Schedule(regulation.levels, regulation.breaks, start_at=0.0)
        self._clock = Clock(schedule, self._time)
        horizon = scheduled_minutes(regulation) * 60 + 1
        self._changes = list(reversed(clock_changes(schedule, (), horizon)))
        self._heap: list[tuple[float, int, int, int]] = []
        self._sequence = 0
        self._pending: set[int] = set()
        self._short: set[int] = set()
        """Tables held short (T-6): they may deal once a seat count changes."""
        self._waits: dict[int, str] = {}
        """Each waiting table's logged reason, so a wait is logged once."""
        self._final: set[int] = set()
        """Tables stopped for the final table (T-8): they come back when none is playing."""
        self._playing: dict[int, _Playing] = {}
        self._table_hands: dict[int, int] = {}
        self._tally = EntryTally(regulation)
        self._bubble = HandForHand()
        self._round_dealing = False
        """True while a hand-for-hand round's tables are being started."""
        self._bust_info: dict[str, tuple[int, int]] = {}
        """A busted player's hand and level, until he is placed."""
        self._break: Break | None = None
        self._unserved: set[int] = set()
        """Tables the break's add-ons or colour-up have still to reach."""
        self._level_options: dict[int, Options] = {}
        self._see_standing = play.see_standing if isinstance(play, ReadsStanding) else None
        self._settles = play.settles_showdown if isinstance(play, SettlesShowdown) else None
        self.desk = Desk(self, self._notify, director)
        """The director's rulings, carried out at the tables (H-9 … H-11, T-12, T-15)."""
        for player in players:
            self._log(Entered(0.0, player, EntryKind.ENTRY, regulation.starting_stack))
        self._seat_field(players)

    def _seat_field(self, players: Sequence[str]) -> None:
        """T-4: the starting draw, every table to deal at the start (a hook: the Olympic
        run draws its first stage instead)."""
        self.floor = Floor.draw(list(players), floor_rules(self._regulation), self._rng)
        self._log_moves(self.floor.moves)
        for table in self.floor.counts():
            self._schedule(table, 0.0)

    @classmethod
    def resume(
        cls,
        regulation: Regulation,
        players: Sequence[str],
        events: Sequence[TournamentEvent],
        play: HandPlayer,
        rng: random.Random,
        *,
        listener: Listener | None = None,
        on_deal: DealCheck | None = None,
        director: Director | None = None,
        on_hand_end: HandEnded | None = None,
        deck_for: DeckFor | None = None,
    ) -> AmericanRun:
        """The run a saved log left, going on from its last event (a killed run's log ends
        at a hand boundary). The state comes from the events, the floor from the state, the
        simulated time from the last event; hands being dealt when the log ends are lost, so
        every table deals its next hand again from then (``deck_for`` may deal one from its
        saved deck). ``players`` is the original field.
        It is built as a new run (every field at its start) whose state the log then replaces."""
        if not events:
            raise UsageError("nothing to resume: the log is empty; start a new run instead")
        run = cls(
            regulation,
            players,
            play,
            rng,
            on_deal=on_deal,
            director=director,
            on_hand_end=on_hand_end,
            deck_for=deck_for,
        )
        tournament = Tournament.from_events(regulation, events)
        run.tournament = tournament
        run._time.advance_to(events[-1].at)
        logged = sum(isinstance(event, LevelStarted | BreakStarted) for event in events)
        del run._changes[len(run._changes) - logged :]
        run.floor = tournament.floor(floor_rules(regulation), rng)
        run._heap.clear()
        run._pending.clear()
        run._table_hands = dict(Counter(e.table for e in events if isinstance(e, HandPlayed)))
        run._resume_desks(events)
        for table in run.floor.counts():
            run._schedule(table, run.now)
        run._listener = listener
        return run

    def _resume_desks(self, events: Sequence[TournamentEvent]) -> None:
        """The run's own books a saved log implies: the entries for the pool, hand-for-hand
        and its rounds, the break in progress. A log is saved only where no hand-for-hand
        round and no break's add-ons or colour-up are half done (:meth:`_whole`)."""
        self._tally = EntryTally(self._regulation)
        for event in events:
            if isinstance(event, Entered):
                self._tally.add(event)
            elif isinstance(event, HandForHandStarted):
                self._bubble.start()
                self._bubble.rounds = 0
            elif isinstance(event, HandForHandRound):
                self._bubble.rounds = event.round
            elif isinstance(event, HandForHandEnded):
                self._bubble.stop()
            elif isinstance(event, BreakStarted):
                self._break = event.pause

    def _whole(self) -> bool:
        """Whether the tournament may be saved here: no hand-for-hand round waits for its
        other tables' hands and no table still waits for the break's add-ons or race."""
        return not self._bubble.in_round and not self._unserved

    @property
    def now(self) -> float:
        return self._time.now()

    def run(self, max_hands: int | None = None) -> Tournament:
        """Play until one player holds all chips (T-12), then pay the places (T-2)."""
        tournament = self.tournament
        stalled_at = -1
        while tournament.players_left > 1:
            if not self._heap:
                if stalled_at == tournament.hands or not (self._short or self._final):
                    raise RuntimeError("no table can deal and none is playing: the floor is stuck")
                stalled_at = tournament.hands  # every held table comes to deal again, once
                self._wake(self._short)
                self._wake(self._final)
                continue
            if max_hands is not None and tournament.hands >= max_hands:
                raise RuntimeError(f"no winner after {max_hands} hands")
            self._step()
        self._finish()
        return tournament

    def _step(self) -> None:
        """The timetable's next moment: a table's hand ends or a table comes to deal."""
        at, _seq, kind, table = heapq.heappop(self._heap)
        self._time.advance_to(at)
        self._clock_changes()
        if kind == _END:
            self._end(table)
            if self._on_hand_end is not None and self._whole():
                self._on_hand_end(self.tournament)
        else:
            self._pending.discard(table)
            self._start(table)
        if self._bubble.active:
            self._start_round()

    def _finish(self) -> None:
        """T-12, T-2: the winner and the paid places."""
        for event in self.tournament.finish(at=self.now):
            self._notify(event)

    # ----- the log

    def _log(self, event: TournamentEvent) -> None:
        self.tournament.record(event)
        if isinstance(event, Entered):
            self._tally.add(event)
        self._notify(event)

    def _notify(self, event: TournamentEvent) -> None:
        if self._listener is not None:
            self._listener(event)

    def _log_moves(self, moves: Sequence[Move]) -> None:
        for move in moves:
            self._log(Seated(self.now, move))

    def _clock_changes(self) -> None:
        while self._changes and self._changes[-1].at <= self.now:
            change = self._changes.pop()
            self._log(change)
            if isinstance(change, BreakStarted):
                self._open_break(change.pause)
            elif isinstance(change, LevelStarted):
                self._check_bubble()  # entries may have closed (T-19)

    # ----- the tables' timetable

    def _schedule(self, table: int, at: float, kind: int = _START) -> None:
        if kind == _START:
            if table in self._pending:
                return
            self._pending.add(table)
        self._sequence += 1
        heapq.heappush(self._heap, (at, self._sequence, kind, table))

    def _wake(self, tables: set[int]) -> None:
        for table in sorted(tables):
            self._schedule(table, self.now)
        tables.clear()

    def _wake_short_after_busts(self) -> None:
        """Busts shrink tables: wake the short tables now within two of the fullest (T-6).
        The others wait for a move, which wakes them all: a table starting a hand moves
        players from the fullest table to the shortest."""
        counts = self.floor.counts()
        fullest = max(counts.values())
        ready = {
            t
            for t in self._short
            if t not in counts or (counts[t] >= 2 and fullest - counts[t] <= 2)
        }
        self._short -= ready
        self._wake(ready)

    # ----- a table comes to start a hand

    def _start(self, table: int) -> None:
        if table in self._playing or not self.floor.has_table(table):
            return
        level = self._clock.level_for_hand_starting_at(self.now)
        if level is None:  # T-10: no hand starts on a break
            resumes = self._clock.state(self.now).changes_at
            assert resumes is not None, "the simulated clock is never paused"
            self._schedule(table, resumes)
            return
        if self._bubble.active and not self._round_dealing:
            self._bubble.waiting.add(table)  # hand-for-hand: wait for every table
            return
        start = self.floor.start_hand(table, level=level.number)
        self._log_moves(start.moves)
        if start.moves:
            self._wake(self._short)
        self._log_wait(start)
        if start.hold is Hold.BROKEN:
            if self.floor.final_formed and self.floor.has_table(1):
                self._schedule(1, self.now)  # T-8: the final table deals
            return
        if start.hold is not None:
            (self._final if start.hold is Hold.FINAL_TABLE else self._short).add(table)
            return
        self._deal(start, level)

    def _log_wait(self, start: HandStart) -> None:
        """The audit trail of the floor's decision: why a table waits (once until it deals
        or its reason changes), or that a balance move waits while it deals (T-6, T-8)."""
        if start.hold is Hold.BROKEN:
            return
        reason = "move deferred" if start.hold is None and start.deferred else None
        if start.hold is not None:
            reason = start.hold.value
            if self._waits.get(start.table) == reason:
                return
            self._waits[start.table] = reason
        else:
            self._waits.pop(start.table, None)
        if reason is not None:
            counts = tuple(sorted(self.floor.counts().items()))
            self._log(TableWaited(self.now, start.table, reason, counts))

    def _game(self, table: int, level: Level, players: int) -> GameSpec:
        game = self._regulation.game
        if game.rotate_every is Rotation.ORBIT and game.mixed:
            dealt = self._table_hands.get(table, 0)
            return game.rotation[(dealt // players) % len(game.rotation)]
        return game.at_level(level.number)

    def _deal(self, start: HandStart, level: Level) -> None:
        assert start.blinds is not None
        if self._on_deal is not None:
            self._on_deal(start, self.floor, level.number)
        table = start.table
        by_seat = dict(start.players)
        size = self.floor.table(table).size
        order = positions(start.blinds, list(by_seat), size)
        players = tuple(by_seat[seat] for seat in order)
        records = self.tournament.players
        before = tuple(records[player].chips for player in players)
        spec = self._game(table, level, len(players))
        self._table_hands[table] = self._table_hands.get(table, 0) + 1
        options = self._options_at(level.number)
        config = hand_config(spec, level, start.blinds, order, before, options)
        own_showdown = self._settles is not None and self._settles(players)
        deck = Deck(rng=random.Random(self._rng.getrandbits(64)))
        if self._deck_for is not None:
            deck = self._deck_for(config, players, deck)
        hand = Hand(config, deck, auto_showdown=not own_showdown)
        if self._see_standing is not None:
            self._see_standing(self._standing())
        self.desk.deal(table, hand, players)
        self._playing[table] = _Playing(self.now, level, start, players, tuple(order), before, ())
        self._play_out(table, hand, players)

    def _play_out(self, table: int, hand: Hand, players: tuple[str, ...]) -> None:
        """The hand player plays the hand to its end at once; it ends after its simulated
        time (a hook: a run in real time ends each hand when its table has played it)."""
        decisions = self._play(hand, players)
        self._hand_over(table, hand, self.now + HAND_SECONDS + ACTION_SECONDS * decisions)

    def _hand_over(self, table: int, hand: Hand, at: float) -> None:
        """The hand dealt at ``table`` was played to its end: it ends at ``at``."""
        if hand.phase != "done":
            raise RuntimeError(f"the hand at table {table} was not played to its end")
        done = self._playing[table]
        self.desk.played(table, hand, done.players)
        done.after = tuple(hand.stacks)
        done.paid = forced_and_won(hand)
        self._schedule(table, at, _END)

    # ----- a hand ends

    def _end(self, table: int) -> None:
        done = self._playing.pop(table)
        tournament = self.tournament
        out = [p for p, after in zip(done.players, done.after, strict=True) if not after]
        rebuys = self._rebuys(done)
        self.floor.end_hand(table, [p for p in out if p not in rebuys])
        blinds = done.start.blinds
        assert blinds is not None
        seats = tuple(
            SeatResult(seat, player, before, after, *paid)
            for seat, player, before, after, paid in zip(
                done.seats, done.players, done.before, done.after, done.paid, strict=True
            )
        )
        number = tournament.hands + 1
        self._log(
            HandPlayed(
                self.now,
                done.started,
                number,
                table,
                done.level.number,
                blinds.button,
                blinds.small_blind,
                blinds.big_blind,
                seats,
            )
        )
        for player in rebuys:
            self._log(Entered(self.now, player, EntryKind.REBUY, self._rebuy_chips))
        stacks = dict(zip(done.players, done.before, strict=True))
        busted = [(p, stacks[p]) for p in out if p not in rebuys and not self._re_enter(p)]
        self._bust_info.update((player, (number, done.level.number)) for player, _s in busted)
        if self._bubble.in_round:  # placed with the whole round's bust-outs
            self._bubble.hands.append(number)
            self._bubble.busts[table] = busted
            if not self._playing:
                event, together = self._bubble.close_round(self.now)
                self._log(event)
                self._place(together)
        else:
            self._place(busted)
        if table in self._unserved:
            self._serve(table)
        if self.floor.has_table(table):
            self._schedule(table, self.now)
        if out and self._short:
            self._wake_short_after_busts()
        if not self._playing:
            self._wake(self._final)
        self.desk.hand_ended(table)

    def _re_enter(self, player: str) -> bool:
        """T-11, 5.19.3: a busted player buys in again while the regulation allows it."""
        terms = self._regulation.re_entry
        record = self.tournament.players[player]
        if terms is None or self.tournament.late_ended or self.tournament.level > terms.until_level:
            return False
        if record.entries > terms.per_player:
            return False
        self._take_entry(player, EntryKind.RE_ENTRY, terms.chips)
        return True

    def _take_entry(self, player: str, kind: EntryKind, chips: int) -> None:
        """T-11, T-19: log an entry or re-entry (the log checks it: a refusal changes
        nothing) and seat it at a shortest table, or a new one (5.19.3)."""
        self._log(Entered(self.now, player, kind, chips))
        tables = set(self.floor.counts())
        reason = MoveReason.LATE_ENTRY if kind is EntryKind.ENTRY else MoveReason.RE_ENTRY
        move = self.floor.enter(player, reason)
        self._log_moves([move])
        if move.target.table not in tables:
            self._schedule(move.target.table, self.now)

    # ----- places and the bubble (T-12)

    def _place(self, busted: Sequence[tuple[str, int]]) -> None:
        """T-12: place players busted together by their stacks at the start of their hands."""
        if not busted:
            return
        places = busts_in_hand(busted, players_left=self.tournament.players_left)
        for player, place, tied_from, tied in sorted(places, key=lambda row: -row[1]):
            hand, level = self._bust_info.pop(player)
            self._log(BustOut(self.now, player, place, hand, level, tied_from, tied))
        self._check_bubble()

    def player_removed(self) -> None:
        """A player left play between hands (disqualified, T-12): one player fewer for the
        bubble, as a bust-out; a hand-for-hand round still being dealt checks when it ends."""
        if not self._bubble.in_round:
            self._check_bubble()

    def _check_bubble(self) -> None:
        """Call hand-for-hand when the next bust is the last unpaid place; end it when the
        bubble bursts."""
        bubble, left = self._bubble, self.tournament.players_left
        if bubble.active:
            if bubble.over(players_left=left, places_paid=self._tally.places_paid()):
                self._log(HandForHandEnded(self.now, left))
                bubble.stop()
                self._wake(bubble.waiting)
            return
        tournament = self.tournament
        if not entries_closed(self._regulation, tournament.level, late_ended=tournament.late_ended):
            return
        paid = self._tally.places_paid()
        tables = len(self.floor.counts())
        if bubble.due(players_left=left, places_paid=paid, closed=True, tables=tables):
            bubble.start()
            self._log(HandForHandStarted(self.now, left, paid))

    def _start_round(self) -> None:
        """Hand-for-hand: once every table is ready, each deals one hand, together."""
        bubble = self._bubble
        if bubble.in_round or self._playing or not bubble.waiting:
            return
        tables = self.floor.counts()
        if any(table in self._pending for table in tables):
            return
        ready = sorted(table for table in bubble.waiting if table in tables)
        bubble.waiting.clear()
        self._round_dealing = True
        for table in ready:
            self._start(table)
        self._round_dealing = False
        if self._playing:
            bubble.open_round(self.now)

    def _standing(self) -> Standing:
        tournament = self.tournament
        left = tournament.players_left
        return Standing(
            left,
            self._tally.places_paid(),
            tournament.chips_accounted // max(1, left),
            self._bubble.active,
        )

    # ----- re-buys, add-ons and colour-ups (T-11, T-13)

    @property
    def _rebuy_chips(self) -> int:
        terms = self._regulation.rebuy
        assert terms is not None
        return terms.chips

    def _rebuys(self, done: _Playing) -> list[str]:
        """T-11: the players of the hand just played who re-buy now (the bots always do)."""
        if self._regulation.rebuy is None:
            return []
        records, level = self.tournament.players, self.tournament.level
        return [
            player
            for player, after in zip(done.players, done.after, strict=True)
            if may_rebuy(self._regulation, records[player], after, level)
        ]

    def _open_break(self, pause: Break) -> None:
        """A break with an add-on or a colour-up serves every table not playing a hand now,
        the others when their hands end."""
        if not serves(self.tournament, pause):
            return
        self._break = pause
        self._unserved = set(self.floor.counts())
        for table in sorted(self._unserved - set(self._playing)):
            self._serve(table)

    def _serve(self, table: int) -> None:
        self._unserved.discard(table)
        assert self._break is not None
        for event in serve_table(
            self.tournament, self.floor, table, self._break, self._rng, self.now
        ):
            self._log(event)

    def _options_at(self, level: int) -> Options:
        """P-3, T-13: the engine options with the smallest chip in play during ``level``;
        T-18: bets go in whole chips of it."""
        options = self._level_options.get(level)
        if options is None:
            chip = self._regulation.smallest_chip(level)
            options = dataclasses.replace(self._options, smallest_chip=chip, bet_unit=chip)
            self._level_options[level] = options
        return options
