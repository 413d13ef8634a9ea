"""OFC bots: always legal; the sensible one rarely fouls and beats random (O-1 … O-7, X-4)."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerroom.bots import ofc_sensible as search
from pokerroom.bots.ofc import (
    OFC_BOTS,
    OfcBot,
    OfcDecision,
    RandomPlacer,
    SensibleBot,
    apply_decision,
    play_ofc_hand,
)
from pokerroom.cards import ALL_CARDS, Card, parse_cards
from pokerroom.evaluate import evaluate_top_row
from pokerroom.ofc import (
    Board,
    CardNotDealtError,
    HandResult,
    IllegalPlacementError,
    NotYourTurnError,
    OfcHand,
    Row,
    RowFullError,
    Session,
    is_fouled,
    top_royalty,
)
from pokerroom.ofc.fantasy import earns_fantasy


class Stacked:
    """A card source dealing a fixed order, for hands built card by card."""

    def __init__(self, cards: list[Card]) -> None:
        self._cards = list(cards)

    def deal(self, count: int) -> list[Card]:
        dealt, self._cards = self._cards[:count], self._cards[count:]
        return dealt


def _mask(cards: tuple[Card, ...]) -> int:
    return sum(card.bit for card in cards)


def assert_complete_and_settled(hand: OfcHand, result: HandResult) -> None:
    """O-1, O-2, O-4: 13 cards per board, each dealt card used once; O-5: points sum to 0."""
    used: list[Card] = []
    for player, board in enumerate(result.boards):
        assert board is not None
        assert (len(board.bottom), len(board.middle), len(board.top)) == (5, 5, 3)
        assert len(hand.discards(player)) == (1 if hand.fantasy[player] else 4)
        used += [*board.cards(), *hand.discards(player)]
    assert max(Counter(used).values()) == 1
    assert sum(result.points) == 0


# -- the random placer ----------------------------------------------------------------------


@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.sampled_from([2, 3]),
    fantasy=st.sets(st.integers(0, 2), max_size=3),
)
def test_random_placer_always_legal(seed: int, players: int, fantasy: set[int]) -> None:
    """O-2, O-4: random placements are accepted, fantasy positions included."""
    hand = OfcHand(players, fantasy=[p for p in fantasy if p < players], seed=seed)
    bots: list[OfcBot] = [RandomPlacer(seed + p) for p in range(players)]
    assert_complete_and_settled(hand, play_ofc_hand(hand, bots))


def test_random_placer_fouls_most_hands() -> None:
    """O-1: placing at random kills most hands, the baseline the sensible bot must beat."""
    fouled = 0
    for seed in range(200):
        result = play_ofc_hand(OfcHand(2, seed=seed), [RandomPlacer(seed), RandomPlacer(-seed)])
        fouled += sum(result.fouled)
    assert fouled > 0.5 * 400


# -- the sensible bot -----------------------------------------------------------------------


@pytest.mark.parametrize(("players", "fantasy"), [(2, ()), (3, ()), (3, (0,)), (3, (1, 2))])
def test_sensible_bot_plays_legally_with_others_and_in_fantasy(
    players: int, fantasy: tuple[int, ...]
) -> None:
    """O-2, O-3, O-4: the sensible bot sits anywhere, in Fantasyland or not."""
    for seed in range(3):
        bots: list[OfcBot] = [
            SensibleBot(seed) if p % 2 == 0 else RandomPlacer(seed) for p in range(players)
        ]
        hand = OfcHand(players, fantasy=fantasy, seed=seed)
        assert_complete_and_settled(hand, play_ofc_hand(hand, bots))


def test_sensible_bot_fouls_rarely_and_beats_random() -> None:
    """O-1, O-5: over 120 hands the sensible bot rarely fouls and wins by a wide margin.

    Measured on this seed: 8 dead hands (6.7 %) against the random placer's 88, and
    +7.6 points per hand (before issue 24's first five: 7, 90 and +6.6; four other
    seeds gave 6–13 % and +6.2 … +8.4, and the 10,000-hand benchmark 8.8 %). The
    bounds leave room for the sampling noise.
    """
    hands = 120
    session = Session(2, seed=1)
    bots: list[OfcBot] = [SensibleBot(1), RandomPlacer(2)]  # by seat
    fouls = Counter[int]()
    for _ in range(hands):
        hand = session.start_hand()
        seats = [session.seat_of(position) for position in range(2)]
        result = play_ofc_hand(hand, [bots[seat] for seat in seats])
        session.finish_hand()
        for position, seat in enumerate(seats):
            fouls[seat] += result.fouled[position]
    assert fouls[0] <= 0.15 * hands
    assert fouls[1] >= 0.5 * hands
    assert session.totals[0] >= 4 * hands


def test_sensible_bot_is_deterministic_when_seeded() -> None:
    hands = [OfcHand(2, seed=9) for _ in range(2)]
    results = [play_ofc_hand(hand, [SensibleBot(4), SensibleBot(5)]) for hand in hands]
    assert results[0] == results[1]
    assert hands[0].events == hands[1].events


FANTASY_CARDS = parse_cards("2s 3s 4s 5s 6s Ah Ad Ac Kc Kd Qh Qd Qc 7h")


def test_o4_fantasyland_sets_the_best_live_board() -> None:
    """O-4: 14 cards at once; the bot sets a live board worth the most and keeps Fantasyland.

    Top AAA (22), middle QQQKK (12), bottom 2-6 straight flush (15): 49 in royalties (O-6)
    and trips on top to repeat.
    """
    others = [card for card in ALL_CARDS if card not in FANTASY_CARDS][:17]
    hand = OfcHand(2, fantasy=[0], source=Stacked([*others, *FANTASY_CARDS]))
    result = play_ofc_hand(hand, [SensibleBot(1), RandomPlacer(2)])
    board = result.boards[0]
    assert board is not None
    assert not result.fouled[0]
    assert result.royalties[0] == 49
    assert sorted(board.top) == sorted(parse_cards("Ah Ad Ac"))
    assert hand.discards(0) == tuple(parse_cards("7h"))
    assert result.fantasy_next[0]


@pytest.mark.parametrize("seed", range(12))
def test_o4_fantasyland_board_is_live(seed: int) -> None:
    """O-1, O-4: from any 14 cards the bot finds a board that is not dead."""
    hand = OfcHand(2, fantasy=[1], seed=seed)
    result = play_ofc_hand(hand, [RandomPlacer(seed), SensibleBot(seed)])
    assert_complete_and_settled(hand, result)
    assert not result.fouled[1]


# -- hidden information (X-4) ---------------------------------------------------------------


def _hand_with_hidden_discard(discard: str, rest_reversed: bool) -> OfcHand:
    """Position 0 sets the same cards in both versions but discards a different card."""
    first = parse_cards("As Ks Qs Js 9h 2d 3d 4d 5d 7h")
    second = parse_cards(f"Ah Kh {discard} 8d 9d 6s")
    rest = [card for card in ALL_CARDS if card not in first + second]
    if rest_reversed:
        rest.reverse()
    hand = OfcHand(2, source=Stacked(first + second + rest))
    for card, row in zip(first[:5], [Row.BOTTOM] * 4 + [Row.TOP], strict=True):
        hand.place(0, card, row)
    for card, row in zip(first[5:], [Row.MIDDLE] * 4 + [Row.TOP], strict=True):
        hand.place(1, card, row)
    hand.place(0, second[0], Row.MIDDLE)
    hand.place(0, second[1], Row.MIDDLE)
    hand.discard(0, second[2])
    return hand


def test_x4_decision_depends_only_on_what_the_bot_may_see() -> None:
    """X-4, O-2: the opponent's discard and the deck order differ, the view and decision do not."""
    one = _hand_with_hidden_discard("Qc", rest_reversed=False)
    two = _hand_with_hidden_discard("Tc", rest_reversed=True)
    assert one.discards(0) != two.discards(0)
    assert one.view(1) == two.view(1)
    assert SensibleBot(3).decide(one.view(1)) == SensibleBot(3).decide(two.view(1))


