"""A bot at a table over the protocol (pokerroom.client.bot_seat): the frame becomes the
seat's own view, never more, and the bot's decisions are messages the table accepts, in
every game; the terminal client marks a bot account's seat."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest

from pokerroom.bots.registry import make_bot
from pokerroom.client.bot_seat import reply, safe_reply, view_from_frame
from pokerroom.engine.views import HandView, view_of
from pokerroom.i18n import use_language
from pokerroom.room.seam import User
from pokerroom.tui.remote.view import seat_labels
from tests.web.table_driver import Table, random_act, table

GAMES = ("holdem", "omaha-hilo", "bomb-pot-omaha", "stud", "draw")


def _engine_view(t: Table, user: User) -> HandView:
    """What the engine's own ``view_of`` gives this user's seat, with the names."""
    room, hand = t.room, t.room.hand
    assert hand is not None
    seat = room.seat_of_user(user.id)
    position = next(p for p, s in enumerate(room.hand_seats) if s == seat)
    names = tuple(occupant.name for occupant in room.hand_occupants)
    return view_of(hand, position, names)


def _deciders(t: Table, steps: int) -> Iterator[User]:
    """Whoever is to decide next, for at most ``steps`` turns, until the table is over."""
    for _ in range(steps):
        decider = t.decider()
        if decider is None:
            if t.room.status == "over" or not t.wait():
                return
            continue
        yield decider


@pytest.mark.parametrize("game", [*GAMES, "omaha6"])
def test_the_frame_gives_the_view_the_engine_gives_that_seat(game: str) -> None:
    """Over random play, every decision's view from the frame is the engine's own view of
    that seat (X-4: own cards, up and shown cards only), positions matched by name (Stud's
    frame does not show the engine's order); only the events and the pot split differ."""
    rng = random.Random(4)
    t = table(game, 4, seed=4, max_hands=4)
    checked = 0
    for decider in _deciders(t, 400):
        frame = t.snap(decider)
        if frame["you"]["decision"] in ("act", "draw"):
            view = view_from_frame(json.loads(json.dumps(frame)))
            real = _engine_view(t, decider)
            assert view is not None and sorted(view.names) == sorted(real.names)
            order = [real.names.index(name) for name in view.names]  # view position → engine's

            def moved(values: tuple[object, ...], order: list[int] = order) -> list[object]:
                return [values[p] for p in order]

            assert order[view.viewer or 0] == real.viewer
            to_act = view.to_act
            assert (
                to_act is None
                if real.to_act is None
                else to_act is not None and order[to_act] == real.to_act
            )
            for field in ("stacks", "committed", "hole", "folded"):
                assert list(getattr(view, field)) == moved(getattr(real, field)), field
            for field in ("phase", "street", "pot", "boards", "big_blind"):
                assert getattr(view, field) == getattr(real, field), field
            if real.legal is None:
                assert view.legal is None
            else:
                assert view.viewer is not None
                assert view.legal == real.legal._replace(player=view.viewer)
            if game != "stud":  # the button and blinds show the engine's order itself
                assert order == list(range(len(order)))
            checked += 1
        t.post(decider, random_act(frame, rng))
    assert checked >= 8
    assert view_from_frame(t.snap(None)) is None  # an observer has no seat to play


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("kind", ["equity", "random"])
def test_every_reply_is_a_message_the_table_accepts(game: str, kind: str) -> None:
    """Bets, raises, completions, bring-ins, draws and shows: each one the room takes."""
    t = table(game, 3, seed=11, max_hands=3)
    bots = {user.id: make_bot(kind, user.id) for user in t.users}
    replies = 0
    for decider in _deciders(t, 400):
        frame = t.snap(decider)
        message = reply(bots[decider.id], json.loads(json.dumps(frame)))  # as on the wire
        assert message is not None, frame["you"]
        outcome = t.post(decider, message)
        assert outcome.changed, (message, outcome)
        replies += 1
    assert t.room.hands_played >= 2 and replies >= 6


@pytest.mark.parametrize("game", GAMES)
def test_the_safe_reply_is_always_taken(game: str) -> None:
    """What the example client sends when the table refused its bot's move."""
    t = table(game, 3, seed=6, max_hands=2)
    replies = 0
    for decider in _deciders(t, 300):
        message = safe_reply(t.snap(decider))
        assert message is not None
        assert t.post(decider, message).changed, message
        replies += 1
    assert t.room.hands_played == 2 and replies >= 4


def test_the_terminal_marks_a_bot_accounts_seat() -> None:
    t = table("holdem", 3, seed=2, bot_accounts={2})
    frame = t.snap(t.users[0])
    names = {label.seat: label.name for label in seat_labels(frame)}
    assert names == {1: "Ann", 2: "Bob (bot)", 3: "Cy"}
    with use_language("ru"):
        names = {label.seat: label.name for label in seat_labels(frame)}
    assert names[2] == "Bob (бот)"
