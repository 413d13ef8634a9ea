"""Drive a :class:`CashRoom` as its players would: seats taken with buy-ins, and random
seat requests (good and bad) mixed with random play, for the leak matrix and the chip
property."""

from __future__ import annotations

import random

from pokerroom.engine import VARIANTS
from pokerroom.room import CashRoom, ShotClock
from pokerroom.room.seam import User
from pokerroom.table.cash import CashSettings
from tests.web.table_driver import NAMES, Driver, random_act

CashTableDriver = Driver[CashRoom]


def cash_table(
    game: str = "holdem",
    players: int = 3,
    *,
    seed: int = 1,
    users: int | None = None,
    clock: ShotClock | None = None,
    grace: float = 30.0,
    deal: bool = True,
    **settings: object,
) -> CashTableDriver:
    """A cash room (blinds 1/2, buy-ins 80-200 unless ``settings`` say otherwise) with
    ``players`` of ``users`` (all by default) seated in seats 1 … n with 200 chips; with
    ``deal`` the first hand is dealt."""
    room = CashRoom(
        "c1",
        settings=CashSettings(VARIANTS[game], **settings),  # type: ignore[arg-type]
        clock=clock,
        grace=grace,
        seed=seed,
    )
    people = [User(i + 1, NAMES[i]) for i in range(users or players)]
    t = CashTableDriver(room, people)
    for index, user in enumerate(people[:players]):
        assert t.send(user, "sit", seat=index + 1, buy_in=room.settings.max_buy_in).changed
    if deal and players >= 2:
        t.wait()
    return t


def chips_at_table(room: CashRoom) -> int:
    """Every chip at the table: in front of the players and, in a hand, in the pot."""
    table, hand = room.table, room.table.current
    playing = set(table.order) if hand is not None else set()
    behind = sum(p.chips for seat, p in table.seats.items() if seat not in playing)
    return behind + (0 if hand is None else sum(hand.stacks) + hand.pot)


def seat_message(t: CashTableDriver, rng: random.Random) -> tuple[User | None, dict[str, object]]:
    """A random seat request from a random user (or an observer): often refused."""
    room = t.room
    settings = room.settings
    user = rng.choice([*t.users, None])
    buy_in = rng.choice([settings.min_buy_in, settings.max_buy_in, settings.min_buy_in - 1, 10**6])
    messages: list[dict[str, object]] = [
        {"type": "sit", "seat": rng.randint(1, 10), "buy_in": buy_in, "post": rng.random() < 0.5},
        {"type": "sit", "seat": rng.randint(1, room.table_size)},
        {"type": "leave"},
        {"type": "top_up", "amount": rng.choice([1, 50, settings.max_buy_in, 0, -5])},
        {"type": "sit_out"},
        {"type": "sit_in", "post": rng.random() < 0.5},
        {"type": "post", "post": rng.random() < 0.7},
        {"type": "start"},
        {"type": "act", "action": "raise", "amount": rng.choice([0, 1, 10**6])},
        {"type": "draw", "cards": ["As", "Kd"]},
        {"type": "muck"},
        {"type": "bogus"},
    ]
    return user, rng.choice(messages)


def cash_step(t: CashTableDriver, rng: random.Random) -> None:
    """One random thing: a seat request, a pre-action, a connection that comes or goes,
    time that passes, or the decision the table waits for."""
    roll = rng.random()
    decider = t.decider()
    if roll < 0.25:
        user, message = seat_message(t, rng)
        before = [t.text(u) for u in [*t.users, None]]
        outcome = t.post(user, message)
        if not outcome.changed:
            assert outcome.error is not None and "\n" not in outcome.error, outcome
            assert [t.text(u) for u in [*t.users, None]] == before, (
                f"a refusal changed the table: {message} -> {outcome}"
            )
        return
    if roll < 0.33:
        user = rng.choice(t.users)
        t.send(user, "preaction", kind=rng.choice(["check_fold", "check", "call_any", "fold_any"]))
        return
    if roll < 0.37:
        t.room.presence(rng.choice(t.users), rng.random() < 0.6, t.now)
        return
    if decider is None or roll < 0.42:
        if not t.wait():  # nothing due: someone sits down or comes back
            user = rng.choice(t.users)
            seat = rng.randint(1, t.room.table_size)
            t.send(user, "sit", seat=seat, buy_in=t.room.settings.max_buy_in)
            t.send(user, "sit_in")
        return
    t.now += rng.uniform(0, 5)
    outcome = t.post(decider, random_act(t.snap(decider), rng))
    assert outcome.changed, outcome
