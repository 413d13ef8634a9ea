"""A tournament whose tables are played apart (room/tournament/apart.py): the director and
each table keep their own journal, and each journal replays alone, in any order.

The owner's side is played as a cluster would: the director offers hands, each table takes
its offer some time later, and the director records each finished hand later still — the
steps taken in a random order, a step sometimes twice. Then a fresh copy replays the
director's journal and every table's in another random order: it must end exactly where
the owner ended (every hand, every place, every chip)."""

from __future__ import annotations

import contextlib
import copy
import random
from collections.abc import Callable
from typing import Any, TypeVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerroom.errors import UsageError
from pokerroom.room.tournament.apart import Finished, finished_to_json
from pokerroom.room.tournament.event import RoomTournament
from pokerroom.room.tournament.table_room import TournamentTableRoom
from pokerroom.tournament.events import HandPlayed
from tests.web.tournament_driver import ANN, DIRECTOR, twelve

R = TypeVar("R")
SEED = 20261206
Call = tuple[str, tuple[object, ...]]


class Recorder:
    """One journal: the calls that entered it, their arguments as saved before the call
    (a saved input is a copy: the table plays its own hand, never the saved one)."""

    def __init__(self) -> None:
        self.calls: list[Call] = []
        self._inside = False

    def enter(
        self, target: object, method: str, call: Callable[[], R], args: tuple[object, ...]
    ) -> R:
        if self._inside:
            return call()
        self.calls.append((method, copy.deepcopy(args)))
        self._inside = True
        try:
            return call()
        finally:
            self._inside = False


def apart_tournament() -> RoomTournament:
    return RoomTournament(
        "T1",
        twelve(),
        creator=DIRECTOR,
        fill_to=12,
        seed=SEED,
        pause=2,
        apart=True,
        bot_kinds=("tournament", "random"),
    )


class Owners:
    """The owners of a tournament played apart, as a cluster would run them: the director's
    and each table's, their steps (a take, a hand's record) queued and taken in ``rng``'s
    order, some twice."""

    def __init__(self, rng: random.Random, tournament: RoomTournament | None = None) -> None:
        self.rng = rng
        self.director = Recorder()
        self.tables: dict[int, Recorder] = {}
        self.steps: list[tuple[str, int, object]] = []
        self.now = 1000.0
        if tournament is None:  # journals that keep the calls in memory
            tournament = apart_tournament()
            tournament.journal = self.director
            tournament.on_table = self._journal_table
        self.tournament = tournament
        tournament.on_offer = lambda room: self.steps.append(("take", room.number, None))
        self.played: dict[int, list[object]] = {}
        tournament.on_finished = self._finished

    def _finished(self, room: TournamentTableRoom) -> None:
        assert room.finished is not None
        self.steps.append(("done", room.number, room.finished))
        self.played.setdefault(room.number, []).append(room.finished.hand.events)

    def _journal_table(self, room: TournamentTableRoom) -> None:
        self.tables[room.number] = recorder = Recorder()
        room.own_journal = recorder

    def begin(self) -> None:
        self.tournament.register(ANN, self.now)  # a person: she times out, comes and goes
        self.tournament.start(DIRECTOR, self.now)

    def play(self, limit: int = 20_000, *, to_the_end: bool = True) -> None:
        tournament = self.tournament
        if tournament.run is None:
            self.begin()
        for _ in range(limit):
            if tournament.status == "finished":
                return
            if self.rng.random() < 0.3:
                self._ann()
            elif self.steps and self.rng.random() < 0.8:
                self._step(self.steps.pop(self.rng.randrange(len(self.steps))))
                continue
            self._tick()
        if to_the_end:
            raise AssertionError("the tournament did not end")

    def _step(self, step: tuple[str, int, object]) -> None:
        kind, number, finished = step
        room = self.tournament.rooms[number]
        if kind == "take":
            if room.taken + 1 in room.offers:
                room.take(room.taken + 1, self.now)
        else:
            assert isinstance(finished, Finished)
            self.tournament.hand_done(number, finished_to_json(finished), self.now)
        if self.rng.random() < 0.1:
            self.steps.append(step)  # told twice: the second changes nothing

    def _ann(self) -> None:
        """Ann, at the table she sees herself at: her socket drops or comes back, or she
        sits in again (each a call of that table's journal)."""
        for room in self.tournament.rooms.values():
            if room.seat_of_user(ANN.id) is not None:
                if self.rng.random() < 0.5:
                    room.presence(ANN, self.rng.random() < 0.5, self.now)
                else:
                    room.handle(ANN, {"type": "sit_in"}, self.now)
                return

    def _tick(self) -> None:
        self.now = next_tick(self.tournament, self.now)


def next_tick(tournament: RoomTournament, now: float) -> float:
    """Time runs to the tournament's or a table's next deadline; the rooms due tick then."""
    rooms: list[Any] = [tournament, *tournament.rooms.values()]
    due = [at for room in rooms if (at := room.deadline()) is not None]
    now = max(now, min(due, default=now + 1))
    for room in rooms:
        at = room.deadline()
        if at is not None and at <= now:
            room.tick(now)
    return now


