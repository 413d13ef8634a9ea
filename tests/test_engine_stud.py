"""Seven-card Stud and Stud Hi-Lo: V-5, V-6, V-7, E-8, C-2, C-6, P-7, V-0 (002 5.9, 6.5.3, 6.5.4).

Hands are dealt by hand (no card source) unless a test is about the deck itself;
then a seeded :class:`~pokerroom.deck.Deck` deals. ``"Qs Qd 2c"`` gives a player
his third-street cards, two down and one up.
"""

from __future__ import annotations

import pytest

from pokerroom.cards import Card, parse_cards
from pokerroom.cardset import CardSet
from pokerroom.deck import Deck
from pokerroom.engine import Action, Hand, HandConfig, IllegalAction, Limit
from pokerroom.engine import events as ev
from pokerroom.errors import UsageError
from pokerroom.evaluate.high import high_strength
from tests.engine_helpers import blinded, deal_holes, play


def stud(
    stacks: list[int],
    *,
    ante: int = 1,
    bring_in: int = 5,
    small_bet: int = 10,
    hi_lo: bool = False,
) -> HandConfig:
    """Fixed-limit Stud; the defaults are 002 5.9.5's game 10-20 with a bring-in of 5."""
    return HandConfig.stud(
        stacks,
        ante=ante,
        bring_in=bring_in,
        small_bet=small_bet,
        big_bet=2 * small_bet,
        hi_lo=hi_lo,
    )


def third_street(config: HandConfig, cards: list[str]) -> Hand:
    """A hand with third street dealt by hand: each player's two down cards, then his up card."""
    hand = Hand(config)
    for player, text in enumerate(cards):
        first, second, up = parse_cards(text)
        hand.deal_hole(player, [first, second])
        hand.deal_hole(player, [up], face_up=True)
    return hand


def deal_street(hand: Hand, cards: str) -> None:
    """Deal the next street, one card to each player still in, in position order."""
    assert hand.phase == "deal"
    face_up = hand.config.variant.streets[hand.street].up > 0
    live = [p for p in range(hand.players) if not hand.folded[p]]
    for player, card in zip(live, parse_cards(cards), strict=True):
        hand.deal_hole(player, [card], face_up=face_up)


def act(hand: Hand, *moves: str) -> Hand:
    """``b`` bring in, ``f``, ``x``, ``c``, ``r20``; these tests deal by hand."""
    return play(hand, *moves, deal=False)


def options(hand: Hand) -> list[str]:
    return hand.legal_actions().describe()


def check_down(hand: Hand, streets: list[str], *, show_all: bool = False) -> Hand:
    """Everyone brings in, checks or calls; ``streets`` are the fourth to seventh deals.

    At showdown a hand that cannot win is mucked (P-5), unless ``show_all``.
    """
    later = list(streets)
    while hand.phase != "done":
        if hand.phase == "deal":
            deal_street(hand, later.pop(0))
        elif hand.phase == "bet":
            legal = hand.legal_actions()
            if legal.bring_in is not None:
                hand.act(Action.bring_in())
            else:
                hand.check_or_call()
        elif show_all and hand.next_to_show is not None:
            hand.show(hand.next_to_show)
        else:
            hand.auto_showdown()
    return hand


def awards(hand: Hand) -> list[tuple[int, int, str]]:
    return sorted((e.player, e.amount, e.share) for e in hand.events if isinstance(e, ev.Award))


def seven(hand: Hand, player: int) -> list[Card]:
    """The player's cards at showdown: his own and any community card (C-6)."""
    return [c for c in (*hand.hole[player], *hand.board) if c is not None]


# --------------------------------------------------------------------------- V-5


def test_v5_antes_then_two_cards_down_and_one_up_from_the_deck() -> None:
    """V-5: antes; two down and one up to each player, the lowest up card brings in."""
    hand = Hand(stud([100] * 4, ante=2), Deck(seed=11))
    assert [e for e in hand.events if isinstance(e, ev.PostAnte)] == [
        ev.PostAnte(p, 2) for p in range(4)
    ]
    assert hand.stacks == (98,) * 4 and hand.pot == 8
    deals = [e for e in hand.events if isinstance(e, ev.DealHole)]
    assert [(e.player, len(e.cards), e.face_up) for e in deals] == [
        *((p, 2, False) for p in range(4)),
        *((p, 1, True) for p in range(4)),
    ]
    ups = [card for p in range(4) for card in hand.up[p] if card is not None]
    assert len(ups) == 4
    lowest = min(range(4), key=lambda p: (ups[p].rank, ups[p].suit))  # aces high, then C-2
    assert hand.to_act == lowest
    assert options(hand) == ["bring in 5", "complete to 10"]


