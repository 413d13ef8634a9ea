"""The OFC table on the web (issue 13 item 4): seating, placements and their refusals,
Fantasyland, the shot clock, and the settlement to the points (O-1 … O-7, A-18)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from pokerroom.ofc import Board, Row, settle
from pokerroom.room import HomeRoom
from pokerroom.room.clock import ShotClock
from pokerroom.room.ofc import OfcRoom
from pokerroom.room.seam import Outcome, User
from tests.web.ofc_driver import give_fantasy, random_place

ANN, BOB, CY = User(1, "Ann"), User(2, "Bob"), User(3, "Cy")
CLOCK = ShotClock(seconds=20, countdown=5, banks=1, bank_seconds=15)


class Table:
    def __init__(self, room: OfcRoom) -> None:
        self.room = room
        self.sent = 0
        self.now = 10.0
        self.rng = random.Random(1)

    def send(self, user: User | None, kind: str, **fields: Any) -> Outcome:
        self.sent += 1
        return self.room.handle(user, {"type": kind, "id": f"m{self.sent}", **fields}, self.now)

    def snap(self, user: User | None) -> dict[str, Any]:
        frame: dict[str, Any] = json.loads(json.dumps(self.room.snapshot(user)))
        return frame

    def seat(self, user: User) -> int:
        seat = self.room.seat_of_user(user.id)
        assert seat is not None
        return seat

    def decider(self, *users: User) -> User | None:
        return next((u for u in users if self.snap(u)["you"]["decision"] == "place"), None)

    def place_randomly(self, user: User) -> Outcome:
        message = random_place(self.snap(user), self.rng)
        return self.send(user, message.pop("type"), **message)

    def play_hand(self, *users: User) -> None:
        """Everyone places at random until the hand is settled."""
        number = self.room.hand_number
        for _ in range(40):
            if self.room.hand_number != number or self.room.hand_done:
                return
            user = self.decider(*users)
            assert user is not None, "a person must be deciding"
            assert self.place_randomly(user).changed
        raise AssertionError("the hand never ended")

    def next_hand(self) -> None:
        deadline = self.room.next_hand_at
        assert deadline is not None
        self.now = deadline
        assert self.room.tick(self.now)


def heads_up(**options: Any) -> Table:
    table = Table(OfcRoom("o1", seats=2, clock=CLOCK, seed=7, **options))
    assert table.send(ANN, "sit", seat=1).changed
    assert table.send(BOB, "sit", seat=2).changed  # a full table starts by itself
    return table


def test_a_full_table_starts_and_deals_five_to_the_player_left_of_the_button() -> None:
    table = heads_up()
    room = table.room
    assert room.status == "playing" and room.hand_number == 1
    first = room.hand_seats[0]  # O-3: position 1 sits left of the button and acts first
    user = ANN if first == 1 else BOB
    you = table.snap(user)["you"]
    assert you["decision"] == "place" and len(you["cards"]) == 5  # O-2
    assert (you["to_place"], you["to_discard"]) == (5, 0)
    assert table.snap(BOB if user is ANN else ANN)["you"]["cards"] == []


def test_a_bot_accounts_seat_is_marked_for_everyone() -> None:
    robo = User(4, "Robo", frozenset({"player", "bot"}))
    table = Table(OfcRoom("o1", seats=2, clock=CLOCK, seed=7))
    assert table.send(ANN, "sit", seat=1).changed
    assert table.send(robo, "sit", seat=2).changed
    for viewer in (ANN, robo, None):
        marks = [seat["bot_account"] for seat in table.snap(viewer)["seats"]]
        assert marks == [False, True]


def test_a_placement_is_set_face_up_for_everyone_and_never_moves() -> None:
    table = heads_up()
    user = table.decider(ANN, BOB)
    assert user is not None
    cards = table.snap(user)["you"]["cards"]
    rows = dict(zip(cards, ["bottom", "bottom", "middle", "top", "middle"], strict=True))
    assert table.send(user, "place", cards=rows).changed
    seat = table.seat(user)
    for viewer in (ANN, BOB, None):  # O-2: set face up
        board = table.snap(viewer)["seats"][seat - 1]["board"]
        assert board == {"top": [cards[3]], "middle": [cards[2], cards[4]], "bottom": cards[:2]}


def test_each_bad_placement_is_one_refusal_naming_what_is_allowed_and_changes_nothing() -> None:
    table = heads_up()
    user = table.decider(ANN, BOB)
    assert user is not None
    other = BOB if user is ANN else ANN
    cards = table.snap(user)["you"]["cards"]
    before = {v: table.snap(v) for v in (ANN, BOB, None)}
    five = dict(zip(cards, ["bottom"] * 3 + ["middle"] * 2, strict=True))
    refusals = [
        (other, {"cards": five}, "out_of_turn", "turn"),
        (None, {"cards": five}, "not_seated", "observers"),
        (
            user,
            {"cards": {**dict(list(five.items())[1:]), "2c" if "2c" not in cards else "3c": "top"}},
            "not_in_hand",
            "your cards to set",
        ),
        (user, {"cards": dict.fromkeys(cards, "top")}, "row_full", "room for 3"),  # O-1
        (user, {"cards": dict(list(five.items())[1:]), "discard": cards[0]}, "no_discard", "O-2"),
        (user, {"cards": dict(list(five.items())[1:])}, "placement", "not placed"),
        (user, {"cards": five, "turn": "0.0"}, "stale", "place again"),
        (user, {"cards": {**five, cards[0]: "side"}}, "bad_value", "top, middle, bottom"),
        (user, {"cards": {"Xx": "top"}}, "bad_card", "not a card"),
        (user, {"cards": five, "discard": cards[0]}, "bad_card", "named twice"),
    ]
    for sender, fields, code, words in refusals:
        outcome = table.send(sender, "place", **fields)
        assert (outcome.changed, outcome.code) == (False, code), (fields, outcome)
        assert outcome.error is not None and words in outcome.error and "\n" not in outcome.error
        assert {v: table.snap(v) for v in (ANN, BOB, None)} == before
    assert table.send(user, "act", action="check").code == "not_ofc"


def test_a_later_deal_needs_its_discard_and_the_discard_stays_the_players_own() -> None:
    table = heads_up()
    for _ in range(2):  # both players set their first five (O-2)
        user = table.decider(ANN, BOB)
        assert user is not None and table.place_randomly(user).changed
    user = table.decider(ANN, BOB)
    assert user is not None
    you = table.snap(user)["you"]
    assert (len(you["cards"]), you["to_place"], you["to_discard"]) == (3, 2, 1)
    a, b, c = you["cards"]
    rows = {a: "bottom", b: "middle"}
    refused = table.send(user, "place", cards=rows)
    assert refused.code == "missing_discard" and c in (refused.error or "")
    assert table.send(user, "place", cards=rows, discard=c).changed
    seat = table.seat(user)
    assert table.snap(user)["you"]["discards"] == [c]
    for viewer in (BOB if user is ANN else ANN, None):  # O-2: face down, only counted
        frame = table.snap(viewer)
        assert c not in json.dumps(frame)
        assert frame["seats"][seat - 1]["discarded"] == 1
        assert "discards 1 face down" in " ".join(frame["hand"]["log"])


def test_a_hand_is_settled_to_the_points_and_the_totals_add_up_over_hands() -> None:
    table = heads_up()
    room = table.room
    totals = {1: 0, 2: 0}
    for number in (1, 2, 3):
        assert room.hand_number == number
        button = room.hand_seats[-1]
        table.play_hand(ANN, BOB)
        frame = table.snap(None)
        result = frame["results"][0]
        assert result["number"] == number
        boards = [_board(p["board"]) for p in result["players"]]
        points, _ = settle(boards)  # O-5, O-6, O-7 from the boards shown
        assert [p["points"] for p in result["players"]] == points
        assert sum(points) == 0
        for player, board in zip(result["players"], boards, strict=True):
            assert player["fouled"] == _fouled(board)  # O-1
            totals[player["seat"]] += player["points"]
        assert {s["seat"]: s["total"] for s in frame["seats"]} == totals
        log = frame["hand"]["log"]
        assert f"hand {number} over:" in log and any("rows" in line for line in log)
        if any(p["fouled"] for p in result["players"]):
            assert any("fouled: loses every row" in line for line in log)
        table.next_hand()
        assert room.hand_seats[-1] != button  # O-3: the button moves


def _board(rows: dict[str, list[str]]) -> Board:
    return Board.of(" ".join(rows["bottom"]), " ".join(rows["middle"]), " ".join(rows["top"]))


def _fouled(board: Board) -> bool:
    from pokerroom.ofc import is_fouled

    return is_fouled(board)


def test_fantasyland_deals_fourteen_last_and_hides_them_until_the_round_ends() -> None:
    room = OfcRoom("o2", seats=3, clock=CLOCK, seed=3, bots={3: "sensible"})
    table = Table(room)
    assert table.send(ANN, "sit", seat=1).changed
    assert table.send(BOB, "sit", seat=2).changed
    assert table.send(ANN, "start").code == "started"  # the full table started itself
    table.play_hand(ANN, BOB)
    give_fantasy(room, {1})  # O-4: Ann earned it
    assert table.snap(BOB)["seats"][0]["fantasy"]
    table.next_hand()
    dealt_to_ann = False
    for _ in range(40):
        if room.hand_done:
            break
        user = table.decider(ANN, BOB)
        assert user is not None
        you = table.snap(user)["you"]
        if user is ANN:  # O-4: 14 cards at once, after every other player has set all
            assert (len(you["cards"]), you["to_place"], you["to_discard"]) == (14, 13, 1)
            others = [s["board"] for s in table.snap(ANN)["seats"][1:]]
            assert all(sum(len(r) for r in b.values()) == 13 for b in others)
            dealt_to_ann = True
        else:
            assert table.snap(ANN)["you"]["cards"] == []
        for viewer in (BOB, None):
            seat = table.snap(viewer)["seats"][0]
            assert seat["fantasy"] and seat["board"] is None  # O-4: hidden until the end
        assert table.place_randomly(user).changed
        if user is ANN:
            ann = table.snap(ANN)
            for viewer in (BOB, None):
                frame = table.snap(viewer)
                placed = frame["results"][0]["players"][0]["board"]
                assert placed is not None and room.hand_done
                assert frame["seats"][0]["board"] == ann["seats"][0]["board"]
    assert dealt_to_ann and room.hand_done


def test_a_clock_that_runs_out_uses_the_time_bank_then_places_by_the_bots_choice() -> None:
    table = heads_up()
    room = table.room
    user = table.decider(ANN, BOB)
    assert user is not None
    turn = room.turn
    assert turn is not None and turn.deadline == table.now + 25  # 20 s + 5 s countdown
    table.now = turn.deadline
    assert room.tick(table.now) and room.turn is turn  # the time bank: 15 s more
    assert turn.deadline == table.now + 15
    table.now = turn.deadline
    assert room.tick(table.now)
    frame = table.snap(user)
    seat = table.seat(user)
    assert frame["seats"][seat - 1]["away"]
    assert sum(len(r) for r in frame["seats"][seat - 1]["board"].values()) == 5
    log = " ".join(table.snap(None)["hand"]["log"])
    assert f"{user.name}'s time ran out: his cards were set by the sensible bot's choice" in log
    assert frame["you"]["notice"] is not None
    assert table.send(user, "sit_in").changed
    assert not table.snap(user)["seats"][seat - 1]["away"]


def test_an_away_player_has_every_deal_set_for_him_and_a_session_of_hands_ends() -> None:
    table = heads_up(max_hands=2)
    room = table.room
    assert table.send(BOB, "sit_out").changed  # his deals are set for him at once
    for number in (1, 2):
        table.play_hand(ANN)
        if number == 1:
            table.next_hand()
    frame = table.snap(ANN)
    assert frame["status"] == "over" and frame["hands_played"] == 2
    assert [s["place"] for s in frame["standings"]] == [1, 2]
    assert sum(s["total"] for s in frame["standings"]) == 0
    assert room.deadline() is None


def test_seating_refusals_and_a_host_start_with_two_of_three() -> None:
    table = Table(OfcRoom("o3", seats=3, host=ANN.id, seed=1))
    assert table.send(ANN, "sit", seat=1).changed
    taken = table.send(BOB, "sit", seat=1)
    assert (taken.code, taken.error) == ("seat_taken", "seat 1 is taken; free: 2, 3")
    missing = table.send(BOB, "sit", seat=4)
    assert (missing.code, missing.error) == ("seat", "this table has seats 1-3; free: 2, 3")
    assert table.send(BOB, "sit", seat=2, buy_in=100).code == "buy_in"
    assert table.send(ANN, "start").code == "players"
    assert table.send(BOB, "sit", seat=2).changed
    assert table.send(BOB, "start").code == "not_host"
    assert table.send(ANN, "start").changed
    assert table.room.hand is not None and table.room.hand.players == 2
    assert table.send(CY, "sit", seat=3).code == "started"
    assert table.send(ANN, "leave").code == "started"
    assert table.send(ANN, "top_up", amount=5).code == "not_ofc"


def test_a_poker_table_refuses_a_placement() -> None:
    room = HomeRoom("h1", seats=2)
    outcome = room.handle(ANN, {"type": "place", "id": "p1", "cards": {"As": "top"}}, 0.0)
    assert (outcome.changed, outcome.code) == (False, "not_ofc")


@pytest.mark.parametrize("seats", [1, 4])
def test_an_ofc_table_has_two_or_three_seats(seats: int) -> None:
    with pytest.raises(ValueError, match="2 or 3 seats"):
        OfcRoom("o4", seats=seats)


def test_rows_fill_to_their_sizes() -> None:
    table = heads_up()
    for _ in range(10):  # five deals each
        user = table.decider(ANN, BOB)
        assert user is not None and table.place_randomly(user).changed
    frame = table.snap(None)["results"][0]
    for player in frame["players"]:
        board = player["board"]
        assert [len(board[r.value]) for r in (Row.TOP, Row.MIDDLE, Row.BOTTOM)] == [3, 5, 5]