def replayed(owners: Owners, rng: random.Random) -> tuple[RoomTournament, dict[int, list[object]]]:
    """A fresh copy fed the director's journal and each table's, interleaved at random;
    and every hand each of its tables played, in order."""
    copy_ = apart_tournament()
    played: dict[int, list[object]] = {}

    def finished(room: TournamentTableRoom) -> None:
        assert room.finished is not None
        played.setdefault(room.number, []).append(room.finished.hand.events)

    copy_.on_finished = finished
    streams: dict[int | None, list[Call]] = {None: list(owners.director.calls)}
    streams.update(
        {n: list(journal.calls) for n, journal in owners.tables.items() if journal.calls}
    )
    while streams:
        stream = rng.choice(list(streams))
        method, args = streams[stream][0]
        target: RoomTournament | TournamentTableRoom = (
            copy_ if stream is None else copy_.table(stream)
        )
        if (
            isinstance(target, TournamentTableRoom)
            and method == "take"
            and args[0] not in target.offers
        ):
            continue  # its director not read that far: a follower reads the director first
        streams[stream].pop(0)
        if not streams[stream]:
            del streams[stream]
        with contextlib.suppress(UsageError):  # refused then, refused now
            getattr(target, method)(*copy.deepcopy(args))
    return copy_, played


def chips(tournament: RoomTournament) -> dict[str, int]:
    return {name: record.chips for name, record in tournament.log().players.items()}


def test_a_tournament_played_apart_ends_with_one_winner_and_every_chip() -> None:
    owners = Owners(random.Random(1))
    owners.play()
    tournament = owners.tournament
    assert tournament.status == "finished"
    assert sum(chips(tournament).values()) == 12 * 1000
    assert sorted(chips(tournament).values())[-1] == 12 * 1000
    assert len(owners.tables) >= 2  # two tables of six, then the final one
    played = tournament.log().hands
    assert played == sum(len(hands) for hands in owners.played.values())
    closed = [room for room in tournament.rooms.values() if room.status == "closed"]
    assert closed and all(not room.occupants for room in closed)  # broken tables


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1), st.integers(0, 2**32 - 1))
def test_each_journal_replays_alone_in_any_order_to_the_owners_end(steps: int, order: int) -> None:
    owners = Owners(random.Random(steps))
    owners.play()
    copy_, played = replayed(owners, random.Random(order))
    assert copy_.log().events == owners.tournament.log().events
    assert played == owners.played  # every hand at every table, card for card
    for number, room in owners.tournament.rooms.items():
        assert copy_.rooms[number].taken == room.taken


def test_a_hand_recorded_twice_or_never_offered_changes_nothing() -> None:
    owners = Owners(random.Random(3))
    tournament = owners.tournament
    tournament.start(DIRECTOR, owners.now)
    room = next(iter(tournament.rooms.values()))
    with pytest.raises(LookupError):
        room.take(2, owners.now)  # not offered yet: the copy reads its director first
    assert room.take(1, owners.now)
    assert not room.take(1, owners.now)  # taken before: a second take changes nothing
    assert room.finished is not None
    finished = finished_to_json(room.finished)
    assert tournament.hand_done(room.number, finished, owners.now)
    assert not tournament.hand_done(room.number, finished, owners.now)  # told twice
    tournament.advance(owners.now + 600)
    played = [e for e in tournament.log().events if isinstance(e, HandPlayed)]
    assert [e.table for e in played].count(room.number) == 1
    assert room.offers and room.taken == 1  # the table's next hand waits to be taken
    assert not tournament.hand_done(room.number, finished, owners.now + 600)  # and late
    assert not tournament.hand_done(99, finished, owners.now + 600)  # no such table


def test_a_dispute_reads_the_hand_the_director_recorded_the_same_on_every_copy() -> None:
    """T-17 apart: Ann disputes her table's last hand as the director recorded it, until
    its next hand is offered; a copy replaying the journals in another order has the same
    dispute, whatever it replayed of the table."""
    owners = Owners(random.Random(4))
    tournament = owners.tournament
    owners.begin()
    room = next(r for r in tournament.rooms.values() if r.taken + 1 in r.offers and ann_at(r))
    number = room.number
    room.take(room.taken + 1, owners.now)
    owners.now += 1
    with pytest.raises(UsageError):  # not recorded yet: nothing to dispute
        tournament.dispute(ANN, number, "the pot went to the wrong seat", owners.now)
    while room.finished is None:  # Ann's clock runs out, the hand ends
        owners.now = max(owners.now, room.deadline() or owners.now)
        room.tick(owners.now)
    tournament.hand_done(number, finished_to_json(room.finished), owners.now)
    said = tournament.dispute(ANN, number, "the pot went to the wrong seat", owners.now)
    assert "disputed" in said
    (filed,) = tournament.disputes.filed
    assert (filed.table, filed.hand) == (number, room.hand_number)
    with pytest.raises(UsageError):
        tournament.dispute(ANN, number, "again", owners.now)
    copy_, _played = replayed(owners, random.Random(9))
    assert [(d.table, d.hand, d.text) for d in copy_.disputes.filed] == [
        (filed.table, filed.hand, filed.text)
    ]


def ann_at(room: TournamentTableRoom) -> bool:
    offer = room.offers.get(room.taken + 1)
    return offer is not None and offer.dealt is not None and "Ann" in offer.dealt.players