@pytest.mark.parametrize(
    ("ups", "brings_in"),
    [
        ("As 5d 5c Kh", 2),  # equal fives: clubs is the lowest suit (C-2)
        ("2s 2h 2d 3c", 2),  # equal deuces: diamonds below hearts and spades
        ("Ah As Ad Kc", 3),  # aces are high: the king is the lowest card
        ("Ac Kc Qc 3s", 3),
    ],
)
def test_v5_c2_bring_in_by_the_lowest_up_card_aces_high(ups: str, brings_in: int) -> None:
    """V-5, C-2: the lowest up card posts the bring-in; aces are high; equal ranks by suit."""
    downs = ["3h 4h", "5h 6h", "7d 8d", "9s Ts"]
    cards = [f"{down} {up}" for down, up in zip(downs, ups.split(), strict=True)]
    hand = third_street(stud([100] * 4), cards)
    assert hand.to_act == brings_in
    assert hand.legal_actions().bring_in == 5
    act(hand, "b")
    assert hand.events[-1] == ev.BringIn(brings_in, 5)
    assert hand.stacks[brings_in] == 94


def test_v5_fold_call_or_complete_then_full_small_bets_up_to_the_cap() -> None:
    """V-5, B-3, B-4: after the bring-in each player folds, calls it or completes to the small
    bet; later raises are full small bets; the completion and three raises cap the round."""
    hand = third_street(
        stud([100] * 4, bring_in=3), ["3h 4h As", "5h 6h Kh", "7d 8d 5c", "9s Ts Qd"]
    )
    assert hand.to_act == 2
    assert options(hand) == ["bring in 3", "complete to 10"]
    with pytest.raises(IllegalAction) as error:
        hand.act(Action.fold())  # the bring-in is forced
    assert error.value.rule == "V-5"
    act(hand, "b")
    assert hand.to_act == 3
    assert options(hand) == ["fold", "call 3", "complete to 10"]
    with pytest.raises(IllegalAction) as error:
        hand.act(Action.raise_to(7))
    assert error.value.rule == "B-3"
    act(hand, "c")
    assert options(hand) == ["fold", "call 3", "complete to 10"]
    act(hand, "r10")  # player 0 completes
    assert options(hand) == ["fold", "call 10", "raise to 20"]
    act(hand, "r20")
    assert hand.to_act == 2 and options(hand) == ["fold", "call 20", "raise to 30"]
    act(hand, "r30")
    assert options(hand) == ["fold", "call 30", "raise to 40"]
    act(hand, "r40")
    assert hand.to_act == 0 and options(hand) == ["fold", "call 40"]  # capped (B-4)
    act(hand, "c", "c", "c")
    assert hand.phase == "deal" and hand.street == 1
    assert hand.stacks == (59,) * 4 and hand.pot == 164


def test_v5_the_bring_in_player_may_complete_instead() -> None:
    """V-5: the player due the bring-in may complete to the small bet at once."""
    hand = third_street(stud([100] * 3, bring_in=3), ["3h 4h As", "5h 6h Kh", "7d 8d 5c"])
    act(hand, "r10")
    assert hand.events[-1] == ev.BetRaise(2, 10)
    assert hand.to_act == 0 and options(hand) == ["fold", "call 10", "raise to 20"]


def to_fourth_street(third_ups: str, fourth: str) -> Hand:
    """Three players; player 1 brings in with the 2c, the others call; fourth street dealt."""
    downs = ["3h 4h", "5h 6h", "3d 4d"]
    cards = [f"{down} {up}" for down, up in zip(downs, third_ups.split(), strict=True)]
    hand = third_street(stud([100] * 3), cards)
    assert hand.to_act == 1
    act(hand, "b", "c", "c")
    deal_street(hand, fourth)
    return hand


