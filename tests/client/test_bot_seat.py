"""A bot at a table over the protocol (pokerroom.client.bot_seat): the frame becomes the
seat's own view, never more, and the bot's decisions are messages the table accepts, in
every game; the terminal client marks a bot account's seat."""

from __future__ import annotations

import json

import pytest

from pokerroom.bots.registry import make_bot
from pokerroom.client.bot_seat import reply, view_from_frame
from pokerroom.i18n import use_language
from pokerroom.tui.remote.view import seat_labels
from tests.web.table_driver import table

GAMES = ("holdem", "omaha-hilo", "bomb-pot-omaha", "stud", "draw")


def test_the_view_holds_the_seats_own_cards_and_the_legal_actions() -> None:
    t = table("holdem", 3, seed=4)
    decider = t.decider()
    assert decider is not None and t.room.hand is not None
    frame = t.snap(decider)
    view = view_from_frame(frame)
    assert view is not None and view.legal is not None
    hand = t.room.hand
    seat = t.room.seat_of_user(decider.id)
    position = next(p for p, s in enumerate(t.room.hand_seats) if s == seat)
    mine = view.hole[view.viewer or 0]
    assert list(mine) == list(hand.hole[position])
    others = [card for p, cards in enumerate(view.hole) if p != view.viewer for card in cards]
    assert others and set(others) == {None}  # X-4: the others' cards are unknown
    legal = hand.legal_actions()
    assert (view.legal.call, view.legal.raise_min, view.legal.raise_max, view.legal.check) == (
        legal.call,
        legal.raise_min,
        legal.raise_max,
        legal.check,
    )
    assert view.pot == hand.pot and sorted(view.stacks) == sorted(hand.stacks)
    assert view_from_frame(t.snap(None)) is None  # an observer has no seat to play


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("kind", ["equity", "random"])
def test_every_reply_is_a_message_the_table_accepts(game: str, kind: str) -> None:
    """Bets, raises, completions, bring-ins, draws and shows: each one the room takes."""
    t = table(game, 3, seed=11, max_hands=3)
    bots = {user.id: make_bot(kind, user.id) for user in t.users}
    replies = 0
    for _ in range(400):
        decider = t.decider()
        if decider is None:
            if t.room.status == "over" or not t.wait():
                break
            continue
        frame = t.snap(decider)
        message = reply(bots[decider.id], json.loads(json.dumps(frame)))  # as on the wire
        assert message is not None, frame["you"]
        outcome = t.post(decider, message)
        assert outcome.changed, (message, outcome)
        replies += 1
    assert t.room.hands_played >= 2 and replies >= 6


def test_the_terminal_marks_a_bot_accounts_seat() -> None:
    t = table("holdem", 3, seed=2, bot_accounts={2})
    frame = t.snap(t.users[0])
    names = {label.seat: label.name for label in seat_labels(frame)}
    assert names == {1: "Ann", 2: "Bob (bot)", 3: "Cy"}
    with use_language("ru"):
        names = {label.seat: label.name for label in seat_labels(frame)}
    assert names[2] == "Bob (бот)"
