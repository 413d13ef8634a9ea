"""Five-card Draw: V-8 (003), deck exhaustion C-6 (002 6.5.3, *interpretation* for Draw), V-0."""

from __future__ import annotations

import pytest

from pokerroom.cards import parse_cards
from pokerroom.cardset import CardSet
from pokerroom.deck import Deck
from pokerroom.engine import Hand, HandConfig, IllegalAction, Limit
from pokerroom.engine import events as ev
from pokerroom.errors import UsageError
from pokerroom.evaluate.high import high_strength
from tests.engine_helpers import play


def dealt_by_hand(config: HandConfig, hands: list[str]) -> Hand:
    """A Draw hand whose five cards per player are dealt by hand (no card source)."""
    hand = Hand(config)
    for player, cards in enumerate(hands):
        hand.deal_hole(player, parse_cards(cards))
    return hand


def act(hand: Hand, *moves: str) -> Hand:
    """``f`` fold, ``x`` check, ``c`` call, ``r20`` bet or raise to 20. These tests deal by hand."""
    return play(hand, *moves, deal=False)


def test_v8_blinds_and_five_cards_dealt_one_at_a_time() -> None:
    """V-8, V-1, A-14: blinds; five cards each, one at a time clockwise from the button's
    left; the first round starts left of the big blind."""
    hand = Hand(HandConfig.draw([100] * 3, small_blind=1, big_blind=2), Deck(seed=5))
    cards = Deck(seed=5).deal(15)
    assert [hand.hole[p] for p in range(3)] == [tuple(cards[p::3]) for p in range(3)]
    assert [e for e in hand.events if isinstance(e, ev.PostBlind)] == [
        ev.PostBlind(0, 1),
        ev.PostBlind(1, 2),
    ]
    assert hand.phase == "bet" and hand.to_act == 2
    assert hand.legal_actions().describe() == ["fold", "call 2", "raise to 4-100"]


def test_v8_antes_instead_of_blinds() -> None:
    """V-8: antes by option: everyone antes, no blinds; position 0 opens, the ante is the
    smallest bet."""
    hand = Hand(HandConfig.draw([100] * 4, small_blind=0, big_blind=0, ante=5), Deck(seed=2))
    assert [e for e in hand.events if isinstance(e, ev.PostAnte)] == [
        ev.PostAnte(p, 5) for p in range(4)
    ]
    assert not any(isinstance(e, ev.PostBlind) for e in hand.events)
    assert hand.stacks == (95,) * 4 and hand.pot == 20
    assert hand.to_act == 0
    assert hand.legal_actions().describe() == ["fold", "check", "bet 5-95"]


def test_v8_betting_draw_in_turn_second_round_showdown() -> None:
    """V-8: a betting round; the draw in turn from the button's left, 0 to 5 cards, folded
    players skipped; a second round opened left of the button; showdown (E-1).

    Player 0 draws two to his aces and makes three aces, player 1 stands pat with a
    flush, player 2 draws five and makes a full house; player 3 folded before the
    draw. Pot: 3 × 2 before the draw, 2 × 30 after it: 66 to player 2.
    """
    config = HandConfig.draw([100] * 4, small_blind=1, big_blind=2)
    hand = dealt_by_hand(
        config, ["As Ah Kd 7c 2s", "Qs Js Ts 9s 3s", "2c 3c 4c 5d 7h", "Kc Kh Qd Jd Td"]
    )
    act(hand, "c", "f", "c", "x")
    assert hand.phase == "draw" and hand.to_draw == 0
    with pytest.raises(IllegalAction) as error:
        hand.draw([], player=1)
    assert error.value.rule == "A-2"
    with pytest.raises(IllegalAction) as error:
        hand.draw(parse_cards("Qs"))  # not his card
    assert error.value.rule == "V-8"
    hand.draw(parse_cards("7c 2s"))
    with pytest.raises(IllegalAction) as error:
        hand.deal_hole(0, parse_cards("Ad"))  # owed two
    assert error.value.rule == "V-8"
    hand.deal_hole(0, parse_cards("Ad 9h"))
    assert hand.to_draw == 1
    hand.draw([])  # stands pat
    assert hand.to_draw == 2
    hand.draw(parse_cards("2c 3c 4c 5d 7h"))
    hand.deal_hole(2, parse_cards("8h 8d 8s 4h 4d"))
    assert [e for e in hand.events if isinstance(e, ev.Discard)] == [
        ev.Discard(0, tuple(parse_cards("7c 2s"))),
        ev.Discard(1, ()),
        ev.Discard(2, tuple(parse_cards("2c 3c 4c 5d 7h"))),
    ]
    assert hand.phase == "bet" and hand.street == 1 and hand.to_act == 0  # player 3 folded
    act(hand, "x", "r10", "r30", "f", "c")
    assert hand.phase == "showdown"
    hand.auto_showdown()
    assert [(e.player, e.amount) for e in hand.events if isinstance(e, ev.Award)] == [(2, 66)]
    assert hand.stacks == (98, 68, 134, 100)