@pytest.mark.parametrize(
    ("third", "fourth", "first"),
    [
        ("Kd 2c Ks", "7h 8c 7c", 2),  # K-7 against K-7: the king of spades (E-8, C-2)
        ("Kd 2c Ks", "7h 2d 7c", 1),  # a pair of deuces beats any high card
        ("Ks 2c Kh", "Jd 8c Qc", 2),  # K-Q beats K-J: ranks first, suits only on a tie
        ("Kh 2c Kc", "Ks 8c Kd", 0),  # kings against kings: the king of spades
        ("Ad 2c Ac", "Ah 8c As", 2),  # aces against aces: the ace of spades
    ],
)
def test_v5_e8_best_showing_hand_acts_first_from_fourth_street_and_may_check(
    third: str, fourth: str, first: int
) -> None:
    """V-5, E-8, C-2: from fourth street the best showing hand acts first and may check."""
    hand = to_fourth_street(third, fourth)
    assert hand.to_act == first
    legal = hand.legal_actions()
    assert legal.check and legal.call is None
    act(hand, "x")
    assert hand.to_act == (first + 1) % 3  # then clockwise


def test_v5_small_bet_on_third_and_fourth_big_bet_from_fifth_best_five_of_seven() -> None:
    """V-5, B-3, E-4: 10 on third and fourth street, 20 on fifth to seventh; best five of seven.

    Player 0's seven cards hold a flush in five of them (As Js 9s 5s 2s); player
    1's three queens lose. Showing hands: player 0 always leads (K-9, K-9-5,
    K-9-5-7 against 3-8, 3-8-Q, 3-8-Q-T); the seventh card is dealt down.
    """
    hand = third_street(stud([100, 100], bring_in=3), ["As 2s Kd", "Qc Qd 3c"])
    assert hand.to_act == 1 and options(hand) == ["bring in 3", "complete to 10"]
    act(hand, "b")
    assert options(hand) == ["fold", "call 3", "complete to 10"]
    act(hand, "c")
    sizes = []
    for street, cards in enumerate(["9s 8h", "5s Qh", "7h Td", "Js 4c"], start=1):
        assert hand.street == street
        deal_street(hand, cards)
        legal = hand.legal_actions()
        assert hand.to_act == 0 and legal.check
        assert legal.raise_min == legal.raise_max
        sizes.append(legal.raise_min)
        act(hand, "x", "x")
    assert sizes == [10, 20, 20, 20]
    assert [len(up) for up in hand.up] == [4, 4]  # the seventh card is down
    hand.auto_showdown()
    assert awards(hand) == [(0, 8, "all")]
    assert hand.stacks == (104, 96)


# ------------------------------------------- V-5 in no-limit and pot-limit: forced bets


def big_bet_stud(stacks: list[int], limit: Limit, *, bring_in: int = 1, small_bet: int = 2) -> Hand:
    """No-limit or pot-limit Stud, ante 1; player 1 brings in with the 2c, then 2, 3, 0."""
    config = HandConfig.stud(stacks, ante=1, bring_in=bring_in, small_bet=small_bet, limit=limit)
    cards = ["3h 4h As", "5h 6h 2c", "3d 4d 9d", "7s 8s Qs"][: len(stacks)]
    return third_street(config, cards)


@pytest.mark.parametrize(
    ("limit", "caller", "bring_in_player"),
    [
        (
            Limit.NO_LIMIT,
            ["fold", "call 2", "raise to 4-199"],
            ["fold", "call 2", "raise to 4-199"],
        ),
        (Limit.POT_LIMIT, ["fold", "call 2", "raise to 4-11"], ["fold", "call 2", "raise to 4-10"]),
    ],
)
def test_v5_a9_big_bet_stud_the_completion_reopens_the_betting_for_callers_of_the_bring_in(
    limit: Limit, caller: list[str], bring_in_player: list[str]
) -> None:
    """V-5, A-9: the bring-in is no full bet; the completion is the round's first full bet,
    so the player who only called the bring-in may raise when someone completes (the issue's
    hand: he was offered fold or call 2 alone), as may the player who brought in."""
    hand = act(big_bet_stud([200] * 3, limit), "b", "c", "r2")  # bring in, call, complete
    assert hand.to_act == 1 and options(hand) == bring_in_player
    act(hand, "c")
    assert hand.to_act == 2 and options(hand) == caller
    act(hand, "r4")
    assert hand.to_act == 0 and hand.legal_actions().raise_min == 6  # full raises of 2