# -- applying decisions ------------------------------------------------------------------------


Make = Callable[[tuple[Card, ...]], OfcDecision]


def _stranger(cards: tuple[Card, ...]) -> Card:
    return next(card for card in ALL_CARDS if card not in cards)


def _middle(cards: tuple[Card, ...]) -> tuple[tuple[Card, Row], ...]:
    return tuple((card, Row.MIDDLE) for card in cards)


@pytest.mark.parametrize(
    ("make", "error"),
    [
        (
            lambda cards: OfcDecision(tuple((c, Row.BOTTOM) for c in cards[:4])),
            IllegalPlacementError,
        ),
        (lambda cards: OfcDecision(tuple((c, Row.TOP) for c in cards)), RowFullError),
        (lambda cards: OfcDecision(((cards[0], Row.BOTTOM),) * 5), IllegalPlacementError),
        (
            lambda cards: OfcDecision(tuple((c, Row.MIDDLE) for c in cards[1:]), cards[0]),
            IllegalPlacementError,
        ),
        (
            lambda cards: OfcDecision(((_stranger(cards), Row.TOP), *_middle(cards[1:]))),
            CardNotDealtError,
        ),
    ],
)
def test_o2_refused_decision_leaves_the_hand_unchanged(make: Make, error: type[Exception]) -> None:
    """O-1, O-2: a decision that would not set exactly the dealt cards is refused whole.

    Four cards of five, an overfull top, one card five times, a discard in the first
    deal, a card never dealt: each is refused before any card is set.
    """
    hand = OfcHand(2, seed=1)
    before = (hand.events, hand.board(0), hand.pending(0))
    with pytest.raises(error):
        apply_decision(hand, 0, make(hand.pending(0)))
    assert (hand.events, hand.board(0), hand.pending(0)) == before


