"""Hands played to the end at web rooms of signed-up players, for the hand archive's tests."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from pokerroom.engine import Hand
from pokerroom.history.phh.documents import parse_phh
from pokerroom.history.replay import replay_hand
from pokerroom.room import CashRoom, HomeRoom
from pokerroom.room.live import LiveRoom
from pokerroom.room.registry import LobbyEntry, Registry, RoomKind
from pokerroom.room.seam import User
from pokerroom.table.cash import CashSettings, Rake
from tests.web.table_driver import Driver, random_act

MOST_STEPS = 20_000
R = TypeVar("R", bound=LiveRoom)


def home_room(registry: Registry, users: Sequence[User], *, seed: int = 3) -> Driver[HomeRoom]:
    """A home series of ``users`` (the first is the host), listed and started."""
    room = HomeRoom("home1", seats=len(users) + 1, host=users[0].id, seed=seed)
    registry.add(room, LobbyEntry("Kitchen", "NLHE", "1/2", 0, room.table_size, RoomKind.HOME))
    driver = Driver(room, list(users))
    for seat, user in enumerate(users, 1):
        assert driver.send(user, "sit", seat=seat).changed
    assert driver.send(users[0], "start").changed
    return driver


def cash_room(registry: Registry, users: Sequence[User], *, seed: int = 5) -> Driver[CashRoom]:
    """A raked 1/2 cash table of ``users`` with the most chips, listed; the first deal due."""
    settings = CashSettings(seats=6, rake=Rake(5, 3))
    room = CashRoom("cash1", settings=settings, seed=seed)
    registry.add(room, LobbyEntry("Main", "NLHE", "1/2", 0, 6, RoomKind.CASH))
    driver = Driver(room, list(users))
    for seat, user in enumerate(users, 1):
        assert driver.send(user, "sit", seat=seat, buy_in=settings.max_buy_in).changed
    return driver


def play(driver: Driver[R], hands: int, *, seed: int = 1) -> None:
    """Random legal play until ``hands`` more hands are finished (or the series ends)."""
    rng = random.Random(seed)
    room = driver.room
    goal = len(room.hands) + hands
    for _ in range(MOST_STEPS):
        if len(room.hands) >= goal:
            return
        decider = driver.decider()
        if decider is None:
            if not driver.wait():
                return
            continue
        driver.now += 1
        outcome = driver.post(decider, random_act(driver.snap(decider), rng))
        assert outcome.changed, outcome
    raise AssertionError(f"{hands} hands did not finish in {MOST_STEPS} steps")


def replayed(phh: str) -> Hand:
    """The engine hand of a complete PHH document."""
    result = replay_hand(parse_phh(phh))
    assert result.hand is not None and result.complete, result.error
    return result.hand
