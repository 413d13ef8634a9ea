"""A bust-out simulation of a multi-table floor, checking the seating rules at every step.

Tables take turns at random: one starts a hand (and some of its players fold at once), or
one ends its hand and some of the players still in it bust. Late entries and re-entries
come during the first levels. Every check is an ``assert`` with the rule it enforces:

- every player alive has exactly one seat, and every seat one player (T-4);
- at every hand start after level 1, no two tables differ by more than two (002 3.1), and
  the starting table differs from every other table by at most the tolerance — two when a
  move had to wait because the player was in a hand (T-6);
- nobody posts the big blind in two hands in a row, wherever he plays them, and the big
  blind never passes over a player dealt in, except one who posted the big blind in his
  previous hand (the carried big blind, H-6, H-12);
- a late entry or re-entry sits at a shortest table with a free seat, counted among the
  players (T-19);
- a table breaks only when the others can seat its players, and the table due to break
  never deals (T-7);
- no hand is dealt once the players left fit the final table until it is drawn, and the
  final table seats everyone left (T-8).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from pokerroom.table.seating import Blinds
from pokerroom.tournament.seating.floor import Floor, FloorRules, HandStart, Hold
from pokerroom.tournament.seating.moves import MoveReason


@dataclass
class Report:
    hands: int = 0
    breaks: int = 0
    balance_moves: int = 0
    entries: int = 0
    carried: int = 0
    unavoidable: int = 0
    final_formed_at: int | None = None
    final_due_seen: bool = False
    reasons: set[MoveReason] = field(default_factory=set)


def _between(after: int, until: int, size: int) -> list[int]:
    """Seats strictly clockwise after ``after`` and before ``until``."""
    seats = []
    seat = after % size + 1
    while seat != until:
        seats.append(seat)
        seat = seat % size + 1
    return seats


def simulate(field_size: int, rules: FloorRules, seed: int, first_level_hands: int = 30) -> Report:
    rng = random.Random(seed)
    players = [f"p{n}" for n in range(field_size)]
    floor = Floor.draw(players, rules, random.Random(seed + 1))
    alive = set(players)
    busted: list[str] = []
    report = Report()
    playing: dict[int, tuple[HandStart, set[str]]] = {}
    last: dict[int, Blinds] = {}
    bb_history: dict[str, list[bool]] = {}
    held: set[int] = set()
    tables = set(floor.counts())
    for _ in range(100 * field_size + 2000):
        if floor.players_left <= 1:
            break
        level = 1 if report.hands < first_level_hands else 2 + report.hands // 200
        if level == 1 and rng.random() < 0.05:
            _enter(floor, rng, busted, alive, report)
            tables = set(floor.counts())
        idle = sorted(tables - held - set(playing))
        if playing and (not idle or rng.random() < 0.5):
            _end(floor, rng, rng.choice(sorted(playing)), playing, alive, busted)
            held.clear()
            continue
        dealt = False
        for number in [*rng.sample(idle, len(idle)), 1]:  # 1: perhaps the new final table
            if number in playing or number in held or not floor.has_table(number):
                continue  # broken, or redrawn as the final table, by an earlier start
            start = _start(floor, number, level, rules, report, last)
            if start.hold is Hold.BROKEN:
                tables = set(floor.counts())
            if start.hold in (Hold.SHORT, Hold.UNBALANCED, Hold.FINAL_TABLE):
                held.add(number)  # until another table's hand ends
            if start.blinds is not None:
                _check_deal(floor, start, level, rules, report, last, bb_history)
                folded = {p for _seat, p in start.players[1:] if rng.random() < 0.4}
                for player in folded:
                    floor.fold(player)
                playing[number] = (start, folded)
                dealt = True
                break
        if not dealt and not playing:
            assert held, "no table can deal and none is playing: the floor is stuck"
            held.clear()  # the floor changed: every table comes to its hand start again
        if report.hands % max(1, field_size // 40) == 0:
            _check_seats(floor, alive)
    assert floor.players_left == 1, "the simulation ran out of steps"
    _check_seats(floor, alive)
    if report.final_due_seen:
        assert report.final_formed_at is not None
    return report


def _enter(
    floor: Floor, rng: random.Random, busted: list[str], alive: set[str], report: Report
) -> None:
    if busted and rng.random() < 0.5:
        player = busted.pop(rng.randrange(len(busted)))
        reason = MoveReason.RE_ENTRY
    else:
        player = f"late{report.entries}"
        reason = MoveReason.LATE_ENTRY
    move = floor.enter(player, reason)
    assert move.source is None and move.reason is reason
    counts, there = floor.counts(), move.target.table  # T-19: at a shortest table
    others = [
        count
        for number, count in counts.items()
        if number not in (there, floor.breaking) and count < floor.table(number).size
    ]
    assert not others or counts[there] - 1 <= min(others), (move, counts)
    alive.add(player)
    report.entries += 1


def _start(
    floor: Floor,
    number: int,
    level: int,
    rules: FloorRules,
    report: Report,
    last: dict[int, Blinds],
) -> HandStart:
    breaking = floor.breaking
    left = floor.players_left
    final_due = floor.final_table_due
    start = floor.start_hand(number, level=level)
    report.reasons.update(move.reason for move in start.moves)
    if final_due:  # T-8
        report.final_due_seen = True
        assert start.blinds is None and start.hold in (Hold.FINAL_TABLE, Hold.BROKEN)
        if start.hold is Hold.BROKEN:
            assert [t.size for t in floor.tables()] == [rules.final_size]
            assert len(start.moves) == left
            assert {m.reason for m in start.moves} == {MoveReason.FINAL_TABLE}
            report.final_formed_at = left
            last.clear()
    elif breaking == number:  # T-7
        assert start.hold is Hold.BROKEN
        assert left <= sum(t.size for t in floor.tables())  # one table fewer now (a final
        # table drawn at the start may be larger than the tables late entries opened)
        assert number not in {t.number for t in floor.tables()}
        assert {m.reason for m in start.moves} <= {MoveReason.BREAK}
        report.breaks += 1
        last.pop(number, None)  # a table opened later under this number starts afresh
    else:
        assert start.hold is not Hold.BROKEN
        report.balance_moves += sum(m.reason is MoveReason.BALANCE for m in start.moves)
    return start


def _check_deal(
    floor: Floor,
    start: HandStart,
    level: int,
    rules: FloorRules,
    report: Report,
    last: dict[int, Blinds],
    bb_history: dict[str, list[bool]],
) -> None:
    report.hands += 1
    assert not floor.final_table_due
    assert start.table != floor.breaking
    size = floor.table(start.table).size
    mine = len(start.players)
    if level > 1 and rules.balancing:  # T-6
        every = floor.counts().values()  # 002 3.1: no two tables differ by three at a deal
        assert max(every) - min(every) <= 2, (floor.counts(), start)
        breaking = floor.breaking
        others = [c for n, c in floor.counts().items() if n not in (start.table, breaking)]
        if others:
            allowed = 2 if start.deferred else rules.tolerance
            assert max(others) - mine <= allowed, (others, mine, start)
            assert mine - min(others) <= rules.tolerance, (others, mine, start)
    assert start.blinds is not None
    seat_of = dict(start.players)
    big = seat_of[start.blinds.big_blind]
    for _seat, player in start.players:
        bb_history.setdefault(player, []).append(player == big)
    if bb_history[big][-2:] == [True, True]:  # H-12, unless everyone here posted it last hand
        histories = [bb_history[who] for _seat, who in start.players if who != big]
        assert all(len(h) >= 2 and h[-2] for h in histories), f"{big} posts the big blind twice"
        report.unavoidable += 1
    previous = last.get(start.table)
    if previous is not None:  # H-6: the big blind passes over nobody who owes it
        for seat in _between(previous.big_blind, start.blinds.big_blind, size):
            if seat in seat_of:
                passed = bb_history[seat_of[seat]]
                assert len(passed) >= 2 and passed[-2], f"seat {seat} skips the big blind"
                report.carried += 1
    last[start.table] = start.blinds


def _end(
    floor: Floor,
    rng: random.Random,
    number: int,
    playing: dict[int, tuple[HandStart, set[str]]],
    alive: set[str],
    busted: list[str],
) -> None:
    start, folded = playing.pop(number)
    contenders = [player for _seat, player in start.players if player not in folded]
    out: list[str] = []
    if len(contenders) > 1 and rng.random() < 0.3:
        out = rng.sample(contenders, min(len(contenders) - 1, rng.choice((1, 1, 1, 1, 2, 3))))
    floor.end_hand(number, out)
    alive.difference_update(out)
    busted.extend(out)


def _check_seats(floor: Floor, alive: set[str]) -> None:
    """T-4: everyone alive sits exactly once."""
    seated = [player for t in floor.tables() for _seat, player in t.seats]
    assert len(seated) == len(set(seated)) == floor.players_left
    assert set(seated) == alive
    for table in floor.tables():
        assert all(1 <= seat <= table.size for seat, _player in table.seats)
        for seat, player in table.seats:
            assert floor.seat_of(player).table == table.number
            assert floor.seat_of(player).seat == seat
