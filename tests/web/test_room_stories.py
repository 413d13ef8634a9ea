"""A room tells each viewer's hand log event by event (:mod:`pokerroom.room.stories`):
it must say exactly what telling the whole hand again from that viewer's own view says,
at every moment of random play of every game — antes, Stud up cards, draws, clocks that
run out (A-18), hands shown before the board is out and named once it is (P-6), winners
named with their hands — and a viewer's log is still built from his own view only (X-4)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerroom.amounts import amount_text
from pokerroom.cards import card_face
from pokerroom.engine.views import view_of
from pokerroom.room import ShotClock
from pokerroom.room.live import LiveRoom
from pokerroom.room.seam import User
from pokerroom.table.showdown import shown_hand_names, winning_hands
from pokerroom.table.story import StoryTeller, Words, tell
from tests.web.cash_driver import cash_step, cash_table
from tests.web.table_driver import table
from tests.web.test_room_leaks import CASH_GAMES, GAMES, step

CLOCK = ShotClock(seconds=20, countdown=5, banks=1, bank_seconds=10, showdown=5)


def told_afresh(room: LiveRoom, user: User | None) -> tuple[list[str], dict[int, str]] | None:
    """The log and last actions :func:`tell` gives from scratch for this viewer."""
    hand = room.hand
    if hand is None:
        return None
    seat = None if user is None else room.seat_of_user(user.id)
    position = None if seat is None else room.position_of(seat)
    names = [occupant.name for occupant in room.hand_occupants]
    story = tell(
        view_of(hand, position).events,
        Words(names, position, amount_text, card_face),
        hand.config.stacks,
        room.timeouts,
        boards=len(hand.boards),
        hand_names=shown_hand_names(hand),
        winning=winning_hands(hand),
    )
    return story.lines, story.last_action


def check_stories(room: LiveRoom, users: list[User]) -> None:
    for user in [*users, None]:
        frame = room.snapshot(user)
        expected = told_afresh(room, user)
        if expected is None or frame["hand"] is None:
            continue
        lines, last_actions = expected
        assert frame["hand"]["log"] == lines
        for seat in frame["seats"]:
            position = room.position_of(seat["seat"])
            if position is not None:
                assert seat["last_action"] == last_actions.get(position)


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4))
def test_a_home_tables_logs_are_the_hand_told_afresh(game: str, seed: int, players: int) -> None:
    rng = random.Random(seed)
    t = table(game, players, seed=seed, clock=CLOCK, max_hands=4)
    for _ in range(150):
        if t.room.status == "over":
            break
        step(t, rng)
        check_stories(t.room, t.users)


@pytest.mark.parametrize("game", CASH_GAMES)
@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4))
def test_a_cash_tables_logs_are_the_hand_told_afresh(game: str, seed: int, players: int) -> None:
    rng = random.Random(seed)
    t = cash_table(game, players, seed=seed, users=5, clock=CLOCK)
    for _ in range(150):
        cash_step(t, rng)
        check_stories(t.room, t.users)


def test_the_first_hand_shown_is_named_while_the_next_decides() -> None:
    """P-6: a hand checked down; the first player shows while the other still chooses to
    show or muck, and the log names the shown hand at once, for every viewer: a teller
    made before anyone showed must not keep telling without the hands' names."""
    t = table("holdem", 2, seed=3)
    room = t.room
    while room.hand is not None and room.hand.phase == "bet":
        decider = t.decider()
        assert decider is not None
        actions = t.snap(decider)["you"]["actions"]
        assert actions is not None
        move = "check" if actions["check"] else "call"
        assert t.post(decider, {"type": "act", "action": move}).changed
        check_stories(room, t.users)
    first = t.decider()
    assert first is not None and t.snap(first)["you"]["decision"] == "show"
    assert t.send(first, "show").changed
    assert t.decider() is not None  # the other player still decides
    check_stories(room, t.users)
    log = t.snap(None)["hand"]
    assert log is not None
    named = [line for line in log["log"] if " shows " in line]
    assert len(named) == 1 and ": " in named[0], log["log"]


def test_a_teller_tells_only_what_is_new() -> None:
    from pokerroom.engine import events as ev

    teller = StoryTeller(Words(["Ann", "Bob"], you=1), [50, 50])
    teller.tell([ev.PostBlind(0, 1)])
    first = teller.story()
    teller.tell([ev.PostBlind(0, 1), ev.PostBlind(1, 2), ev.Fold(0)])
    assert first.lines == ["Ann posts 1"]  # a story already given is left as it was
    assert teller.story().lines == ["Ann posts 1", "You post 2", "Ann folds"]
    assert teller.told == 3


def test_hands_shown_all_in_are_named_once_the_board_is_out() -> None:
    """P-6: both players all in before the flop show at once, and the table waits for them
    to choose to run it twice; their Show lines are told without names until the board is
    out, then told again, named (a teller goes on without retelling only while every
    name it looked up still holds)."""
    t = table("holdem", 2, seed=3, run_it_twice=True)
    room = t.room
    decider = t.decider()
    assert decider is not None
    raise_to = t.snap(decider)["you"]["actions"]
    assert raise_to is not None and raise_to["raise_to"] is not None
    everything = raise_to["raise_to"]["max"]
    assert t.post(
        decider, {"type": "act", "action": raise_to["raise_to"]["word"], "amount": everything}
    ).changed
    check_stories(room, t.users)
    caller = t.decider()
    assert caller is not None
    assert t.post(caller, {"type": "act", "action": "call"}).changed
    check_stories(room, t.users)
    unnamed = False
    while room.hand is not None and not room.hand_done:
        hand = room.hand
        unnamed = unnamed or (any(hand.shown) and not shown_hand_names(hand))
        deciding = t.decider()
        decision = None if deciding is None else t.snap(deciding)["you"]["decision"]
        if decision == "show":
            assert t.send(deciding, "show").changed
        elif decision == "run_twice":
            assert t.send(deciding, "run_twice", agree=False).changed
        else:
            assert t.wait()
        check_stories(room, t.users)
    assert unnamed, "the hands were never shown before the board was out"
    log = t.snap(None)["hand"]
    assert log is not None
    assert all(": " in line for line in log["log"] if " shows " in line), log["log"]