@pytest.mark.parametrize("limit", [Limit.NO_LIMIT, Limit.POT_LIMIT])
def test_v5_a9_a_short_all_in_completion_is_no_full_bet_and_does_not_reopen(
    limit: Limit,
) -> None:
    """V-5, A-8, A-9: an all-in for less than the completion (7 of 10) is no full bet. The
    player yet to act may raise by a full bet (to 17); those who brought in or called the
    bring-in may only call it or fold, as after any short all-in."""
    hand = big_bet_stud([200, 200, 200, 8], limit, bring_in=2, small_bet=10)
    act(hand, "b", "c", "r7")  # player 3 completes all-in for 7
    assert hand.to_act == 0 and hand.legal_actions().raise_min == 17
    act(hand, "c")
    assert hand.to_act == 1 and options(hand) == ["fold", "call 7"]
    act(hand, "c")
    assert hand.to_act == 2 and options(hand) == ["fold", "call 7"]


@pytest.mark.parametrize("limit", [Limit.NO_LIMIT, Limit.POT_LIMIT])
def test_v7_a9_a_bring_in_all_in_for_less_is_no_full_bet_its_caller_may_raise_later(
    limit: Limit,
) -> None:
    """V-7, V-5, A-9: player 1 brings in with his last chip (1 of 2); player 2 calls it;
    player 0 completes to 10, a full bet, so player 2 may raise."""
    hand = big_bet_stud([200, 2, 200], limit, bring_in=2, small_bet=10)
    act(hand, "b")
    assert hand.all_in(1) and hand.committed[1] == 1
    act(hand, "c", "r10")
    assert hand.to_act == 2
    legal = hand.legal_actions()
    assert legal.call == 10 and legal.raise_min == 20


@pytest.mark.parametrize("limit", [Limit.NO_LIMIT, Limit.POT_LIMIT])
def test_v7_a9_bring_in_passed_on_from_an_all_in_player_the_completion_reopens(
    limit: Limit,
) -> None:
    """V-7, V-5, A-9: player 1 is all-in by his ante, so player 2 brings in; player 3 calls,
    player 0 completes: both who only posted or called the bring-in may raise."""
    config = HandConfig.stud([200, 1, 200, 200], ante=1, bring_in=2, small_bet=10, limit=limit)
    hand = third_street(config, ["3h 4h As", "5h 6h 2c", "3d 4d 9d", "7s 8s Qs"])
    assert hand.all_in(1) and hand.to_act == 2
    act(hand, "b", "c", "r10")
    for player in (2, 3):
        assert hand.to_act == player and hand.legal_actions().raise_min == 20
        act(hand, "c")


@pytest.mark.parametrize("limit", [Limit.NO_LIMIT, Limit.POT_LIMIT])
def test_a11_a_short_big_blind_still_counts_as_the_full_first_bet(limit: Limit) -> None:
    """A-11, A-9: the big blind is all-in for 15 of 20. A caller owes the full 20; a raise
    to 40 is a full raise over the full blind, so it reopens the betting for that caller."""
    hand = blinded([200, 15, 200, 200], 10, 20, limit=limit)
    play(hand, "c", deal=False)  # player 2 calls the full 20
    assert hand.committed[2] == 20
    play(hand, "r40", "c", deal=False)  # player 3 raises to 40, the small blind calls
    assert hand.to_act == 2 and hand.legal_actions().raise_min == 60


def test_b7_antes_are_no_bet_the_first_bet_of_the_round_is_a_full_one() -> None:
    """B-7, A-4, A-9: antes are dead money, not a bet of the round. With antes alone (Draw,
    ante 5) nobody owes anything at first; the first bet opens the betting for everyone,
    so the player who checked before it may raise."""
    hand = deal_holes(Hand(HandConfig.draw([100] * 3, small_blind=0, big_blind=0, ante=5)))
    assert hand.legal_actions().describe() == ["fold", "check", "bet 5-95"]
    play(hand, "x", "r5", "c", deal=False)
    assert hand.to_act == 0
    assert hand.legal_actions().describe() == ["fold", "call 5", "raise to 10-95"]


# --------------------------------------------------------------------------- V-6


def open_pair_on_fourth(stacks: list[int] | None = None) -> Hand:
    """002 5.9.5, game 10-20: player 0 pairs his queen on fourth street and acts first."""
    hand = third_street(stud(stacks or [200] * 3), ["3h 4h Qs", "5h 6h 2c", "3d 4d 9d"])
    act(hand, "b", "c", "c")
    deal_street(hand, "Qd 7h Kc")
    return hand