def test_o2_o3_decision_of_a_player_not_to_act_is_refused() -> None:
    hand = OfcHand(2, seed=1)
    decision = OfcDecision(tuple((card, Row.BOTTOM) for card in hand.pending(0)))
    with pytest.raises(NotYourTurnError):
        apply_decision(hand, 1, decision)
    assert hand.events == OfcHand(2, seed=1).events


def test_ofc_bots_by_name() -> None:
    assert sorted(OFC_BOTS) == ["random", "sensible"]
    for name, make in OFC_BOTS.items():
        assert make(1).name == name


# -- the search's fast arithmetic agrees with the rules ---------------------------------------


def test_o6_o4_top_royalties_and_fantasy_entry_match_the_rules() -> None:
    """E-9, O-6, O-4: every top from 36 cards, by the search's keys and by the rule modules."""
    bottom, middle = parse_cards("9d Td Jd Qd Kd"), parse_cards("2s 2h 2d 2c 3s")
    pool = [card for card in ALL_CARDS if card not in bottom + middle][:36]
    for top in itertools.combinations(pool, 3):
        key = search.count_key(_mask(top))
        board = Board(tuple(bottom), tuple(middle), top)  # live whatever the top (O-1)
        assert search.top_royalty(key) == top_royalty(evaluate_top_row(top))
        assert search.earns_entry(key) == earns_fantasy(board, in_fantasy=False)


@given(st.permutations(ALL_CARDS))
def test_o1_foul_test_of_the_search_matches_the_rules(deck: list[Card]) -> None:
    board = Board(tuple(deck[:5]), tuple(deck[5:10]), tuple(deck[10:13]))
    value = search.final_value(_mask(board.bottom), _mask(board.middle), _mask(board.top))
    assert (value == search.FOUL_VALUE) == is_fouled(board)


@pytest.mark.parametrize(("top", "dead"), [("Qs Qd 3c", False), ("Qs Qd 5c", True)])
def test_o1_foul_test_of_the_search_compares_top_kickers(top: str, dead: bool) -> None:
    """E-9: a top pair equal to the middle pair kills the hand only with a higher kicker."""
    board = Board.of("As Ad Ac 2s 2d", "Qh Qc 4d 3h 2h", top)
    assert is_fouled(board) is dead
    value = search.final_value(_mask(board.bottom), _mask(board.middle), _mask(board.top))
    assert (value == search.FOUL_VALUE) is dead
