"""Open-Face Chinese Pineapple O-1 … O-7 and E-9: royalties, settlement, the hand, a session."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.cards import Card, parse_cards
from pokerroom.errors import PokerroomError
from pokerroom.ofc import (
    Board,
    CardNotDealtError,
    DealCards,
    DiscardCard,
    DiscardError,
    IllegalPlacementError,
    NotYourTurnError,
    OfcHand,
    PlaceCard,
    Row,
    RowFullError,
    Session,
    SurrenderError,
    board_royalties,
    is_fouled,
    row_royalty,
    settle,
    settle_pair,
)
from pokerroom.ofc.fantasy import earns_fantasy
from pokerroom.ofc.scoring import settlement_pairs

# A live board with no royalties, and one that beats it on every row.
PLAIN = Board.of("Ts Td 8c 6s 4d", "9s 9d 3d 4h 5h", "Jh 8d 7d")
STRONG = Board.of("As Ad Ac 2s 2d", "Ks Kd 3c 4s 5d", "Qs Qd 7c")  # royalties 6 + 7
DEAD = Board.of("9h 9c 2c 3s 5c", "As Ad Kc Ks 6d", "2h 3h 4c")  # middle beats bottom


class Stacked:
    """A card source dealing a fixed order, for hands built card by card."""

    def __init__(self, text: str) -> None:
        self._cards = parse_cards(text)

    def deal(self, count: int) -> list[Card]:
        dealt, self._cards = self._cards[:count], self._cards[count:]
        return dealt


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


# -- O-6 royalties --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "points"),
    [
        ("9s Td Jc Qs Kd", 2),  # straight
        ("2h 5h 9h Jh Kh", 4),  # flush
        ("3s 3d 3c 2s 2d", 6),  # full house
        ("7s 7d 7c 7h 2d", 10),  # four of a kind
        ("5c 6c 7c 8c 9c", 15),  # straight flush
        ("Th Jh Qh Kh Ah", 25),  # royal flush
        ("As Ad Ac Kd 2c", 0),  # three of a kind earns nothing on the bottom
    ],
)
def test_o6_bottom_royalties(text: str, points: int) -> None:
    assert row_royalty(Row.BOTTOM, parse_cards(text)) == points


@pytest.mark.parametrize(
    ("text", "points"),
    [
        ("As Ad Ac Kd 2c", 2),  # three of a kind
        ("As 2d 3c 4s 5d", 4),  # straight (the wheel counts)
        ("2h 5h 9h Jh Kh", 8),  # flush
        ("3s 3d 3c 2s 2d", 12),  # full house
        ("7s 7d 7c 7h 2d", 20),  # four of a kind
        ("5c 6c 7c 8c 9c", 30),  # straight flush
        ("Ts Js Qs Ks As", 50),  # royal flush
        ("As Ad Kc Kd 2c", 0),  # two pair earns nothing
    ],
)
def test_o6_middle_royalties(text: str, points: int) -> None:
    assert row_royalty(Row.MIDDLE, parse_cards(text)) == points


PAIR_ROYALTIES = [(rank, 1 + index) for index, rank in enumerate("6789TJQKA")]
TRIPS_ROYALTIES = [(rank, 10 + index) for index, rank in enumerate("23456789TJQKA")]


@pytest.mark.parametrize(("rank", "points"), PAIR_ROYALTIES)
def test_o6_top_pairs_66_is_1_to_aa_is_9(rank: str, points: int) -> None:
    kicker = "2c" if rank != "2" else "3c"
    assert row_royalty(Row.TOP, parse_cards(f"{rank}s {rank}d {kicker}")) == points


@pytest.mark.parametrize(("rank", "points"), TRIPS_ROYALTIES)
def test_o6_top_trips_222_is_10_to_aaa_is_22(rank: str, points: int) -> None:
    assert row_royalty(Row.TOP, parse_cards(f"{rank}s {rank}d {rank}c")) == points


@pytest.mark.parametrize("text", ["5s 5d Ac", "As Kd Qc", "2s 3d 4c", "Ah Kh Qh"])
def test_o6_e9_top_without_royalty(text: str) -> None:
    """55 and below pay nothing; no straight or flush on top (E-9)."""
    assert row_royalty(Row.TOP, parse_cards(text)) == 0


def test_o6_board_royalties_add_up_and_o5_dead_hand_earns_none() -> None:
    assert board_royalties(STRONG) == 6 + 0 + 7
    assert board_royalties(Board.of("Th Jh Qh Kh Ah", "2s 2d 5c 5s 7d", "As Ad Ac")) == 0


# -- O-1 / E-9 fouling ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("board", "fouled"),
    [
        (PLAIN, False),
        (STRONG, False),
        (DEAD, True),
        # E-9: equal pair on top and in the middle; the missing kickers rank lowest.
        (Board.of("As Ad Ac 2s 2d", "Qh Qc 4d 3h 2h", "Qs Qd 3c"), False),
        (Board.of("As Ad Ac 2s 2d", "Qh Qc 4d 3h 2h", "Qs Qd 5c"), True),
        # Trips on top beat two pair in the middle.
        (Board.of("As Ad Ac 2s 2d", "Kh Kc 4d 4h 2h", "7s 7d 7c"), True),
        # Top A-K-Q is no straight (E-9): it loses to a middle pair of twos.
        (Board.of("As Ad Ac 9s 9d", "2h 2c 4d 5h 7h", "Ks Qd Jc"), False),
        # High card: middle A-K-7-... beats top A-K-6, but not top A-K-Q.
        (Board.of("9s 9d 3c 3s 2d", "Ah Kc 7d 5h 3h", "As Kd 6c"), False),
        (Board.of("9s 9d 3c 3s 2d", "Ah Kc 7d 5h 3h", "As Kd Qc"), True),
        # An equal bottom and middle is still live.
        (Board.of("Ks Qs 9c 7h 5d", "Kd Qd 9h 7c 5s", "2c 3c 4h"), False),
    ],
)
def test_o1_e9_fouling(board: Board, fouled: bool) -> None:
    assert is_fouled(board) is fouled


@pytest.mark.parametrize("row", ["side", "Bottom row", 5, None])
def test_o1_a_bad_row_name_is_refused_by_name_and_changes_nothing(row: object) -> None:
    """O-1: three rows; anything else is one named error and the hand is unchanged."""
    hand = OfcHand(2, seed=1)
    player = hand.to_act
    assert player is not None
    card = hand.pending(player)[0]
    with pytest.raises(IllegalPlacementError, match=r"unknown row .*; the rows are bottom, mid"):
        hand.place(player, card, row)  # type: ignore[arg-type]
    assert hand.board(player) == Board() and card in hand.pending(player)


def test_o1_a_row_may_be_named_by_its_text() -> None:
    """O-1: ``"top"`` names the top row, as ``Row.TOP`` does."""
    hand = OfcHand(2, seed=1)
    player = hand.to_act
    assert player is not None
    card = hand.pending(player)[0]
    hand.place(player, card, "top")
    assert hand.board(player).top == (card,)


# -- O-5 settlement -------------------------------------------------------------------


def test_o5_one_point_per_row_two_to_one() -> None:
    mine = Board.of("Ts Td 8c 6s 4d", "9s 9d 3d 4h 5h", "Ah 8d 7d")  # wins the top only
    theirs = Board.of("Js Jd 8h 6c 4c", "Th Tc 3c 4s 5s", "Kh 8s 7c")
    pair = settle_pair(mine, theirs)
    assert (pair.rows, pair.scoop, pair.royalties, pair.points) == (-1, 0, 0, -1)


def test_o5_tied_row_scores_nothing_and_is_no_scoop() -> None:
    mine = Board.of("Ts Td 8c 6s 4d", "9s 9d 3d 4h 5h", "Ah 8d 7d")
    theirs = Board.of("Th Tc 8h 6c 4c", "7h 7s 3c 4s 5s", "Kh 8s 6d")
    pair = settle_pair(mine, theirs)
    assert (pair.rows, pair.scoop) == (2, 0)


def test_o5_scoop_is_worth_six_and_o6_royalties_are_net() -> None:
    pair = settle_pair(STRONG, PLAIN)
    assert (pair.rows, pair.scoop, pair.royalties) == (3, 3, 13)
    assert settle_pair(PLAIN, STRONG).points == -19


def test_o5_dead_hand_loses_all_rows_and_pays_royalties() -> None:
    pair = settle_pair(DEAD, STRONG)
    assert (pair.rows, pair.scoop, pair.royalties, pair.points) == (-3, -3, -13, -19)


def test_o5_two_dead_hands_score_zero() -> None:
    assert settle_pair(DEAD, DEAD).points == 0


def test_o5_surrender_pays_two_to_each_opponent_who_did_not() -> None:
    points, _ = settle([None, STRONG, DEAD])
    assert points == [-4, 2 + 19, 2 - 19]
    assert settle([None, None, PLAIN])[0] == [-2, -2, 4]


def test_o7_settlement_order_and_zero_sum() -> None:
    assert settlement_pairs(3) == [(0, 1), (0, 2), (1, 2)]
    assert settlement_pairs(2) == [(0, 1)]
    points, pairs = settle([PLAIN, STRONG, DEAD])
    assert [(p.first, p.second) for p in pairs] == [(0, 1), (0, 2), (1, 2)]
    assert sum(points) == 0
    assert points == [-19 + 6, 19 + 19, -6 - 19]


# -- O-4 fantasyland ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("top", "earned"),
    [("Qh Qc 2h", True), ("Kh Kc 2h", True), ("Ah Ac 2h", True), ("Jh Jc 2h", False)],
)
def test_o4_fantasy_entry_with_qq_or_better_on_top(top: str, earned: bool) -> None:
    board = Board.of("As Ad Ac 9s 9d", "5s 5d 5c 4s 3d", top)
    assert earns_fantasy(board, in_fantasy=False) is earned


def test_o4_fantasy_entry_needs_a_live_hand() -> None:
    board = Board.of("Ks Kd 3c 4s 5d", "As Ad Ac 9s 9d", "Qh Qc 2h")
    assert is_fouled(board)
    assert not earns_fantasy(board, in_fantasy=False)


@pytest.mark.parametrize(
    ("board", "repeats"),
    [
        (Board.of("As Ad Ac 9s 9d", "Ks Kd Kc 4s 5d", "2h 2c 2s"), True),  # trips on top
        (Board.of("9s 9d 9c 9h 2d", "Ks Kd 3c 4s 5d", "Qh Qc 2h"), True),  # quads bottom
        (Board.of("5c 6c 7c 8c 9c", "Ks Kd 3c 4s 5d", "Qh Qd 2h"), True),  # straight flush
        (Board.of("As Ad Ac 9s 9d", "Ks Kd 3c 4s 5d", "Ah Qc Qd"), False),  # QQ only
    ],
)
def test_o4_fantasy_repeat(board: Board, repeats: bool) -> None:
    assert earns_fantasy(board, in_fantasy=True) is repeats


# -- O-2 / O-3 the hand ---------------------------------------------------------------


def snapshot(hand: OfcHand) -> tuple[object, ...]:
    players = range(hand.players)
    return (
        hand.events,
        hand.to_act,
        hand.deal,
        hand.to_place,
        hand.to_discard,
        tuple(hand.board(p) for p in players),
        tuple(hand.pending(p) for p in players),
        tuple(hand.discards(p) for p in players),
    )


def test_o2_first_deal_one_player_at_a_time() -> None:
    hand = OfcHand(3, seed=5)
    assert hand.to_act == 0
    assert [len(hand.pending(p)) for p in range(3)] == [5, 0, 0]
    for card in hand.pending(0):
        hand.place(0, card, Row.BOTTOM)
    assert hand.to_act == 1
    assert [len(hand.pending(p)) for p in range(3)] == [0, 5, 0]
    assert [type(e) for e in hand.events[:6]] == [DealCards] + [PlaceCard] * 5


def test_o2_o3_three_card_deals_set_two_discard_one_in_position_order() -> None:
    hand = OfcHand(2, seed=9)
    rows = [Row.BOTTOM] * 5 + [Row.MIDDLE] * 5 + [Row.TOP] * 3
    order: list[int] = []
    while not hand.is_over:
        player = hand.to_act
        assert player is not None
        order.append(player)
        pending = hand.pending(player)
        if hand.deal == 0:
            assert len(pending) == 5
        else:
            assert len(pending) == 3
            hand.discard(player, pending[2])
        for card in pending[: hand.to_place]:
            hand.place(player, card, rows[len(hand.board(player))])
    assert order == [0, 1] * 5
    assert all(hand.board(p).complete and len(hand.discards(p)) == 4 for p in range(2))


def first_five_set(hand: OfcHand, rows: list[Row]) -> None:
    player = hand.to_act
    assert player is not None
    for card, row in zip(hand.pending(player), rows, strict=True):
        hand.place(player, card, row)


@pytest.mark.parametrize(
    ("action", "error"),
    [
        ("full_row", RowFullError),
        ("not_dealt", CardNotDealtError),
        ("other_players_card", CardNotDealtError),
        ("second_discard", DiscardError),
        ("third_card_set", DiscardError),
        ("wrong_turn", NotYourTurnError),
    ],
)
def test_o2_illegal_placements_rejected_and_state_unchanged(
    action: str, error: type[PokerroomError]
) -> None:
    hand = OfcHand(2, seed=3)
    first_five_set(hand, [Row.TOP] * 3 + [Row.MIDDLE] * 2)
    first_five_set(hand, [Row.BOTTOM] * 5)
    # Player 0 now holds three cards with a full top row.
    a, b, c = hand.pending(0)
    if action == "second_discard":
        hand.discard(0, a)
    if action == "third_card_set":
        hand.place(0, a, Row.BOTTOM)
        hand.place(0, b, Row.BOTTOM)
    before = snapshot(hand)
    with pytest.raises(error) as caught:
        if action == "full_row":
            hand.place(0, a, Row.TOP)
        elif action == "not_dealt":
            outside = next(card for card in parse_cards("2c 3c 4c 5c") if card not in (a, b, c))
            hand.place(0, outside, Row.BOTTOM)
        elif action == "other_players_card":
            hand.place(0, hand.board(1).bottom[0], Row.BOTTOM)
        elif action == "second_discard":
            hand.discard(0, b)
        elif action == "third_card_set":
            hand.place(0, c, Row.MIDDLE)
        else:
            hand.place(1, a, Row.BOTTOM)
    assert isinstance(caught.value, ValueError)
    assert str(caught.value)
    assert snapshot(hand) == before


def test_o2_first_deal_has_no_discard() -> None:
    hand = OfcHand(2, seed=4)
    before = snapshot(hand)
    with pytest.raises(DiscardError, match="first deal has no discard"):
        hand.discard(0, hand.pending(0)[0])
    assert snapshot(hand) == before


def test_o2_cards_once_set_never_move() -> None:
    hand = OfcHand(2, seed=4)
    card = hand.pending(0)[0]
    hand.place(0, card, Row.TOP)
    with pytest.raises(CardNotDealtError):
        hand.place(0, card, Row.BOTTOM)
    assert hand.board(0).top == (card,)


def test_views_hide_unset_cards_and_discards_of_others() -> None:
    hand = OfcHand(2, seed=11)
    first_five_set(hand, [Row.BOTTOM] * 5)
    first_five_set(hand, [Row.BOTTOM] * 5)
    discarded = hand.pending(0)[0]
    hand.discard(0, discarded)
    view = hand.view(1)
    assert view.pending == () and view.discards == ()
    dealt_to_0 = [e for e in view.events if isinstance(e, DealCards) and e.player == 0]
    assert all(card is None for e in dealt_to_0 for card in e.cards)
    assert DiscardCard(0, None) in view.events
    assert DiscardCard(0, discarded) in hand.view(0).events
    assert view.boards[0] == hand.board(0)  # set cards are face up (O-2)


# -- O-4 fantasy in the hand, O-5 surrender -------------------------------------------


def test_o4_fantasy_player_gets_14_sets_last_hidden_until_round_ends() -> None:
    hand = OfcHand(2, fantasy=[0], seed=21)
    assert hand.to_act == 1  # O-4: the fantasy player sets after all others
    assert len(hand.pending(0)) == 0
    rng = random.Random(0)
    while hand.to_act == 1:
        play_one_step(hand, rng)
    assert hand.to_act == 0 and hand.deal == -1
    assert len(hand.pending(0)) == 14 and (hand.to_place, hand.to_discard) == (13, 1)
    play_one_step(hand, rng)
    play_one_step(hand, rng)
    hidden = hand.view(1)
    assert hidden.boards[0] is None
    assert all(
        e.card is None and e.row is None
        for e in hidden.events
        if isinstance(e, PlaceCard) and e.player == 0
    )
    while not hand.is_over:
        play_one_step(hand, rng)
    shown = hand.view(1)
    assert shown.boards[0] == hand.board(0) and hand.board(0).complete
    assert len(hand.discards(0)) == 1
    assert DiscardCard(0, None) in shown.events


def test_o5_surrender_only_before_setting_cards() -> None:
    hand = OfcHand(3, seed=8)
    hand.place(0, hand.pending(0)[0], Row.BOTTOM)
    before = snapshot(hand)
    with pytest.raises(SurrenderError, match="only before"):
        hand.surrender(0)
    assert snapshot(hand) == before
    hand.surrender(2)  # not yet dealt: allowed
    rng = random.Random(1)
    while not hand.is_over:
        assert hand.to_act != 2
        play_one_step(hand, rng)
    result = hand.result
    assert result is not None
    assert result.boards[2] is None
    assert result.points[2] == -4 and sum(result.points) == 0


def test_o5_surrender_leaving_one_player_ends_the_hand() -> None:
    hand = OfcHand(2, seed=8)
    hand.surrender(0)
    assert hand.is_over and hand.result is not None
    assert hand.result.points == (-2, 2)


# -- properties over random legal play ------------------------------------------------


def play_one_step(hand: OfcHand, rng: random.Random) -> None:
    player = hand.to_act
    assert player is not None
    pending = hand.pending(player)
    if hand.to_discard and (hand.to_place == 0 or rng.random() < 0.3):
        hand.discard(player, rng.choice(pending))
        return
    open_rows = [row for row in Row if hand.board(player).free(row) > 0]
    hand.place(player, rng.choice(pending), rng.choice(open_rows))


@settings(max_examples=60, deadline=None)
@given(
    players=st.integers(2, 3),
    fantasy=st.sets(st.integers(0, 2)),
    seed=st.integers(0, 2**32),
    choices=st.randoms(use_true_random=False),
)
def test_random_legal_play_properties(
    players: int, fantasy: set[int], seed: int, choices: random.Random
) -> None:
    hand = OfcHand(players, fantasy={p for p in fantasy if p < players}, seed=seed)
    while not hand.is_over:
        play_one_step(hand, choices)
    result = hand.result
    assert result is not None
    assert sum(result.points) == 0  # O-5
    seen: Counter[Card] = Counter()
    for p in range(players):
        assert hand.board(p).complete  # O-1: 13 cards each
        assert hand.pending(p) == ()
        expected_discards = 1 if hand.fantasy[p] else 4
        assert len(hand.discards(p)) == expected_discards
        seen.update(hand.board(p).cards())
        seen.update(hand.discards(p))
        assert result.fouled[p] == is_fouled(hand.board(p))
    assert all(count == 1 for count in seen.values())  # C-1: one deck


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 3))
def test_session_button_moves_and_totals_sum_to_zero(seed: int, players: int) -> None:
    session = Session(players, seed=seed)
    rng = random.Random(seed)
    buttons = []
    for _ in range(4):
        buttons.append(session.button)
        hand = session.start_hand()
        while not hand.is_over:
            play_one_step(hand, rng)
        session.finish_hand()
        assert sum(session.totals) == 0
    assert buttons == [n % players for n in range(4)]  # O-3
    assert session.hands_played == 4


def test_o4_session_carries_fantasy_to_the_same_seat() -> None:
    session = Session(2, seed=2)
    rng = random.Random(2)
    for _ in range(3000):
        hand = session.start_hand()
        expected = {session.seat_of(p) for p in range(2) if hand.fantasy[p]}
        assert expected == session.fantasy_seats
        while not hand.is_over:
            play_one_step(hand, rng)
        result = session.finish_hand()
        if any(result.fantasy_next):
            earned = {seat for seat in range(2) if result.fantasy_next[(seat - session.button) % 2]}
            assert session.fantasy_seats == earned
            following = session.start_hand()
            assert {session.seat_of(p) for p in range(2) if following.fantasy[p]} == earned
            return
    pytest.fail("random play never earned fantasy")


def test_a_restored_session_deals_on_exactly_as_one_never_stopped() -> None:
    """Restored from what is saved between hands (seed, hands played, button, totals,
    fantasy seats), a session deals every later hand as the straight one does (O-3, O-4)."""
    straight = Session(3, seed=11)
    rng = random.Random(11)
    for _ in range(2):
        hand = straight.start_hand()
        while not hand.is_over:
            play_one_step(hand, rng)
        straight.finish_hand()
    restored = Session.restore(
        3,
        seed=straight.seed,
        hands_played=straight.hands_played,
        button=straight.button,
        totals=straight.totals,
        fantasy_seats=straight.fantasy_seats,
    )
    assert restored.totals == straight.totals and restored.button == straight.button == 2
    for number in range(2):
        ours, theirs = restored.start_hand(), straight.start_hand()
        assert restored.hand_seed == straight.hand_seed
        assert ours.events == theirs.events and ours.fantasy == theirs.fantasy
        mine, yours = random.Random(number), random.Random(number)  # the same choices
        while not theirs.is_over:
            play_one_step(ours, mine)
            play_one_step(theirs, yours)
        assert ours.events == theirs.events
        assert restored.finish_hand() == straight.finish_hand()
        assert (restored.totals, restored.button) == (straight.totals, straight.button)


def test_o4_a_restored_fantasy_seat_gets_14_cards() -> None:
    session = Session.restore(
        2, seed=3, hands_played=5, button=1, totals=(4, -4), fantasy_seats={0}
    )
    hand = session.start_hand()
    assert session.seat_of(0) == 0 and hand.fantasy == (True, False)  # O-3: seat 0 left of it
    assert len(hand.pending(1)) == 5 and hand.deal == 0
    assert Session(2, seed=3).seed == 3 and Session(2).seed is None  # C-3: no seed is made up


@pytest.mark.parametrize(
    ("hands_played", "button", "totals", "fantasy", "message"),
    [
        (-1, 0, (3, -3), set(), "hands played cannot be negative"),
        (2, 2, (3, -3), set(), "the button must be a seat 0..1, got 2"),
        (2, 0, (1, 0), set(), "totals need one entry per seat summing to zero"),
        (2, 0, (0, 0, 0), set(), "totals need one entry per seat summing to zero"),
        (2, 0, (3, -3), {2}, "fantasy seats must be 0..1, got [2]"),
    ],
)
def test_restore_refuses_a_state_no_session_can_reach(
    hands_played: int, button: int, totals: tuple[int, ...], fantasy: set[int], message: str
) -> None:
    with pytest.raises(PokerroomError, match=re.escape(message)):
        Session.restore(
            2,
            seed=1,
            hands_played=hands_played,
            button=button,
            totals=totals,
            fantasy_seats=fantasy,
        )
