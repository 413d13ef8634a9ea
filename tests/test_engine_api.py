"""The Python API of the hand engine: what it returns and the named errors it refuses with.

Bad input raises a :class:`~pokerroom.errors.PokerroomError` (or a ``TypeError`` for
the wrong kind of object) whose message names what was wrong, and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from pokerroom.cards import parse_cards
from pokerroom.deck import Deck
from pokerroom.engine import Action, Hand, HandConfig, IllegalAction, Options, omaha
from pokerroom.engine import events as ev
from pokerroom.errors import CardParseError, DuplicateCardError, UsageError
from tests.test_engine_showdown import finish, manual, play


def holdem(seed: int = 1) -> Hand:
    return Hand(HandConfig.holdem([200, 200, 200], small_blind=1, big_blind=2), Deck(seed=seed))


# ------------------------------------------------------------ read-only state (P-9)


def test_p9_changing_what_a_hand_returns_cannot_change_the_hand() -> None:
    """P-9: stacks, events, boards and cards are returned as tuples; the chip total holds."""
    hand = holdem()
    hand.act(Action.call())
    with pytest.raises(TypeError):
        hand.stacks[0] += 1000  # type: ignore[index]
    for returned in (hand.events, hand.board, hand.boards, hand.hole, hand.committed):
        assert isinstance(returned, tuple)
    assert sum(hand.stacks) + hand.pot == 600
    events = hand.events
    assert hand.events == events and hand.events is not events


def test_pot_pots_board_and_stacks_are_all_properties() -> None:
    """One kind of attribute for what a hand is now: no call for some, attribute for others."""
    hand = holdem()
    assert hand.pot == 3 and sum(pot.amount for pot in hand.pots) == 3
    assert hand.stacks == (199, 198, 200) and hand.board == ()


# ------------------------------------------------------------ who won what


def test_p1_p2_result_names_each_pot_its_winners_and_their_hands() -> None:
    """P-1, P-2: 001's side pot example; the result says which pot went to whom, with what."""
    hand = manual([200, 50, 20], ["Kh Kd", "Qh Qd", "Ah Ad"])
    play(hand, "r80", "c", "c")
    finish(hand, "2c 7d 9h Jc 3s")
    main, side = hand.result
    assert (main.pot, main.amount, main.eligible) == (0, 60, (0, 1, 2))
    assert [(w.player, w.amount, w.share, w.hand) for w in main.winners] == [
        (2, 60, "all", "Pair, aces")
    ]
    assert main.winners[0].cards == tuple(parse_cards("Ah Ad"))
    assert (side.amount, side.eligible) == (60, (0, 1))
    assert [(w.player, w.hand) for w in side.winners] == [(0, "Pair, kings")]


def test_p7_result_of_a_hi_lo_pot_names_the_low() -> None:
    """P-7: the high half and the low half, each with its hand."""
    variant = omaha(4, hi_lo=True)
    hand = manual([100, 100], ["As 2s Qh Jh", "Kh Ks 9c 8d"], antes=[20, 20], variant=variant)
    finish(hand, "3d 4d 7c Kc Td")
    (pot,) = hand.result
    assert [(w.player, w.share, w.hand) for w in pot.winners] == [
        (1, "high", "Three of a kind, kings"),
        (0, "low", "Seven-four low"),
    ]


def test_a15_result_of_an_uncontested_pot_has_no_hand() -> None:
    """A-15: the last player wins without showing, so his hand is not named."""
    hand = holdem()
    hand.act(Action.raise_to(6))
    hand.act(Action.fold())
    hand.act(Action.fold())
    (pot,) = hand.result
    assert [(w.player, w.amount, w.hand, w.cards) for w in pot.winners] == [
        (2, 5, None, ())
    ]  # 4 returned


def test_result_before_the_end_says_the_hand_is_not_over() -> None:
    with pytest.raises(UsageError, match="not over yet: it is in its bet phase"):
        holdem().result  # noqa: B018 - the property raises


