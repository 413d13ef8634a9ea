"""The leak matrix (X-4): every game, random hands, several players and an observer acting
at random through the room; every snapshot each of them gets holds only cards he may know.
Home-series rooms for every game; cash rooms for Hold'em, Omaha, Stud, Draw and the bomb
pot, where players also come and go, buy in, top up, post and leave mid-hand.

Each example plays a few hands of one game with random decisions, random bad messages,
pre-actions, sit-outs, dropped connections and clocks that run out; after every step the
snapshot of every user and of an observer is checked by the leak checker against the
cards that viewer may know (:func:`tests.web.leaks.known_to`), and every other seat's
cards against what everyone may know. A refusal must leave every snapshot as it was.
"""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerroom.cards import Card
from pokerroom.engine import Hand
from pokerroom.protocol.frames import TableFrame
from pokerroom.room import CashRoom, HomeRoom, ShotClock
from pokerroom.room.seam import User
from pokerroom.table.cash import Rake
from tests.web.cash_driver import CashTableDriver, cash_step, cash_table
from tests.web.leaks import find_leaks, known_to
from tests.web.table_driver import Table, random_act, table

GAMES = ("holdem", "omaha", "omaha5", "omaha6", "omaha-hilo", "bomb-pot-omaha", "stud", "draw")
CASH_GAMES = ("holdem", "omaha", "bomb-pot-omaha", "stud", "draw")
STEPS = 250


def _position(room: HomeRoom, user: User | None) -> int | None:
    """The viewer's engine position, from the series' own seat order (not the snapshot's)."""
    hand, series = room.hand, room.series
    if user is None or hand is None or series is None:
        return None
    seat = room.seat_of_user(user.id)
    return next(
        (p for p in range(hand.players) if room.seat_order[series.seat_of(p) - 1] == seat), None
    )


def _cash_position(room: CashRoom, user: User | None) -> int | None:
    """The viewer's engine position, from the cash table's own order and names: in the
    last hand's seat but not its player (he left, another sat down), he has none."""
    table = room.table
    if user is None or room.hand is None:
        return None
    seat = room.seat_of_user(user.id)
    if table.current is not None:
        names = tuple(table.seats[s].name for s in table.order)
    else:
        names = room.hands[-1].record.names
    return next((p for p, s in enumerate(table.order) if s == seat and names[p] == user.name), None)


def check_no_leaks(t: Table) -> None:
    views = [(user, t.snap(user), _position(t.room, user)) for user in [*t.users, None]]
    check_views(t.room.hand, views)


def check_cash_no_leaks(t: CashTableDriver) -> None:
    views = [(user, t.snap(user), _cash_position(t.room, user)) for user in [*t.users, None]]
    check_views(t.room.hand, views)


def check_views(hand: Hand | None, views: list[tuple[User | None, TableFrame, int | None]]) -> None:
    """Each viewer's frame names only cards he may know; other seats only public ones."""
    public = set() if hand is None else known_to(hand, None)
    for user, frame, position in views:
        json.dumps(frame)  # JSON-ready
        known = set() if hand is None else known_to(hand, position)
        leaks = find_leaks(frame, known)
        assert not leaks, f"{user.name if user else 'observer'} sees {leaks[0]}"
        for seat in frame["seats"]:
            if not seat["you"]:  # another seat shows only what everyone may see
                shown = {Card.parse(c) for c in seat["cards"] if c is not None}
                assert shown <= public, f"seat {seat['seat']} shows {shown - public}"


def bad_message(t: Table, rng: random.Random) -> tuple[User | None, dict[str, object]]:
    user = rng.choice([*t.users, None])
    messages: list[dict[str, object]] = [
        {"type": "act", "action": "raise", "amount": rng.choice([0, 1, 10**6])},
        {"type": "act", "action": "check"},
        {"type": "act", "action": "fold", "turn": "0.0"},
        {"type": "draw", "cards": ["As", "Kd"]},
        {"type": "muck"},
        {"type": "sit", "seat": rng.randint(1, 10)},
        {"type": "leave"},
        {"type": "start"},
        {"type": "bogus"},
    ]
    return user, rng.choice(messages)