def test_v6_example_1_open_pair_the_opener_may_check_or_bet_10_or_20() -> None:
    """V-6, 002 5.9.5 example 1: with an open pair the opener checks, bets 10 or bets 20."""
    hand = open_pair_on_fourth()
    assert hand.to_act == 0
    legal = hand.legal_actions()
    assert legal.check and legal.raise_sizes == (10, 20)
    assert options(hand) == ["fold", "check", "bet 10 or 20"]
    before = hand.events
    for amount in (5, 15, 25):
        with pytest.raises(IllegalAction) as error:
            hand.act(Action.raise_to(amount))
        assert error.value.rule == "V-6"
    assert hand.events == before
    for amount in (10, 20):
        trial = Hand.from_events(hand.config, hand.events)
        act(trial, f"r{amount}")
        assert trial.events[-1] == ev.BetRaise(0, amount)


def test_v6_example_2_after_a_check_the_next_player_may_bet_10_or_20() -> None:
    """V-6, 002 5.9.5 example 2: the holder of the pair checks; the next may bet 10 or 20."""
    hand = act(open_pair_on_fourth(), "x")
    assert hand.to_act == 1
    assert options(hand) == ["fold", "check", "bet 10 or 20"]


@pytest.mark.parametrize(
    ("moves", "expected"),
    [
        # 002 5.9.5 example 2: after a bet of 10 the next raises to 20 (10+10) or 30 (10+20).
        (["r10"], ["fold", "call 10", "raise to 20 or 30"]),
        # A small raise keeps both sizes open.
        (["r10", "r20"], ["fold", "call 20", "raise to 30 or 40"]),
        # Once the big bet is used, later raises use it.
        (["r10", "r30"], ["fold", "call 30", "raise to 50"]),
        (["r20"], ["fold", "call 20", "raise to 40"]),
        (["x", "r20", "r40"], ["fold", "call 40", "raise to 60"]),
        (["r10", "r30", "r50"], ["fold", "call 50", "raise to 70"]),
        # One bet and three raises: the cap (B-4).
        (["r10", "r30", "r50", "r70"], ["fold", "call 70"]),
    ],
)
def test_v6_raises_after_an_open_pair_bet(moves: list[str], expected: list[str]) -> None:
    """V-6, B-4: after a small bet a raise is a small or a big one; after a big one, big ones."""
    hand = act(open_pair_on_fourth(), *moves)
    assert options(hand) == expected


def test_v6_only_fourth_street_fifth_street_is_the_big_bet_alone() -> None:
    """V-6: the choice exists on fourth street only; fifth street bets 20 (B-3)."""
    hand = act(open_pair_on_fourth(), "x", "x", "x")
    deal_street(hand, "Qc 8s 9c")  # player 0 shows three queens now
    assert hand.to_act == 0
    assert options(hand) == ["fold", "check", "bet 20"]


def test_v6_v7_open_pair_of_an_all_in_player_still_gives_the_choice() -> None:
    """V-6, V-7: the pair's owner is all-in, so he is skipped as having checked; the next
    player opens fourth street and may still bet 10 or 20 (any player may)."""
    hand = third_street(stud([11, 200, 200]), ["3h 4h Qs", "5h 6h 2c", "3d 4d 9d"])
    act(hand, "b", "r10", "c", "c")  # player 0 calls all-in for his last 10
    assert hand.all_in(0)
    deal_street(hand, "Qd 7h Kc")
    assert hand.to_act == 1
    assert options(hand) == ["fold", "check", "bet 10 or 20"]
    act(hand, "x", "x")
    assert hand.street == 2 and not any(
        isinstance(e, ev.Check) and e.player == 0 for e in hand.events
    )


# --------------------------------------------------------------------------- V-7


def test_v7_all_in_player_is_skipped_when_a_round_would_start_with_him() -> None:
    """V-7: the best showing hand is all-in: he is skipped as having checked, and the round
    starts with the next player clockwise (player 1, although player 2 shows more)."""
    hand = third_street(stud([11, 200, 200]), ["3h 4h As", "5h 6h 2c", "3d 4d 9d"])
    act(hand, "b", "c", "r10", "c", "c")  # player 0 completes with his last 10
    assert hand.all_in(0)
    deal_street(hand, "Kh 7h 7c")  # A-K, 2-7, 9-7 showing
    assert hand.to_act == 1
    assert options(hand) == ["fold", "check", "bet 10"]
    act(hand, "x", "x")
    assert hand.phase == "deal" and hand.street == 2
    assert not any(isinstance(e, ev.Check) and e.player == 0 for e in hand.events)