# ------------------------------------------------------------ named errors


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: HandConfig.holdem([100], small_blind=1, big_blind=2), "seats 2 to 10.*got 1"),
        (
            lambda: HandConfig.holdem([100] * 11, small_blind=1, big_blind=2),
            "seats 2 to 10.*got 11",
        ),
        (lambda: HandConfig.stud([100] * 9, ante=1, bring_in=1, small_bet=2), "seats 2 to 8"),
        (lambda: HandConfig.draw([100] * 7, small_blind=1, big_blind=2), "seats 2 to 6"),
        (
            lambda: HandConfig.holdem([100] * 3, small_blind=5, big_blind=2),
            r"small blind \(5\) cannot be above the big blind \(2\)",
        ),
        (
            lambda: HandConfig.holdem([100] * 3, small_blind=-1, big_blind=2),
            "blinds cannot be negative",
        ),
        (
            lambda: HandConfig.holdem([100] * 3, small_blind=1, big_blind=-2),
            "blinds cannot be negative",
        ),
        (
            lambda: HandConfig.holdem([100] * 3, small_blind=1, big_blind=2, ante=-1),
            "antes cannot be negative",
        ),
        (
            lambda: HandConfig.stud([100] * 3, ante=1, bring_in=-1, small_bet=2),
            "bring_in cannot be negative, got -1",
        ),
        (
            lambda: HandConfig.stud([100] * 3, ante=1, bring_in=3, small_bet=2),
            r"bring-in \(3\) cannot be above the small bet \(2\) \(V-5\)",
        ),
        (
            lambda: HandConfig.stud([100] * 3, ante=1, bring_in=1, small_bet=2, big_bet=-4),
            "big_bet cannot be negative, got -4",
        ),
        (
            lambda: HandConfig.holdem(
                [100] * 3,
                small_blind=1,
                big_blind=2,
                limit="fixed-limit",  # type: ignore[arg-type]
            ),
            "limit must be one of Limit.NO_LIMIT, Limit.POT_LIMIT, Limit.FIXED_LIMIT, "
            "got 'fixed-limit'",
        ),
        (
            lambda: HandConfig.holdem([100.5, 100], small_blind=1, big_blind=2),  # type: ignore[list-item]
            "stacks must be whole numbers of chips",
        ),
        (lambda: Options(smallest_chip=0), "smallest_chip must be .* at least 1 .*got 0"),
        (lambda: Options(smallest_chip=-1), "smallest_chip must be .* at least 1 .*got -1"),
        (lambda: Action.raise_to(4.5), "whole number of chips, got 4.5"),  # type: ignore[arg-type]
    ],
)
def test_v0_b3_v5_p3_nonsense_set_ups_are_refused_with_a_named_error(
    make: Callable[[], object], message: str
) -> None:
    """V-0, V-5, B-3, P-3: each is a UsageError naming what was wrong and what is allowed."""
    with pytest.raises(UsageError, match=message):
        make()


def test_act_takes_an_action_and_says_so() -> None:
    hand = holdem()
    before = hand.events
    with pytest.raises(TypeError, match=r"act\(\) takes an Action, e.g. Action.call\(\)"):
        hand.act("call")  # type: ignore[arg-type]
    assert hand.to_act == 2 and hand.events == before


def test_v8_betting_during_the_draw_names_the_player_due_to_draw() -> None:
    """V-8: not "no player is to act", but who is to draw."""
    hand = Hand(HandConfig.draw([100] * 3, small_blind=1, big_blind=2), Deck(seed=1))
    for _ in range(3):
        hand.check_or_call()
    assert hand.phase == "draw" and hand.to_draw == 0
    with pytest.raises(IllegalAction, match="player 0 is to draw") as error:
        hand.check_or_call()
    assert error.value.rule == "V-8"


def test_v5_check_or_call_brings_in_when_the_bring_in_is_due() -> None:
    """V-5: the passive choice of the player due the bring-in is to bring in."""
    hand = Hand(HandConfig.stud([100] * 3, ante=1, bring_in=1, small_bet=2), Deck(seed=1))
    player = hand.to_act
    assert player is not None
    hand.check_or_call()
    assert hand.events[-1] == ev.BringIn(player, 1)


def test_c1_the_manual_dealer_refuses_duplicate_cards_and_non_cards() -> None:
    """C-1: a card in play cannot be dealt again; text is not a card; nothing changes."""
    hand = Hand(HandConfig.holdem([100] * 3, small_blind=1, big_blind=2))
    hand.deal_hole(0, parse_cards("As Ad"))
    before = hand.events
    with pytest.raises(DuplicateCardError, match="As is already in play"):
        hand.deal_hole(1, parse_cards("As Kd"))
    with pytest.raises(DuplicateCardError, match="Kd is already in play"):
        hand.deal_hole(1, parse_cards("Kd") * 2)
    with pytest.raises(CardParseError, match="'Kd' is not a card"):
        hand.deal_hole(1, ["Kd", "Kh"])  # type: ignore[list-item]
    assert hand.events == before
    hand.deal_hole(1, parse_cards("Kd Kh"))
    hand.deal_hole(2, [None, None])  # unknown cards are fine
    play(hand, "c", "c", "x")
    with pytest.raises(DuplicateCardError, match="Ad is already in play"):
        hand.deal_board(parse_cards("Ad 2c 3c"))
    with pytest.raises(DuplicateCardError, match="the burn Kh is already in play"):
        hand.deal_board(parse_cards("4c 2c 3c"), burn=parse_cards("Kh")[0])


def test_from_events_refuses_what_is_not_an_event() -> None:
    config = HandConfig.holdem([100] * 3, small_blind=1, big_blind=2)
    with pytest.raises(UsageError, match="unknown event 'call'"):
        Hand.from_events(config, ["call"])  # type: ignore[list-item]
