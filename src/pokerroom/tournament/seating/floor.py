"""The tournament floor: many tables playing at once, balanced, broken and merged (T-4 … T-8).

Tables deal asynchronously. The director decides at one moment only: when a table is about
to start a hand (:meth:`Floor.start_hand`). He then makes every balance move the moment
allows (T-6), breaks that table if its players fit elsewhere (T-7), stops it for the final
table (T-8), or hands it the markers of its next hand by the table layer's dead-button rule
(H-5 … H-8). Which players are "in a hand" comes from the other tables: a table deals
(``start_hand``), players fold out of it (:meth:`Floor.fold`), and it ends
(:meth:`Floor.end_hand`), which removes the players who busted.

Decisions, where the seed is silent, written down (README "Tournaments"):

- The big-blind history (H-12) is the player's, not the seat's: the floor keeps, for each
  player, whether he posted the big blind in the last hand he was dealt, wherever. A player
  joining a table (drawn after a break, a late entry, a move into a table that has not dealt
  yet) is never drawn into a seat due the big blind if he posted it in his last hand, unless
  no other seat is free; in that case, and at a fresh table, the big blind passes him once
  (*carried big blind*: every marker moves on one seat, so he posts the small blind and the
  next player the big blind). Only when every player at a table posted the big blind in his
  last hand (two such players heads-up) does one of them post it again: nobody else can.
- Balancing (T-6) takes the player due the big blind at the fullest table (the starting
  table first among equals, then the lowest-numbered) to the shortest (the starting table
  first, then the lowest-numbered), into the free seat due the big blind there, else the
  free seat that reaches it soonest; among equal seats the first clockwise after the last
  big blind. If he is in a hand and the tables differ by more than two, the next player
  clockwise not in a hand goes instead, to the free seat that reaches the big blind soonest
  but not sooner than his own seat would ("no worse", 002 3.1). If nobody there can move and
  the starting table is itself over the tolerance, its own player due the big blind goes.
  Otherwise the move waits for that table's next hand (``HandStart.deferred``). In the first
  level the tolerance is ``first_level_tolerance`` (3 by default), later ``tolerance`` (1,
  or 2 by the director's option). After the first level no table deals while two tables
  differ by more than two (002 3.1): a table more than two players short of another waits
  for a player (``Hold.SHORT``), any other for the fullest table to give one at its next
  hand start (``Hold.UNBALANCED``).
- Breaking (T-7): as soon as the players fit on one table fewer, the highest-numbered table
  breaks when it next comes to start a hand; until then it takes no players. Its players are
  drawn one by one (in random order, a player who just posted the big blind last) to a random
  free seat of a shortest table; 6.4.10 lets them be dealt in anywhere, button included.
- Final table (T-8): when the players left are at most the final-table size, every table
  stops at its next hand start; when none is still playing a hand, all break and a fresh
  draw seats table 1 with ``final_table_size`` seats. A field that fits the final table at
  the draw starts as the final table.
- The first button at a table that has not dealt (the draw, a new table, the final table)
  goes by the profile (H-4): on its highest-numbered occupied seat (``club``, 002 5.3.1),
  at random (``home``) or to the high card (``sport``), drawn when the table deals.
- A late entry or re-entry (T-19, 5.19.3) gets a random free seat at a shortest table, or a
  new table when every seat is taken. A re-buy is not a seating event: the player keeps his
  seat, so the caller simply does not report him busted.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum

from pokerroom.errors import UsageError
from pokerroom.table.seating import (
    MAX_SEATS,
    Blinds,
    check_table_size,
    draw_first_button,
    first_blinds,
    next_blinds,
    next_seated,
)
from pokerroom.tournament.seating.draw import check_players, draw_seats
from pokerroom.tournament.seating.moves import Move, MoveReason, Seat

FIRST_BUTTONS = ("home", "club", "sport")
"""The profiles' ways to place a table's first button (H-4)."""


@dataclass(frozen=True, slots=True)
class FloorRules:
    """What the regulation fixes for seating (T-3): table sizes and the balance tolerances."""

    table_size: int = MAX_SEATS
    final_table_size: int | None = None
    """T-8: None means the table size; ignored when ``balancing`` is off."""
    tolerance: int = 1
    """T-6: the largest difference in table counts at a hand start; 2 by the director's option."""
    first_level_tolerance: int = 3
    """T-6, interpretation: the difference tolerated during the first level."""
    balancing: bool = True
    """Off for an Olympic stage (T-9): every table plays down to one winner on its own."""
    first_button: str = "club"
    """H-4, by the regulation's profile: where a table's first button goes (``home`` at
    random, ``club`` the last occupied seat, ``sport`` the high card)."""

    def __post_init__(self) -> None:
        check_table_size(self.table_size)
        final = self.final_table_size
        if final is not None and not 2 <= final <= MAX_SEATS:
            raise UsageError(f"the final table seats 2 to {MAX_SEATS} players, got {final}")
        if self.first_button not in FIRST_BUTTONS:
            raise UsageError(
                f"the first button goes by profile {', '.join(FIRST_BUTTONS)}, "
                f"got {self.first_button!r}"
            )
        if self.tolerance not in (1, 2):
            raise UsageError(f"the balance tolerance is 1 or 2 players, got {self.tolerance}")
        if self.first_level_tolerance < self.tolerance:
            raise UsageError(
                f"the first level tolerates at least the usual difference ({self.tolerance}), "
                f"got {self.first_level_tolerance}"
            )

    @property
    def final_size(self) -> int | None:
        """The final table's seats, or None when no final table is drawn."""
        if not self.balancing:
            return None
        return self.final_table_size or self.table_size