def step(t: Table, rng: random.Random) -> None:
    roll = rng.random()
    decider = t.decider()
    if roll < 0.12:
        user, message = bad_message(t, rng)
        before = [t.text(u) for u in [*t.users, None]]
        outcome = t.post(user, message)
        if not outcome.changed:
            assert [t.text(u) for u in [*t.users, None]] == before, "a refusal changed the table"
        return
    if roll < 0.25:
        user = rng.choice(t.users)
        t.send(user, "preaction", kind=rng.choice(["check_fold", "check", "call_any", "fold_any"]))
        return
    if roll < 0.30:
        user = rng.choice(t.users)
        t.room.presence(user, rng.random() < 0.6, t.now)
        return
    if roll < 0.34:
        user = rng.choice(t.users)
        t.send(user, rng.choice(["sit_out", "sit_in", "sit_in"]))
        return
    if decider is None or roll < 0.38:
        t.wait()
        return
    t.now += rng.uniform(0, 5)
    message = random_act(t.snap(decider), rng)
    outcome = t.post(decider, message)
    assert outcome.changed, outcome


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4), bot=st.booleans())
def test_no_snapshot_leaks_a_card(game: str, seed: int, players: int, bot: bool) -> None:
    """X-4, P-5, H-9: zero leaks over random play of every game; user 2 is a bot account,
    a viewer checked like the people (and shown as a bot to every one of them)."""
    rng = random.Random(seed)
    bots = {players + 1: "random"} if bot else None
    clock = ShotClock(seconds=20, countdown=5, banks=1, bank_seconds=10, showdown=5)
    t = table(game, players, seed=seed, bots=bots, clock=clock, max_hands=4, bot_accounts={2})
    marked = [s["seat"] for s in t.snap(t.users[0])["seats"] if s["bot_account"]]
    assert marked == [t.room.seat_of_user(2)]
    check_no_leaks(t)
    for _ in range(STEPS):
        if t.room.status == "over":
            break
        step(t, rng)
        check_no_leaks(t)
    assert t.room.series is not None and t.room.series.hands_played >= 1


@pytest.mark.parametrize("game", CASH_GAMES)
@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4))
def test_no_cash_snapshot_leaks_a_card(game: str, seed: int, players: int) -> None:
    """X-4 at a cash table: players sit, buy in, top up, post, sit out and leave (mid-hand
    too: a newcomer in his seat never gets the last hand's cards) among random play with
    a rake (P-9); zero leaks, and every refusal leaves every snapshot as it was."""
    rng = random.Random(seed)
    clock = ShotClock(seconds=20, countdown=5, banks=1, bank_seconds=10, showdown=5)
    t = cash_table(game, players, seed=seed, users=5, clock=clock, rake=Rake(5, 3))
    check_cash_no_leaks(t)
    for _ in range(STEPS):
        cash_step(t, rng)
        check_cash_no_leaks(t)
    assert t.room.table.hands_played >= 1


def test_the_checker_finds_a_planted_card() -> None:
    """The checker can fail: an opponent's hole card put into a log line is found."""
    t = table("holdem", 3, seed=7)
    hand = t.room.hand
    assert hand is not None
    observer = t.snap(None)
    hidden = next(card for card in hand.hole[0] if card is not None)
    planted = copy.deepcopy(observer)
    assert planted["hand"] is not None
    planted["hand"]["log"].append(f"Ann has {hidden}")
    assert not find_leaks(observer, known_to(hand, None))
    leaks = find_leaks(planted, known_to(hand, None))
    assert [(leak.card, leak.path) for leak in leaks] == [
        (hidden, f"hand.log[{len(planted['hand']['log']) - 1}]")
    ]
    assert find_leaks(json.dumps(planted), known_to(hand, None))  # as text on the wire too


def test_the_matrix_catches_a_room_that_shows_every_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    """A snapshot built from the wrong seat's cards is caught by the matrix's check."""
    from pokerroom.engine.views import seen_holes as real
    from pokerroom.room import snapshot

    def everyone_sees_seat_zero(hand: Hand, viewer: int | None) -> object:
        return real(hand, 0)

    monkeypatch.setattr(snapshot, "seen_holes", everyone_sees_seat_zero)
    t = table("holdem", 3, seed=7)
    with pytest.raises(AssertionError, match=r"sees|shows"):
        check_no_leaks(t)
    cash = cash_table("holdem", 3, seed=7)
    with pytest.raises(AssertionError, match=r"sees|shows"):
        check_cash_no_leaks(cash)


def test_the_cash_matrix_catches_a_newcomer_shown_the_last_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A room that gave a seat's last-hand cards to whoever sits there next is caught."""
    from pokerroom.room.live import LiveRoom

    def by_seat_only(room: LiveRoom, seat: int) -> int | None:
        return next((p for p, s in enumerate(room.hand_seats) if s == seat), None)

    t = cash_table("holdem", 3, seed=7, users=4)
    leaver = t.users[2]
    assert t.send(leaver, "leave").changed
    for _ in range(50):
        decider = t.decider()
        if decider is None:
            break
        t.send(decider, "act", action="fold")
    assert t.room.hand_done and t.room.seat_of_user(leaver.id) is None
    assert t.send(t.users[3], "sit", seat=3, buy_in=100).changed
    check_cash_no_leaks(t)
    monkeypatch.setattr(LiveRoom, "position_of", by_seat_only)
    with pytest.raises(AssertionError, match=r"sees"):
        check_cash_no_leaks(t)