@pytest.mark.parametrize("count", range(6))
def test_v8_a_player_discards_zero_to_five_and_gets_as_many(count: int) -> None:
    """V-8: any 0 to 5 cards are thrown away and replaced by as many from the deck."""
    hand = Hand(HandConfig.draw([100] * 3, small_blind=1, big_blind=2), Deck(seed=count))
    act(hand, "c", "c", "x")
    kept, thrown = hand.hole[0][count:], hand.hole[0][:count]
    before = len(hand.events)
    hand.draw(thrown)
    discard, *dealing = hand.events[before:]
    assert discard == ev.Discard(0, tuple(thrown))
    dealt = [card for e in dealing if isinstance(e, ev.DealHole) for card in e.cards]
    assert len(dealt) == count
    assert hand.hole[0] == (*kept, *dealt) and len(set(hand.hole[0])) == 5
    assert not set(thrown) & set(hand.hole[0]) and hand.to_draw == 1


def test_v8_b3_fixed_limit_small_bet_before_the_draw_big_bet_after() -> None:
    """V-8, B-3: fixed-limit Draw bets the small bet before the draw and the big bet after."""
    config = HandConfig.draw([200] * 3, small_blind=5, big_blind=10, limit=Limit.FIXED_LIMIT)
    hand = Hand(config, Deck(seed=8))
    assert hand.legal_actions().describe() == ["fold", "call 10", "raise to 20"]
    act(hand, "c", "c", "x")
    while hand.phase == "draw":
        hand.draw([])
    assert hand.to_act == 0
    assert hand.legal_actions().describe() == ["fold", "check", "bet 20"]
    act(hand, "r20")
    assert hand.legal_actions().describe() == ["fold", "call 20", "raise to 40"]


def test_v8_all_in_players_draw_too_folded_players_do_not() -> None:
    """V-8, V-7 by analogy: an all-in player is still in the hand and draws in his turn."""
    config = HandConfig.draw([100, 30, 100, 100], small_blind=1, big_blind=2)
    hand = Hand(config, Deck(seed=4))
    act(hand, "f", "r30", "c", "c")  # player 2 folds; the big blind calls all-in for 30
    assert hand.all_in(1) and hand.phase == "draw"
    drawers = []
    while hand.phase == "draw":
        assert hand.to_draw is not None
        drawers.append(hand.to_draw)
        hand.draw(hand.hole[hand.to_draw][:1])
    assert drawers == [0, 1, 3]
    assert all(len(hand.hole[p]) == 5 for p in (0, 1, 3))


@pytest.mark.parametrize("seed", range(8))
def test_c6_six_players_draw_five_each_the_discards_are_reshuffled(seed: int) -> None:
    """C-6 (Draw uses the Stud rule, *interpretation*), V-0: six players draw five each.

    30 cards are dealt, 22 stay in the stock, whose last card is never dealt. The
    first four players get 20 of the other 21; player 4 gets the last one and then
    four from the reshuffled muck of discards (there are no burns in Draw), player
    5 five more from it. 60 cards are dealt, 51 different ones; every final hand is
    made of different cards; the hand completes and the chips are conserved.
    """
    hand = Hand(HandConfig.draw([100] * 6, small_blind=1, big_blind=2), Deck(seed=seed))
    while hand.phase == "bet":
        hand.check_or_call()
    assert hand.phase == "draw"
    first = [card for p in range(6) for card in hand.hole[p]]
    replacements = []
    while hand.phase == "draw":
        player = hand.to_draw
        assert player is not None
        hand.draw(list(hand.hole[player]))
        replacements.append(list(hand.hole[player]))
    fresh = [card for cards in replacements[:4] for card in cards]
    assert not set(fresh) & set(first)  # from the stock
    assert len(set(replacements[4]) - set(first)) == 1  # its last dealable card, then the muck
    assert set(replacements[5]) <= set(first)  # all from the muck
    dealt = [c for e in hand.events if isinstance(e, ev.DealHole) for c in e.cards]
    assert len(dealt) == 60 and len(set(dealt)) == 51
    final = [card for p in range(6) for card in hand.hole[p]]
    assert len(set(final)) == 30
    while hand.phase == "bet":
        hand.check_or_call()
    assert hand.phase == "done"
    strength = [
        high_strength(CardSet(c for c in hand.hole[p] if c is not None).mask) for p in range(6)
    ]
    winners = [p for p in range(6) if strength[p] == max(strength)]
    each, odd = divmod(12, len(winners))
    expected = [98] * 6
    for rank, player in enumerate(winners):
        expected[player] += each + (rank < odd)  # P-3
    assert list(hand.stacks) == expected


def test_v0_draw_seats_six() -> None:
    """V-0: Five-card Draw seats at most six players (C-6 covers the draw itself)."""
    with pytest.raises(UsageError, match="V-0"):
        HandConfig.draw([100] * 7, small_blind=1, big_blind=2)
    assert HandConfig.draw([100] * 6, small_blind=1, big_blind=2).players == 6
