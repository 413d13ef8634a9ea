"""Surrender at the OFC table (O-5): allowed to a player in the hand before he sets a card,
his turn or not; he pays 2 points to each opponent who plays on; refused, changing
nothing, once he has set a card, to an observer and at a poker table."""

from __future__ import annotations

from pokerroom.i18n import use_language
from pokerroom.room import HomeRoom
from pokerroom.room.ofc import OfcRoom
from pokerroom.room.seam import User
from tests.web.test_ofc_room import ANN, BOB, CLOCK, CY, Table

DAN = User(4, "Dan")


def three_handed() -> Table:
    table = Table(OfcRoom("o3", seats=3, clock=CLOCK, seed=5))
    for seat, user in enumerate((ANN, BOB, CY), 1):
        assert table.send(user, "sit", seat=seat).changed
    return table


def user_at(table: Table, position: int) -> User:
    seat = table.room.hand_seats[position]
    return next(u for u in (ANN, BOB, CY) if table.room.seat_of_user(u.id) == seat)


def test_a_surrender_before_any_card_pays_two_to_each_opponent_who_plays_on() -> None:
    table = three_handed()
    quitter = user_at(table, 2)  # the button: not his turn yet (O-3)
    assert table.snap(quitter)["you"]["decision"] is None
    assert table.snap(quitter)["you"]["may_surrender"]
    turn = table.snap(quitter)["hand"]["turn"]
    assert table.send(quitter, "surrender", turn=turn).changed
    seat = table.seat(quitter)
    for viewer in (ANN, BOB, CY, None):
        frame = table.snap(viewer)
        assert frame["seats"][seat - 1]["surrendered"]
        assert any(f"{quitter.name} surrenders" in line for line in frame["hand"]["log"])
    assert not table.snap(quitter)["you"]["may_surrender"]
    again = table.send(quitter, "surrender")
    assert (again.changed, again.error) == (False, "You have already surrendered")
    table.play_hand(*(u for u in (ANN, BOB, CY) if u is not quitter))  # the hand goes on
    result = table.snap(None)["results"][0]
    mine = next(p for p in result["players"] if p["seat"] == seat)
    assert (mine["surrendered"], mine["board"], mine["points"]) == (True, None, -4)
    owed = [pair for pair in result["pairs"] if seat in (pair["first"], pair["second"])]
    assert len(owed) == 2
    for pair in owed:  # points go to ``first``: 2 to the opponent, whichever side he is
        assert pair["points"] == (-2 if pair["first"] == seat else 2)
    assert table.room.total_of(seat) == -4


def test_a_surrender_after_a_card_is_set_is_refused_and_changes_nothing() -> None:
    table = three_handed()
    first = user_at(table, 0)
    cards = table.snap(first)["you"]["cards"]
    rows = dict(zip(cards, ["bottom", "bottom", "middle", "middle", "top"], strict=True))
    assert table.send(first, "place", cards=rows).changed
    assert not table.snap(first)["you"]["may_surrender"]
    before = {v: table.snap(v) for v in (ANN, BOB, CY, None)}
    outcome = table.send(first, "surrender")
    assert (outcome.changed, outcome.code) == (False, "surrender")
    assert outcome.error == (
        "You have set cards; surrender is allowed only before setting the first card"
    )
    with use_language("ru"):
        worded = table.send(first, "surrender").error
    assert worded is not None and worded.startswith("Вы ") and "\n" not in worded
    assert {v: table.snap(v) for v in (ANN, BOB, CY, None)} == before


def test_observers_a_stale_surrender_and_a_poker_table_are_refused() -> None:
    table = three_handed()
    before = table.snap(None)
    for viewer in (None, DAN):
        outcome = table.send(viewer, "surrender")
        assert (outcome.changed, outcome.code) == (False, "not_seated"), outcome
        assert outcome.error is not None and "observers only watch" in outcome.error
    assert not table.snap(DAN)["you"]["may_surrender"]
    stale = table.send(user_at(table, 1), "surrender", turn="0.0")
    assert (stale.changed, stale.code) == (False, "stale")
    assert stale.error is not None and "earlier hand" in stale.error
    assert table.snap(None) == before
    poker = HomeRoom("h1", seats=2).handle(ANN, {"type": "surrender", "id": "s1"}, 0.0)
    assert (poker.changed, poker.code) == (False, "not_ofc")