class Hold(Enum):
    """Why a table that came to start a hand does not deal it."""

    BROKEN = "broken"
    """T-7, T-8: the table is gone; its players have moved."""
    FINAL_TABLE = "final table"
    """T-8: play stops here until the other tables finish their hands."""
    SHORT = "short"
    """Fewer than two players, or (after level 1) more than two fewer than another table."""
    UNBALANCED = "unbalanced"
    """T-6 (after level 1): two tables differ by more than two; the fuller is in a hand."""


@dataclass(frozen=True, slots=True)
class HandStart:
    """The director's decision when a table comes to start a hand."""

    table: int
    moves: tuple[Move, ...]
    """Every seat change decided at this moment, in order."""
    blinds: Blinds | None = None
    """The markers of the hand to deal; None when the table does not deal (``hold``)."""
    players: tuple[tuple[int, str], ...] = ()
    """(seat, player) dealt in, by seat number."""
    hold: Hold | None = None
    deferred: bool = False
    """T-6: a balance move waits because the player due to move is in a hand."""

    @property
    def big_blind(self) -> str | None:
        """The player who posts the big blind in the hand dealt."""
        if self.blinds is None:
            return None
        return dict(self.players)[self.blinds.big_blind]


@dataclass(frozen=True, slots=True)
class TableView:
    """One table as the director sees it between decisions."""

    number: int
    size: int
    seats: tuple[tuple[int, str], ...]
    blinds: Blinds | None
    """The markers of the last hand dealt here (None before its first hand)."""
    playing: bool


@dataclass
class _Table:
    number: int
    size: int
    seats: dict[int, str] = field(default_factory=dict)
    blinds: Blinds | None = None
    playing: bool = False
    in_hand: set[str] = field(default_factory=set)


def _clockwise(after: int, size: int) -> list[int]:
    """Every seat of a table, clockwise from the one after ``after`` (ending on ``after``)."""
    return [(after - 1 + step) % size + 1 for step in range(1, size + 1)]


