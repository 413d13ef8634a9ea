"""Drive a web tournament through its rooms as its players and the hub would: each person
acts at the table he sits at, time runs to the next deadline, due rooms tick. Every
snapshot each person gets is kept with what he may know of that table's hand (X-4)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from pokerroom.cards import Card
from pokerroom.protocol.frames import TableFrame
from pokerroom.room.seam import Room, User
from pokerroom.room.tournament.event import RoomTournament
from pokerroom.room.tournament.table_room import TournamentTableRoom
from pokerroom.tournament.regulation.load import parse_regulation
from pokerroom.tournament.regulation.model import Regulation
from tests.web.leaks import known_to

TWELVE = """
name = "Web twelve"
description = "Two tables of six, three-minute levels"
format = "american"
starting_stack = 1000
table_size = 6
final_table_size = 6
chips = [5]
[game]
variant = "holdem"
limit = "no-limit"
[late_registration]
until_level = 1
[money]
buy_in = 10
[[payouts.table]]
percents = [50, 30, 20]
[[levels]]
small_blind = 10
big_blind = 20
minutes = 3
[[levels]]
small_blind = 25
big_blind = 50
minutes = 3
[[levels]]
small_blind = 50
big_blind = 100
minutes = 3
[[levels]]
small_blind = 100
big_blind = 200
ante = 25
minutes = 3
[[levels]]
small_blind = 200
big_blind = 400
ante = 50
minutes = 3
"""

DIRECTOR = User(90, "Dana", frozenset({"director"}))
ANN, BOB = User(1, "Ann"), User(2, "Bob")


def twelve() -> Regulation:
    return parse_regulation(TWELVE)


def careful(frame: TableFrame) -> dict[str, object]:
    """A person who checks when he can, calls small bets, else folds; shows at showdown."""
    you = frame["you"]
    if you["decision"] == "show":
        return {"type": "show"}
    if you["decision"] == "draw":
        return {"type": "draw", "cards": []}
    actions = you["actions"]
    assert actions is not None
    if actions["check"]:
        return {"type": "act", "action": "check"}
    big = frame["game"]["big_blind"]
    call = actions["call"]
    if call is not None and call <= 3 * big:
        return {"type": "act", "action": "call"}
    return {"type": "act", "action": "fold"}


@dataclass(frozen=True, slots=True)
class Seen:
    """One snapshot a user got, with the cards he may know of that room's hand."""

    user: User | None
    """None: an observer."""
    room: str
    frame: TableFrame
    known: frozenset[Card]


@dataclass
class TournamentDriver:
    tournament: RoomTournament
    people: list[User]
    now: float = 0.0
    sent: int = 0
    seen: list[Seen] = field(default_factory=list)
    watching: dict[int, TournamentTableRoom] = field(default_factory=dict)
    """The table each person last sat at."""
    moves: list[tuple[User, str, str]] = field(default_factory=list)
    """(user, old room, new room) for every move of a person between tables."""

    def room_of(self, user: User) -> TournamentTableRoom | None:
        for room in self.tournament.rooms.values():
            if room.seat_of_user(user.id) is not None:
                return room
        return None

    def look(self, user: User | None, room: TournamentTableRoom) -> TableFrame:
        """The snapshot ``user`` gets from ``room`` now, kept for the leak check."""
        frame = room.snapshot(user)
        self.seen.append(Seen(user, room.id, frame, frozenset(knows(room, user))))
        return frame

    def act(self, policy: Callable[[TableFrame], dict[str, object]] = careful) -> bool:
        """Every person the table waits for acts; False if none had to."""
        acted = False
        for table in self.tournament.rooms.values():
            self.look(None, table)  # an observer of every table
        for user in self.people:
            room = self.room_of(user)
            if room is None:  # out: he stays to watch his last table (T-23)
                watched = self.watching.get(user.id)
                if watched is not None:
                    self.look(user, watched)
                continue
            self.watching[user.id] = room
            frame = self.look(user, room)
            if frame["you"]["decision"] is None:
                continue
            self.sent += 1
            outcome = room.handle(user, {"id": f"m{self.sent}", **policy(frame)}, self.now)
            assert outcome.error is None, outcome.error
            acted = True
        return acted

    def wait(self) -> bool:
        """Time runs to the earliest deadline; every due room ticks (as the hub's ticker)."""
        rooms: list[Room] = [self.tournament, *self.tournament.rooms.values()]
        deadlines = [d for d in (room.deadline() for room in rooms) if d is not None]
        if not deadlines:
            return False
        self.now = max(self.now, min(deadlines))
        before = {user.id: self.room_of(user) for user in self.people}
        for room in [self.tournament, *self.tournament.rooms.values()]:
            assert isinstance(room, RoomTournament | TournamentTableRoom)
            deadline = room.deadline()
            if deadline is not None and deadline <= self.now:
                room.tick(self.now)
        for user in self.people:
            old, new = before[user.id], self.room_of(user)
            if old is not None and new is not None and old is not new:
                self.moves.append((user, old.id, new.id))
        return True

    def step(self, policy: Callable[[TableFrame], dict[str, object]] = careful) -> bool:
        return self.act(policy) or self.wait()

    def run_until(self, done: Callable[[], bool], steps: int = 20_000) -> None:
        for _ in range(steps):
            if done():
                return
            assert self.step(), "the tournament stopped with nobody to act and no deadline"
        raise AssertionError(f"not done after {steps} steps")


def knows(room: TournamentTableRoom, user: User | None) -> set[Card]:
    """What ``user`` (None: an observer) may know of the room's hand: his own cards if he
    was dealt in, and what every player saw (worked out from the events by the leak
    checker)."""
    hand = room.hand
    if hand is None:
        return set()
    dealt = [p for p, o in enumerate(room.hand_occupants) if user is not None and o.user == user.id]
    return known_to(hand, dealt[0] if dealt else None)


def started(
    seed: int, *, people: tuple[User, ...] = (ANN, BOB), pause: float = 2.0
) -> TournamentDriver:
    """Twelve entrants (the people and bots) at two tables, started at time 0."""
    tournament = RoomTournament(
        "T1", twelve(), creator=DIRECTOR, fill_to=12, seed=seed, pause=pause
    )
    for user in people:
        tournament.register(user, 0.0)
    tournament.start(DIRECTOR, 0.0)
    return TournamentDriver(tournament, list(people))
