"""Pots and showdown (P-1 … P-7), variants and seat limits (V-0 … V-3), views (X-4)."""

from __future__ import annotations

import pytest

from pokerroom.cards import parse_cards
from pokerroom.deck import Deck
from pokerroom.engine import HOLDEM, Hand, HandConfig, IllegalAction, Limit, Options, omaha
from pokerroom.engine import events as ev
from pokerroom.engine.options import DealStart
from pokerroom.engine.views import view_of
from pokerroom.errors import UsageError
from tests.engine_helpers import play as play_and_deal


def play(hand: Hand, *moves: str) -> Hand:
    """Bets only: these tests deal their own boards."""
    return play_and_deal(hand, *moves, deal=False)


def manual(
    stacks: list[int], holes: list[str], *, antes: list[int] | None = None, **kw: object
) -> Hand:
    """An unblinded hand with the given hole cards (no card source: boards dealt by the test)."""
    config = HandConfig(
        variant=kw.pop("variant", HOLDEM),  # type: ignore[arg-type]
        limit=Limit.NO_LIMIT,
        stacks=tuple(stacks),
        min_bet=10,
        antes=tuple(antes) if antes else (),
        options=kw.pop("options", Options()),  # type: ignore[arg-type]
    )
    hand = Hand(config)
    for player, text in enumerate(holes):
        hand.deal_hole(player, parse_cards(text))
    return hand


def deal_board(hand: Hand, board: str) -> None:
    cards = parse_cards(board)
    hand.deal_board(cards[:3])
    hand.deal_board(cards[3:4])
    hand.deal_board(cards[4:5])


def finish(hand: Hand, board: str) -> Hand:
    """Check every round down, deal ``board`` street by street, and settle the showdown."""
    cards = parse_cards(board)
    while hand.phase != "done":
        if hand.phase == "bet":
            play(hand, "x")
        elif hand.phase == "deal":
            size = hand.config.variant.streets[hand.street].board
            hand.deal_board(cards[len(hand.board) : len(hand.board) + size])
        else:
            hand.auto_showdown()
    return hand


def awards(hand: Hand) -> list[tuple[int, int, int, str]]:
    return [(e.player, e.amount, e.pot, e.share) for e in hand.events if isinstance(e, ev.Award)]


def test_p1_example_001_side_pot_and_returned_bet() -> None:
    """P-1."""
    # C (position 0) bets 80, B (1) calls all-in for 50, A (2) calls all-in for 20.
    hand = manual([200, 50, 20], ["Kh Kd", "Qh Qd", "Ah Ad"])
    play(hand, "r80", "c", "c")
    assert ev.ReturnUncalled(0, 30) in hand.events
    deal_board(hand, "2c 7d 9h Jc 3s")
    assert hand.phase == "done"
    assert awards(hand) == [(2, 60, 0, "all"), (0, 60, 1, "all")]
    assert hand.stacks == (210, 0, 60)


def test_p2_equal_hands_split_each_pot_separately() -> None:
    """P-2."""
    hand = manual([100, 100, 30], ["2h 3h", "2d 3d", "4c 5c"])
    play(hand, "r30", "c", "c")
    finish(hand, "Ts Js Qs Ks 9d")
    assert awards(hand) == [(0, 30, 0, "all"), (1, 30, 0, "all"), (2, 30, 0, "all")]


@pytest.mark.parametrize(("chip", "expected"), [(1, [8, 7]), (5, [10, 5])])
def test_p3_odd_chip_to_the_first_winner_left_of_the_button(chip: int, expected: list[int]) -> None:
    """P-3."""
    holes = ["Ah 2h", "Ad 2d", "Kc 3c"]
    hand = manual([100] * 3, holes, antes=[5, 5, 5], options=Options(smallest_chip=chip))
    finish(hand, "As 9c 7d 5h 4s")
    assert [amount for _, amount, _, _ in awards(hand)] == expected


def river_showdown(options: Options, river_bettor: bool) -> Hand:
    config = HandConfig.holdem([200, 200, 200], small_blind=1, big_blind=2, options=options)
    hand = Hand(config)
    for player, text in enumerate(["Ah Kh", "Qd Qc", "7s 2d"]):
        hand.deal_hole(player, parse_cards(text))
    play(hand, "r6", "c", "c")
    hand.deal_board(parse_cards("2c 8d 9h"))
    play(hand, "x", "x", "x")
    hand.deal_board(parse_cards("Jc"))
    play(hand, "x", "x", "x")
    hand.deal_board(parse_cards("3s"))
    if river_bettor:
        play(hand, "x", "r20", "c", "c")
    else:
        play(hand, "x", "x", "x")
    return hand


def test_p4_showdown_order_home_and_club() -> None:
    """P-4."""
    assert river_showdown(Options(), river_bettor=False).next_to_show == 0  # left of the button
    assert river_showdown(Options.profile("club"), river_bettor=False).next_to_show == 2
    assert river_showdown(Options(), river_bettor=True).next_to_show == 1  # the river bettor


def test_p5_muck_after_a_show_keeps_cards_hidden() -> None:
    """P-5."""
    hand = river_showdown(Options(), river_bettor=False)
    hand.show(0)
    with pytest.raises(IllegalAction) as error:
        hand.show(0)
    assert error.value.rule == "P-4"
    hand.muck(1)
    hand.show(2)
    seen_by_2 = view_of(hand, 2)
    assert seen_by_2.hole[1] == (None, None)
    assert all(
        not (isinstance(e, ev.DealHole) and e.player == 1 and e.cards[0]) for e in seen_by_2.events
    )
    assert hand.phase == "done"