def bring_in_due_from_all_in() -> Hand:
    """Player 0 has the lowest card but posted his whole stack as the ante."""
    cards = ["3h 4h 2c", "5h 6h Kh", "3d 4d 9d", "7s 8s Qs"]
    hand = third_street(stud([1, 100, 100, 100]), cards)
    assert hand.all_in(0)
    return hand


def test_v7_bring_in_due_from_an_all_in_player_the_next_may_fold_bring_in_or_complete() -> None:
    """V-7, 002 6.5.4: the next player clockwise may fold, bring in or complete."""
    hand = bring_in_due_from_all_in()
    assert hand.to_act == 1
    assert options(hand) == ["fold", "bring in 5", "complete to 10"]
    brought = act(Hand.from_events(hand.config, hand.events), "b")
    assert brought.events[-1] == ev.BringIn(1, 5)
    assert options(brought) == ["fold", "call 5", "complete to 10"]
    completed = act(Hand.from_events(hand.config, hand.events), "r10")
    assert options(completed) == ["fold", "call 10", "raise to 20"]
    folded = act(Hand.from_events(hand.config, hand.events), "f")
    assert folded.folded[1] and folded.to_act == 2


def test_a17_a19_no_bring_in_decision_when_every_opponent_is_all_in_by_the_ante() -> None:
    """A-17, A-19, V-5: player 1 posted his whole stack as the ante; nobody can answer a bet,
    so no betting is possible on third street: the cards are dealt out without a decision.

    Minimal reproduction: ``HandConfig.stud([100, 5], ante=5, bring_in=2, small_bet=10)``,
    player 0 shows the lowest card: the engine asks him to ``bring in 2`` or ``bet 10``
    (PokerKit deals on at once). Whatever he does comes back to him (A-16), so no chips
    are lost; the decision itself should not exist.
    """
    hand = third_street(stud([100, 5], ante=5, bring_in=2), ["As Ad 2c", "Kc Kd Ks"])
    assert hand.phase != "bet"


# --------------------------------------------------------------------------- C-6


def passive(hand: Hand) -> Hand:
    """Everyone brings in, checks or calls to the end."""
    while hand.phase == "bet":
        if hand.legal_actions().bring_in is not None:
            hand.act(Action.bring_in())
        else:
            hand.check_or_call()
    return hand


@pytest.mark.parametrize("seed", range(12))
def test_c6_eight_players_to_seventh_street_share_one_community_card(seed: int) -> None:
    """C-6, *interpretation*: eight players reach seventh street with a seeded deck.

    8 × 6 cards and three burns leave only the stock's last card, which is never
    dealt. The seventh-street burn comes from the reshuffled burns, which leaves
    two burned cards, and the muck is empty: even burns and muck cannot give
    eight players a card each. Then one card is dealt face up in the middle as a
    community card that every player uses as his seventh card (the usual Stud
    house rule; 002 6.5.3 does not say what happens when burns and muck run out).
    Every hand completes, no card is in two places, the community card is one of
    the burned cards, and the chips are conserved: the pot of 8 × (1 + 5) = 48
    goes to the best seven-card hands, each made of six own cards and the
    community card.
    """
    hand = passive(Hand(stud([1000] * 8), Deck(seed=seed)))
    assert hand.phase == "done"
    seventh = [e for e in hand.events if isinstance(e, ev.DealBoard)]
    assert len(seventh) == 1 and len(seventh[0].cards) == 1
    assert [len(h) for h in hand.hole] == [6] * 8 and [len(u) for u in hand.up] == [4] * 8
    in_play = [c for p in range(8) for c in hand.hole[p]] + list(hand.board)
    assert len(set(in_play)) == 49
    burns = [e.card for e in hand.events if isinstance(e, ev.Burn)]
    assert len(burns) == 4
    assert hand.board[0] in burns[:3]  # dealt from the reshuffled burns
    assert sum(hand.stacks) == 8000  # P-9
    strength = [high_strength(CardSet(seven(hand, p)).mask) for p in range(8)]
    winners = [p for p in range(8) if strength[p] == max(strength)]
    each, odd = divmod(48, len(winners))
    expected = [994] * 8  # everyone put in his ante and the bring-in: 6
    for rank, player in enumerate(winners):
        expected[player] += each + (rank < odd)  # P-3: odd chips from the button's left
    assert list(hand.stacks) == expected