class Floor:
    """Who sits where, table by table; every change is a :class:`Move` in :attr:`moves`."""

    def __init__(self, rules: FloorRules, rng: random.Random) -> None:
        self.rules = rules
        self._rng = rng
        self._tables: dict[int, _Table] = {}
        self._where: dict[str, Seat] = {}
        self._by_count: dict[int, set[int]] = {}
        self.posted_big_blind: dict[str, bool] = {}
        """H-12: per player, whether his last hand dealt (at any table) was a big blind."""
        self.moves: list[Move] = []
        self.final_formed = False
        self._capacity = 0
        """Seats at all tables in play."""
        self._highest = 0
        """The highest table number in play, kept for T-7 (refreshed when it breaks)."""

    @classmethod
    def draw(cls, players: Sequence[str], rules: FloorRules, rng: random.Random) -> Floor:
        """T-4: the starting draw; a field that fits the final table starts there (T-8)."""
        if len(players) < 2:
            raise UsageError(f"a tournament needs at least 2 players, got {len(players)}")
        floor = cls(rules, rng)
        final = rules.final_size
        floor.final_formed = final is not None and len(players) <= final
        size = final if final is not None and floor.final_formed else rules.table_size
        for player, seat in draw_seats(players, size, rng).items():
            floor._table(seat.table, size)
            floor._place(player, seat, None, MoveReason.DRAW)
        return floor

    @classmethod
    def from_layout(
        cls,
        layout: Mapping[int, Mapping[int, str]],
        rules: FloorRules,
        rng: random.Random,
        blinds: Mapping[int, Blinds] | None = None,
        posted_big_blind: Iterable[str] = (),
        *,
        final_formed: bool | None = None,
    ) -> Floor:
        """A floor seated as the director says (table -> seat -> player), with the markers of
        each table's last hand (``blinds``) and the players whose last hand was a big blind;
        used to resume a floor or to set up a case. ``final_formed``: whether its one table
        is the final table drawn (T-8), with the final table's seats; None: one table that
        fits the final table is it."""
        floor = cls(rules, rng)
        check_players([player for seats in layout.values() for player in seats.values()])
        final = rules.final_size
        size = final if final_formed and final is not None else rules.table_size
        for number, seats in sorted(layout.items()):
            if number < 1:
                raise UsageError(f"tables are numbered from 1, got {number}")
            table = floor._table(number, size)
            table.blinds = (blinds or {}).get(number)
            for seat, player in sorted(seats.items()):
                if not 1 <= seat <= table.size:
                    raise UsageError(f"table {number} has seats 1 to {table.size}, got {seat}")
                floor._place(player, Seat(number, seat), None, MoveReason.DRAW)
        for player in posted_big_blind:
            floor.seat_of(player)
            floor.posted_big_blind[player] = True
        fits = final is not None and len(layout) == 1 and floor.players_left <= final
        floor.final_formed = fits if final_formed is None else fits and final_formed
        return floor

    # ----- what the director sees

    @property
    def players_left(self) -> int:
        return len(self._where)

    def seat_of(self, player: str) -> Seat:
        if player not in self._where:
            raise UsageError(f"player {player!r} has no seat in this tournament")
        return self._where[player]

    def tables(self) -> tuple[TableView, ...]:
        """Every table in play, by number."""
        return tuple(self.table(number) for number in sorted(self._tables))

    def counts(self) -> dict[int, int]:
        """Players at each table in play (cheaper than :meth:`tables`)."""
        return {number: len(t.seats) for number, t in self._tables.items()}

    def has_table(self, number: int) -> bool:
        return number in self._tables

    def table(self, number: int) -> TableView:
        t = self._get(number)
        return TableView(t.number, t.size, tuple(sorted(t.seats.items())), t.blinds, t.playing)

    @property
    def breaking(self) -> int | None:
        """T-7: the table that breaks at its next hand start, if the others can seat its players."""
        return self._breaking_with(0)

    def _breaking_with(self, arriving: int) -> int | None:
        """The breaking table once ``arriving`` players more are seated (T-19: an entrant
        counts before he sits, or a short table looks broken and is passed over)."""
        tables = len(self._tables)
        if not self.rules.balancing or tables < 2:
            return None
        if self._highest not in self._tables:
            self._highest = max(self._tables)
        if self.players_left + arriving > self._capacity - self._tables[self._highest].size:
            return None
        return self._highest

    @property
    def final_table_due(self) -> bool:
        """T-8: the players left fit the final table, which has not been drawn yet."""
        final = self.rules.final_size
        return final is not None and not self.final_formed and self.players_left <= final

    # ----- what the tables report

    def start_hand(self, table: int, *, level: int) -> HandStart:
        """The decision when ``table`` comes to start a hand during ``level`` (1 for the first)."""
        current = self._get(table)
        if current.playing:
            raise UsageError(f"table {table} is still playing a hand; end it first")
        if level < 1:
            raise UsageError(f"levels are numbered from 1, got {level}")
        mark = len(self.moves)
        if self.final_table_due:
            if any(t.playing for t in self._tables.values()):
                return HandStart(table, (), hold=Hold.FINAL_TABLE)
            self._draw_final_table()
            return HandStart(table, tuple(self.moves[mark:]), hold=Hold.BROKEN)
        if self.breaking == table:
            self._break(current)
            return HandStart(table, tuple(self.moves[mark:]), hold=Hold.BROKEN)
        deferred = self._balance(current, level) if self.rules.balancing else False
        moves = tuple(self.moves[mark:])
        behind = self._fullest() - len(current.seats) if self.rules.balancing else 0
        if len(current.seats) < 2 or (level > 1 and behind > 2):
            return HandStart(table, moves, hold=Hold.SHORT, deferred=deferred)
        if level > 1 and self.rules.balancing and self._spread() > 2:
            # T-6, 002 3.1: no hand starts while tables differ by more than two; the fullest
            # table is in a hand and gives its player (or breaks) when it comes to deal.
            return HandStart(table, moves, hold=Hold.UNBALANCED, deferred=deferred)
        return self._deal(current, moves, deferred)

    def fold(self, player: str) -> None:
        """The player is out of the hand being played at his table (he may now be moved)."""
        self._get(self.seat_of(player).table).in_hand.discard(player)

    def end_hand(self, table: int, busted: Iterable[str] = ()) -> None:
        """The hand at ``table`` is over; ``busted`` players have no chips left (T-5)."""
        current = self._get(table)
        if not current.playing:
            raise UsageError(f"table {table} is not playing a hand")
        out = list(busted)
        if len(set(out)) != len(out):
            raise UsageError("a busted player is named twice; name each one once")
        for player in out:
            if self._where.get(player, Seat(0, 0)).table != table:
                raise UsageError(f"player {player!r} is not seated at table {table}")
        current.playing = False
        current.in_hand.clear()
        for player in out:
            self.remove(player)

    def remove(self, player: str) -> None:
        """The player leaves the tournament (busted or disqualified, T-12)."""
        self._take(self.seat_of(player))
        del self._where[player]

    def enter(self, player: str, reason: MoveReason = MoveReason.LATE_ENTRY) -> Move:
        """T-19, 5.19.3: a late entry or re-entry takes a seat where balance needs him."""
        if reason not in (MoveReason.LATE_ENTRY, MoveReason.RE_ENTRY):
            raise UsageError(f"an entry is a late entry or a re-entry, not a {reason.value}")
        check_players([player])
        if player in self._where:
            raise UsageError(f"player {player!r} is already seated at {self._where[player]}")
        if self.players_left < self._capacity:
            tables = self._shortest_tables(arriving=1)  # T-19: he counts among the players
            return self._place(player, self._random_seat(player, tables), None, reason)
        new = self._table(max(self._tables, default=0) + 1, self.rules.table_size)  # 6.4.10
        self.final_formed = False
        return self._place(
            player, Seat(new.number, self._rng.choice(self._free(new))), None, reason
        )

    # ----- the director's hand (T-16, within T-6 and T-7)

    def move_by_hand(self, player: str, table: int, seat: int | None, *, level: int) -> Move:
        """T-16: the director moves ``player`` (not in a hand) to :meth:`hand_move_seat`."""
        here = self._get(self.seat_of(player).table)
        if player in here.in_hand:
            raise UsageError(f"{player} is in a hand at table {here.number}; move him after it")
        target = self.hand_move_seat(player, table, seat, level=level)
        self._move(player, target, MoveReason.DIRECTOR)
        return self.moves[-1]

    def hand_move_seat(self, player: str, table: int, seat: int | None, *, level: int) -> Seat:
        """Where a hand move of ``player`` to ``table`` goes — ``seat``, else the free seat a
        balance move takes (T-6) — if the tables stay within the floor's tolerance for
        ``level`` or come closer to it; one line naming what is allowed if not."""
        here, there = self._get(self.seat_of(player).table), self._get(table)
        if there is here:
            raise UsageError(f"{player} sits at table {table} already; name another table")
        if self.breaking == table:
            raise UsageError(f"table {table} breaks at its next hand; it takes no players (T-7)")
        self._check_balance_after(here, there, level)
        if seat is None:
            target = self._balance_seat(there, 0)
            if target is None:
                raise UsageError(f"table {table} has no free seat")
            return target
        if not 1 <= seat <= there.size or seat in there.seats:
            free = ", ".join(map(str, self._free(there))) or "none"
            raise UsageError(f"seat {seat} of table {table} is not free; free seats: {free}")
        return Seat(table, seat)

    def break_by_hand(self, table: int) -> tuple[Move, ...]:
        """T-16, T-7: the director breaks ``table`` (between its hands) when its players fit
        in the free seats of the others; they are seated as a broken table's are."""
        broken = self._get(table)
        if broken.playing:
            raise UsageError(f"table {table} is playing a hand; break it after the hand")
        free = self._capacity - broken.size - (self.players_left - len(broken.seats))
        if len(self._tables) < 2 or free < len(broken.seats):
            raise UsageError(
                f"the other tables have {max(free, 0)} free seats for table {table}'s "
                f"{len(broken.seats)} players; a table breaks when its players fit elsewhere (T-7)"
            )
        mark = len(self.moves)
        self._break(broken)
        return tuple(self.moves[mark:])

    def _check_balance_after(self, here: _Table, there: _Table, level: int) -> None:
        """T-6: a hand move leaves the counts within tolerance, or closer to it than before."""
        tolerance = self.rules.first_level_tolerance if level == 1 else self.rules.tolerance
        counts = self.counts()
        before = max(counts.values()) - min(counts.values())
        counts[here.number] -= 1
        counts[there.number] += 1
        kept = [count for number, count in counts.items() if count or number == there.number]
        after = max(kept) - min(kept)
        if after > tolerance and after >= before:
            raise UsageError(
                f"that leaves tables of {min(kept)} to {max(kept)} players; the floor allows a "
                f"difference of {tolerance} now (T-6): move a player from a fuller table to a "
                "shorter one"
            )

    # ----- balancing (T-6)

    def _balance(self, starting: _Table, level: int) -> bool:
        """Move players until the counts are within tolerance; True when a move had to wait."""
        tolerance = self.rules.first_level_tolerance if level == 1 else self.rules.tolerance
        for _ in range(self.players_left):
            full, short = self._fullest(), self._shortest()
            if full - short <= tolerance:
                return False
            target = self._first(starting, self._by_count[short])
            sources = [self._tables[n] for n in self._ordered(starting, self._by_count[full])]
            if self._move_for_balance(sources, target, allow_next=full - short > 2):
                continue
            if len(starting.seats) - short <= tolerance or starting is target:
                return True
            self._move_for_balance([starting], target, allow_next=False)  # it is between hands
        return False

    def _move_for_balance(self, sources: list[_Table], target: _Table, allow_next: bool) -> bool:
        for source in sources:
            order = self._big_blind_order(source)
            seat = self._balance_seat(target, 0)
            if order[0] not in source.in_hand and seat is not None:
                self._move(order[0], seat, MoveReason.BALANCE)
                return True
        if not allow_next:
            return False
        for source in sources:  # 002 3.1: the next player clockwise who is not in a hand
            for wait, player in enumerate(self._big_blind_order(source)[1:], start=1):
                if player in source.in_hand:
                    continue
                seat = self._balance_seat(target, wait)
                if seat is not None:
                    self._move(player, seat, MoveReason.BALANCE)
                    return True
        return False

    def _balance_seat(self, target: _Table, at_least: int) -> Seat | None:
        """The free seat reaching the big blind soonest, but not before ``at_least`` hands."""
        if target.blinds is None:  # a table that has not dealt: any seat (6.4.10)
            free = self._free(target)
            return Seat(target.number, self._rng.choice(free)) if free else None
        for wait, seat in self._waits(target):
            if wait >= at_least:
                return Seat(target.number, seat)
        return None

    def _waits(self, table: _Table) -> list[tuple[int, int]]:
        """(hands until its big blind, seat) per free seat, clockwise from the last big blind."""
        assert table.blinds is not None
        passed, waits = 0, []
        for seat in _clockwise(table.blinds.big_blind, table.size):
            if seat in table.seats:
                passed += 1
            else:
                waits.append((passed, seat))
        return waits

    def _big_blind_order(self, table: _Table) -> list[str]:
        """The table's players in the order they will post the big blind, the next one first."""
        start = self._markers(table).big_blind
        return [table.seats[s] for s in _clockwise(start - 1, table.size) if s in table.seats]

    # ----- counts by table, excluding the table about to break

    def _recount(self, table: _Table, change: int) -> None:
        before = len(table.seats)
        self._by_count[before].discard(table.number)
        self._by_count.setdefault(before + change, set()).add(table.number)

    def _counts(self) -> list[int]:
        breaking = self.breaking
        return [c for c, t in self._by_count.items() if len(t) > 1 or (t and breaking not in t)]

    def _spread(self) -> int:
        """The difference in players between the fullest and the shortest table in play,
        the one about to break included: it still deals until it breaks."""
        counts = [count for count, tables in self._by_count.items() if tables]
        return max(counts) - min(counts)

    def _fullest(self) -> int:
        return max(self._counts())

    def _shortest(self) -> int:
        return min(self._counts())

    def _shortest_tables(self, *, but: int | None = None, arriving: int = 0) -> list[_Table]:
        """The tables with the fewest players and a free seat (not the one about to break
        once ``arriving`` players more sit down, nor ``but``: the one breaking now)."""
        breaking = self._breaking_with(arriving)
        for count in sorted(c for c, tables in self._by_count.items() if tables):
            found = [self._tables[n] for n in self._by_count[count] if n not in (breaking, but)]
            found = [t for t in found if len(t.seats) < t.size]
            if found:
                return sorted(found, key=lambda t: t.number)
        raise UsageError("every seat is taken")

    def _ordered(self, first: _Table, numbers: set[int]) -> list[int]:
        rest = sorted(numbers - {first.number, self.breaking})
        return [first.number, *rest] if first.number in numbers else rest

    def _first(self, first: _Table, numbers: set[int]) -> _Table:
        return self._tables[self._ordered(first, numbers)[0]]

    # ----- breaking (T-7) and the final table (T-8)

    def _break(self, table: _Table) -> None:
        players = list(table.seats.values())
        self._rng.shuffle(players)
        players.sort(key=lambda p: self.posted_big_blind.get(p, False))  # H-12: the last BB last
        for player in players:
            seat = self._random_seat(player, self._shortest_tables(but=table.number))
            self._move(player, seat, MoveReason.BREAK)

    def _draw_final_table(self) -> None:
        final = self.rules.final_size
        assert final is not None
        old = dict(self._where)
        self._tables.clear()
        self._capacity = 0
        self._by_count.clear()
        self._highest = 0
        self._where.clear()
        self._table(1, final)
        for player, seat in draw_seats(list(old), final, self._rng).items():
            self._place(player, seat, old[player], MoveReason.FINAL_TABLE)
        self.final_formed = True

    # ----- seats

    def _random_seat(self, player: str, tables: list[_Table]) -> Seat:
        """A random free seat of ``tables`` (equally full, so a random table, then a seat);
        H-12: not a seat due the big blind if he posted it in his last hand, while any other
        seat is free."""
        order = self._rng.sample(tables, len(tables))
        if self.posted_big_blind.get(player, False):
            for table in order:
                safe = [s for s in self._free(table) if not self._next_big_blind(table, s, player)]
                if safe:
                    return Seat(table.number, self._rng.choice(safe))
        return Seat(order[0].number, self._rng.choice(self._free(order[0])))

    def _next_big_blind(self, table: _Table, seat: int, player: str) -> bool:
        """Whether ``player``, sitting down in the free ``seat``, would post the next big blind."""
        table.seats[seat] = player
        due = self._markers(table).big_blind == seat
        del table.seats[seat]
        return due

    @staticmethod
    def _free(table: _Table) -> list[int]:
        return [s for s in range(1, table.size + 1) if s not in table.seats]

    def _move(self, player: str, target: Seat, reason: MoveReason) -> None:
        source = self._where[player]
        self._place(player, target, source, reason)
        self._take(source)

    def _take(self, seat: Seat) -> None:
        """Empty a seat; a table left empty between hands is gone (T-7)."""
        table = self._tables[seat.table]
        self._recount(table, -1)
        table.in_hand.discard(table.seats.pop(seat.seat))
        if not table.seats and not table.playing and len(self._tables) > 1:
            self._by_count[0].discard(table.number)
            del self._tables[table.number]
            self._capacity -= table.size

    def _place(self, player: str, target: Seat, source: Seat | None, reason: MoveReason) -> Move:
        table = self._tables[target.table]
        assert target.seat not in table.seats
        self._recount(table, +1)
        table.seats[target.seat] = player
        self._where[player] = target
        move = Move(player, source, target, reason)
        self.moves.append(move)
        return move

    def _table(self, number: int, size: int) -> _Table:
        if number not in self._tables:
            self._tables[number] = _Table(number, size)
            self._capacity += size
            self._highest = max(self._highest, number)
            self._by_count.setdefault(0, set()).add(number)
        return self._tables[number]

    def _get(self, number: int) -> _Table:
        if number not in self._tables:
            tables = ", ".join(str(n) for n in sorted(self._tables))
            raise UsageError(f"there is no table {number}; the tables in play are {tables}")
        return self._tables[number]

    # ----- dealing (H-5 … H-8, H-12)

    def _markers(self, table: _Table, *, dealing: bool = False) -> Blinds:
        """The next hand's markers: the dead-button rule, then the carried big blind (H-12).

        H-4: a table's first button is placed by the profile when it deals (``dealing``);
        until then seat choices reckon with the last occupied seat.

        If the big blind falls on a player who posted it in his last hand (one who just sat
        down), every marker moves on one seat, as if he had posted it here: he posts the small
        blind, the next player the big blind. Nobody is passed over who owes the big blind.
        """
        seated = sorted(table.seats)
        if table.blinds is None:
            button = max(seated)
            if dealing:
                button = draw_first_button(self.rules.first_button, seated, self._rng)
            marks = first_blinds(seated, button, table.size)
        else:
            marks = next_blinds(table.blinds, seated, table.size)
        moved = marks
        for _ in seated:
            if not self.posted_big_blind.get(table.seats[moved.big_blind], False):
                return moved
            big = next_seated(moved.big_blind, seated, table.size)
            if len(seated) == 2:  # H-7: the button posts the small blind
                moved = Blinds(moved.big_blind, moved.big_blind, big)
            else:
                moved = Blinds(moved.small_blind, moved.big_blind, big)
        return marks

    def _deal(self, table: _Table, moves: tuple[Move, ...], deferred: bool) -> HandStart:
        marks = self._markers(table, dealing=True)
        table.blinds = marks
        table.playing = True
        table.in_hand = set(table.seats.values())
        for seat, player in table.seats.items():
            self.posted_big_blind[player] = seat == marks.big_blind
        return HandStart(
            table.number, moves, marks, tuple(sorted(table.seats.items())), deferred=deferred
        )