def test_p5_last_live_hand_for_a_pot_must_show() -> None:
    """P-5."""
    hand = river_showdown(Options(), river_bettor=False)
    hand.muck(0)  # the first to show may give up the pot
    hand.muck(1)
    with pytest.raises(IllegalAction) as error:
        hand.muck(2)
    assert error.value.rule == "P-5"
    hand.show(2)
    assert awards(hand) == [(2, 18, 0, "all")]


def test_p6_a_shown_hand_shows_both_hole_cards() -> None:
    """P-6."""
    hand = river_showdown(Options(), river_bettor=False)
    hand.auto_showdown()
    shows = {e.player: e.cards for e in hand.events if isinstance(e, ev.Show)}
    assert shows[0] == tuple(parse_cards("Ah Kh"))


def test_p7_hi_lo_quartering() -> None:
    """P-7."""
    variant = omaha(4, hi_lo=True)
    hand = manual(
        [100, 100, 100],
        ["As 5s Qh Jh", "Ad 5d Qs Js", "Kh Ks 9c 9d"],
        antes=[40, 40, 40],
        variant=variant,
    )
    finish(hand, "2c 3d 4h Kc Kd")
    assert sorted(awards(hand)) == [(0, 30, 0, "low"), (1, 30, 0, "low"), (2, 60, 0, "high")]


def test_p7_no_low_the_high_scoops() -> None:
    """P-7."""
    variant = omaha(4, hi_lo=True)
    hand = manual([100, 100], ["As 2s Qh Jh", "Kh Ks 9c 8d"], antes=[20, 20], variant=variant)
    finish(hand, "9d Td Jc Kc 3d")
    assert awards(hand) == [(0, 40, 0, "all")]  # the straight scoops: no qualifying low


def test_p7_odd_chip_from_halving_goes_to_the_high_half() -> None:
    """P-7."""
    variant = omaha(4, hi_lo=True)
    holes = ["As 5s Qh Jh", "Qd Jd Tc 8c", "Kh Ks 9c 9d"]
    hand = manual([100, 100, 100], holes, antes=[7, 7, 7], variant=variant)
    finish(hand, "2c 3d 4h Kc Kd")
    assert sorted(awards(hand)) == [(0, 10, 0, "low"), (2, 11, 0, "high")]


def test_v0_seat_limits_follow_from_the_deck() -> None:
    """V-0."""
    with pytest.raises(UsageError, match="V-0"):
        HandConfig.holdem([100] * 11, small_blind=1, big_blind=2)
    with pytest.raises(UsageError, match="2 to 8 players"):
        HandConfig.holdem([100] * 9, small_blind=1, big_blind=2, variant=omaha(5))
    assert omaha(6).max_players == 7


def test_v1_deal_order_home_and_club_heads_up() -> None:
    """V-1."""
    first_card = Deck(seed=3).deal(1)[0]
    home = Hand(HandConfig.holdem([100, 100], small_blind=1, big_blind=2), Deck(seed=3))
    assert home.hole[0][0] == first_card  # the button is dealt last
    club_options = Options(deal_start=DealStart.SMALL_BLIND)
    club = Hand(
        HandConfig.holdem([100, 100], small_blind=1, big_blind=2, options=club_options),
        Deck(seed=3),
    )
    assert club.hole[1][0] == first_card  # dealing starts with the small blind (the button)


@pytest.mark.parametrize("hole", [4, 5, 6])
def test_v2_omaha_deals_four_five_or_six_and_burns_before_each_street(hole: int) -> None:
    """V-2."""
    config = HandConfig.holdem([100] * 3, small_blind=1, big_blind=2, variant=omaha(hole))
    hand = Hand(config, Deck(seed=1))
    assert all(len(cards) == hole for cards in hand.hole)
    play(hand, "c", "c", "x")
    assert sum(isinstance(e, ev.Burn) for e in hand.events) == 1 and len(hand.board) == 3


def test_v3_omaha_hi_lo_is_omaha_with_split_pots() -> None:
    """V-3."""
    assert omaha(4, hi_lo=True).showdown.splits_low
    assert not omaha(4).showdown.splits_low


def test_x4_views_hide_other_hole_cards_deck_and_burns() -> None:
    """X-4."""
    hand = Hand(HandConfig.holdem([100, 100, 100], small_blind=1, big_blind=2), Deck(seed=9))
    play(hand, "c", "c", "x")
    view = view_of(hand, 1)
    assert view.hole[1] == tuple(hand.hole[1])
    assert view.hole[0] == (None, None) and view.hole[2] == (None, None)
    for event in view.events:
        if isinstance(event, ev.DealHole) and event.player != 1:
            assert event.cards == (None, None)
        if isinstance(event, ev.Burn):
            assert event.card is None
    observer = view_of(hand, None)
    assert all(cards == (None, None) for cards in observer.hole)
    assert view.stacks == tuple(hand.stacks)  # every stack is public


def test_events_rebuild_the_same_hand() -> None:
    hand = Hand(HandConfig.holdem([100, 60, 100], small_blind=1, big_blind=2), Deck(seed=4))
    play(hand, "r10", "r60", "c", "c")
    rebuilt = Hand.from_events(hand.config, hand.events)
    assert rebuilt.events == hand.events
    assert rebuilt.stacks == hand.stacks