def test_c6_seven_players_at_seventh_street_get_burned_and_mucked_cards() -> None:
    """C-6: one of eight folds on third street, seven reach seventh street.

    Third street deals 24 cards, fourth to sixth 21 and three burns: 48 of 52. The
    seventh-street burn leaves three cards in the stock, whose last is never dealt:
    two are dealt, then the four burned cards, then one card from the muck (the
    folded player's three cards). Every player gets his own seventh card.
    """
    for seed in range(6):
        hand = act(Hand(stud([1000] * 8), Deck(seed=seed)), "b")
        folder = hand.to_act
        assert folder is not None
        act(hand, "f")
        hand = passive(hand)
        assert hand.phase == "done" and not hand.board
        live = [p for p in range(8) if p != folder]
        assert all(len(hand.hole[p]) == 7 for p in live)
        in_play = [c for p in live for c in hand.hole[p]]
        assert len(set(in_play)) == 49
        burns = [e.card for e in hand.events if isinstance(e, ev.Burn)]
        assert set(burns[:4]) < set(in_play)  # every burned card was dealt again
        assert len(set(hand.hole[folder]) & set(in_play)) == 1  # and one mucked card
        assert sum(hand.stacks) == 8000


# --------------------------------------------------------------------------- P-7


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        # A straight (high) and a 7-5-4-3-2 (low); pot 9: the odd chip to the high half.
        (
            ["Kc Kd Ks 9h Th Jd Qs", "2d 4d 3c 5h 7c 9d Jc", "9c 9s Qh Tc 6d Ah As"],
            [(0, 5, "high"), (1, 4, "low")],
        ),
        # The same high; the two other players have the same 7-5-4-3-2: quartering.
        (
            ["Kc Kd Ks 9h Th Jd Qs", "2d 4d 3c 5h 7c 9d Jc", "2s 4s 3h 5c 7d Qh Tc"],
            [(0, 5, "high"), (1, 2, "low"), (2, 2, "low")],
        ),
        # An eight low qualifies; a nine low does not: 8-6-5-4-2 takes the low half.
        (
            ["Kc Kd Ks 9h Th Jd Qs", "2d 4d 8c 5h 6c Td Jc", "2s 4s 3h 5c 9c Qh Tc"],
            [(0, 5, "high"), (1, 4, "low")],
        ),
        # A-2-3-4-5 is the straight and the best low: one player scoops both halves.
        (
            ["Ac 2c 3d 4h 5s Kd Kh", "Qc Qd Js 9h 8c 3h 6d", "Jh Jd 7s 7h Tc Th 9s"],
            [(0, 4, "low"), (0, 5, "high")],
        ),
    ],
)
def test_p7_stud_hi_lo_halves(cards: list[str], expected: list[tuple[int, int, str]]) -> None:
    """P-7: each pot is halved, best high and best eight-or-better low (E-6, any five of the
    seven); ties split their half; the odd chip goes to the high half."""
    config = stud([100] * 3, bring_in=2, small_bet=4, hi_lo=True)
    hand = third_street(config, [" ".join(c.split()[:3]) for c in cards])
    later = [" ".join(c.split()[i] for c in cards) for i in range(3, 7)]
    check_down(hand, later, show_all=True)
    assert hand.pot == 9
    assert awards(hand) == expected


def test_p7_stud_hi_lo_no_qualifying_low_the_high_scoops() -> None:
    """P-7: no five cards of eight or lower (both hands shown): the best high takes it all."""
    config = stud([100, 100], bring_in=2, small_bet=4, hi_lo=True)
    cards = ["Kc Kd Ks 9h Th Jd Qs", "2d 4d 9c Jh Qh Tc 9s"]
    hand = third_street(config, [" ".join(c.split()[:3]) for c in cards])
    later = [" ".join(c.split()[i] for c in cards) for i in range(3, 7)]
    check_down(hand, later, show_all=True)
    assert sum(isinstance(e, ev.Show) for e in hand.events) == 2
    assert awards(hand) == [(0, 6, "all")]
    assert hand.stacks == (103, 97)


# --------------------------------------------------------------------------- V-0


def test_v0_stud_seats_eight() -> None:
    """V-0: Stud seats at most eight players (and relies on C-6)."""
    with pytest.raises(UsageError, match="V-0"):
        stud([100] * 9)
    assert stud([100] * 8).players == 8
