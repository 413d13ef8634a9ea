"""The equity calculator: exact figures, hi-lo shares, Monte Carlo error bars, bad input."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.cards import ALL_CARDS, Card
from pokerroom.cardset import CardSet
from pokerroom.equity.calculator import Game, calculate_equity
from pokerroom.errors import CardCountError, DuplicateCardError
from pokerroom.evaluate import high_strength
from pokerroom.evaluate.omaha import omaha_high_strength


def parse_all(*texts: str) -> list[CardSet | None]:
    return [CardSet.parse(text) for text in texts]


def test_e4_exact_heads_up_preflop_ak_suited_vs_queens() -> None:
    """E-4."""
    result = calculate_equity(parse_all("AhKh", "QsQd"))
    ace_king, queens = result.hands
    assert result.exact
    assert result.boards == 1_712_304
    assert (ace_king.wins, ace_king.ties) == (787_966, 6_732)
    assert ace_king.equity == pytest.approx(0.462145, abs=1e-6)
    assert ace_king.equity + queens.equity == pytest.approx(1.0)
    assert queens.ties == ace_king.ties


def brute_force_shares(hands: list[CardSet], board: CardSet) -> list[float]:
    """Independent reference: every remaining board through the single-hand evaluator."""
    used = board.mask | sum(hand.mask for hand in hands)
    rest = [card for card in ALL_CARDS if not card.bit & used]
    shares = [0.0] * len(hands)
    boards = 0
    for extra in itertools.combinations(rest, 5 - len(board)):
        full = board.mask | CardSet(extra).mask
        values = [high_strength(full | hand.mask) for hand in hands]
        best = max(values)
        winners = [i for i, value in enumerate(values) if value == best]
        for i in winners:
            shares[i] += 1 / len(winners)
        boards += 1
    return [share / boards for share in shares]


@settings(max_examples=40)
@given(st.lists(st.sampled_from(ALL_CARDS), min_size=8, max_size=12, unique=True))
def test_e4_p2_exact_equity_matches_brute_force_on_the_turn(cards: list[Card]) -> None:
    """E-4, P-2."""
    players = (len(cards) - 4) // 2
    hands = [CardSet(cards[2 * i : 2 * i + 2]) for i in range(players)]
    board = CardSet(cards[-4:])
    result = calculate_equity(list(hands), board=board)
    assert result.exact and result.boards == 52 - 4 - 2 * players
    assert [h.equity for h in result.hands] == pytest.approx(brute_force_shares(hands, board))
    assert sum(h.equity for h in result.hands) == pytest.approx(1.0)


@settings(max_examples=25)
@given(st.lists(st.sampled_from(ALL_CARDS), min_size=12, max_size=12, unique=True))
def test_e5_omaha_exact_equity_matches_brute_force_on_the_turn(cards: list[Card]) -> None:
    """E-5."""
    hands = [CardSet(cards[0:4]), CardSet(cards[4:8])]
    board = CardSet(cards[8:])
    result = calculate_equity(list(hands), board=board, game=Game.OMAHA)
    used = board.mask | hands[0].mask | hands[1].mask
    shares = [0.0, 0.0]
    rivers = [card for card in ALL_CARDS if not card.bit & used]
    for river in rivers:
        full = board.mask | river.bit
        values = [omaha_high_strength(hand.mask, full) for hand in hands]
        for i, value in enumerate(values):
            if value == max(values):
                shares[i] += 1 / values.count(value)
    assert [h.equity for h in result.hands] == pytest.approx([s / len(rivers) for s in shares])


def test_p7_omaha_hilo_quartering_on_the_river() -> None:
    """P-7."""
    board = CardSet.parse("2c 3d 4h Kc Kd")
    result = calculate_equity(
        parse_all("As 5s Qh Jh", "Ad 5d Qs Js", "Kh Ks 9c 9d"), board=board, game=Game.OMAHA_HILO
    )
    assert [h.equity for h in result.hands] == [0.25, 0.25, 0.5]
    assert [h.ties for h in result.hands] == [1, 1, 1]


def test_p7_no_qualifying_low_the_high_scoops() -> None:
    """P-7."""
    board = CardSet.parse("9c Td Jh Kc Kd")
    result = calculate_equity(
        parse_all("As 2s 3h 4h", "Kh Ks 9h 8d"), board=board, game=Game.OMAHA_HILO
    )
    assert [h.equity for h in result.hands] == [0.0, 1.0]
    assert result.hands[1].wins == 1


def test_e5_omaha_exact_on_the_flop_counts_every_turn_and_river() -> None:
    """E-5."""
    result = calculate_equity(
        parse_all("Ah Kh Qd Jd", "9s 9c 8s 7c"), board=CardSet.parse("Th 9h 2d"), game=Game.OMAHA
    )
    assert result.exact and result.boards == 820  # C(41, 2)
    assert sum(h.equity for h in result.hands) == pytest.approx(1.0)


def test_monte_carlo_reports_sample_size_error_and_is_reproducible() -> None:
    hands = parse_all("AhKh", "QsQd")
    first = calculate_equity(hands, trials=200_000, seed=11)
    second = calculate_equity(hands, trials=200_000, seed=11)
    assert not first.exact and first.boards == 200_000
    assert [h.equity for h in first.hands] == [h.equity for h in second.hands]
    error = first.hands[0].std_error
    assert error is not None and 0.0005 < error < 0.002
    assert abs(first.hands[0].equity - 0.462145) < 4 * error


def test_unknown_hand_switches_to_monte_carlo() -> None:
    result = calculate_equity([CardSet.parse("AsAd"), None], trials=100_000, seed=3)
    assert not result.exact
    assert 0.84 < result.hands[0].equity < 0.86  # aces against a random hand: about 85 %


@pytest.mark.parametrize(
    ("hands", "game", "message"),
    [
        (["AhKh", "AhQd"], Game.HOLDEM, "Ah appears twice"),
        (["AhKh"], Game.HOLDEM, "at least 2 hands"),
        (["AhKh", "QsQd"], Game.OMAHA, "must all have 4 or 5 or 6 cards"),
        (["AhKhQhJh", "QsQdJs"], Game.OMAHA, "got hands of 4, 3 cards"),
        (["AhKhQhJh9d9c"] * 1, Game.OMAHA, "at least 2"),
    ],
)
def test_bad_input_names_the_problem(hands: list[str], game: Game, message: str) -> None:
    with pytest.raises((CardCountError, DuplicateCardError), match=message):
        calculate_equity(parse_all(*hands), game=game)


def test_v0_too_many_players_for_the_deck() -> None:
    """V-0."""
    hands = [CardSet(ALL_CARDS[6 * i : 6 * i + 6]) for i in range(8)]
    with pytest.raises(CardCountError, match="at most 7 players"):
        calculate_equity(list(hands), game=Game.OMAHA)
