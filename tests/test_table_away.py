"""Away seats (H-9 … H-11) with real engine hands: posted, dealt, killed; all-in plays on."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.cards import parse_cards
from pokerroom.deck import Deck
from pokerroom.engine import Action, Hand, HandConfig
from pokerroom.engine import events as ev
from pokerroom.errors import UsageError
from pokerroom.history.phh.documents import parse_phh
from pokerroom.history.phh.writing import write_phh
from pokerroom.history.replay import replay_hand
from pokerroom.table.away import (
    act_for_away,
    act_with_away,
    away_positions,
    dead_hands,
    kill_dead_hands,
    spare_last_live,
)
from pokerroom.table.seating import Blinds, positions


def dealt(stacks: list[int], holes: str, *, small: int = 5, big: int = 10) -> Hand:
    """A Hold'em hand with these hole cards (two per position, in order)."""
    hand = Hand(HandConfig.holdem(stacks, small_blind=small, big_blind=big))
    cards = parse_cards(holes)
    for player in range(hand.players):
        hand.deal_hole(player, cards[2 * player : 2 * player + 2])
    return hand


def finish(hand: Hand, board: str) -> None:
    """Deal the board while the dealer is due, then show down."""
    cards = parse_cards(board)
    while hand.phase == "deal":
        done = len(hand.board)
        size = hand.config.variant.streets[hand.street].board
        hand.deal_board(cards[done : done + size])
    if hand.phase == "showdown":
        hand.auto_showdown()


def check_down(hand: Hand, dead: frozenset[int], board: str) -> None:
    """Deal the board and let every live player check (or call) to the end."""
    finish(hand, board)
    while hand.phase == "bet":
        act_with_away(hand, Action.check() if hand.legal_actions().check else Action.call(), dead)
        finish(hand, board)


def winners(hand: Hand) -> set[int]:
    return {event.player for event in hand.events if isinstance(event, ev.Award)}


def test_away_big_blind_posts_and_loses_it_with_the_best_cards() -> None:
    """H-9: the away big blind holds aces, posts 10, is folded, and the caller wins."""
    hand = dealt([200, 200, 200], "7c 2d  Ah As  9s 9h")  # SB, BB (away), button
    dead = dead_hands(hand, {1})
    assert dead == {1}
    act_with_away(hand, Action.call(), dead)  # the button limps
    act_with_away(hand, Action.call(), dead)  # the small blind completes
    assert hand.folded[1], "the dead big blind is folded at his first turn, even to check"
    assert not any(isinstance(e, ev.Check) and e.player == 1 for e in hand.events)
    check_down(hand, dead, "Kd 8c 4h 3s 2c")
    assert 1 not in winners(hand)
    assert hand.stacks[1] == 190
    assert sum(hand.stacks) == 600


def test_the_blind_stays_in_the_pot_when_everyone_else_folds() -> None:
    """6.4.4: the small blind's fold to a dead big blind becomes a call; he takes the pot."""
    hand = dealt([200, 200, 200], "7c 2d  Ah As  9s 9h")
    dead = dead_hands(hand, {1})
    act_with_away(hand, Action.fold(), dead)
    assert spare_last_live(hand, Action.fold(), dead) == Action.call()
    act_with_away(hand, Action.fold(), dead)
    assert hand.phase == "done"
    assert hand.stacks == (210, 190, 200)
    assert winners(hand) == {0}


def test_a_fold_against_a_live_player_is_untouched() -> None:
    hand = dealt([200, 200, 200], "7c 2d  Ah As  9s 9h")
    dead = dead_hands(hand, {0})
    assert spare_last_live(hand, Action.fold(), dead) == Action.fold()


def test_away_player_all_in_on_his_blind_stays_in_and_wins() -> None:
    """H-9 exception: the away big blind is all-in for his blind; his aces win."""
    hand = dealt([200, 10, 200], "7c 2d  Ah As  9s 9h")
    dead = dead_hands(hand, {1})
    assert dead == frozenset(), "an all-in away hand is not dead"
    act_with_away(hand, Action.call(), dead)
    act_with_away(hand, Action.call(), dead)
    check_down(hand, dead, "Kd 8c 4h 3s 2c")
    assert winners(hand) == {1}
    assert hand.stacks[1] == 30
    assert sum(hand.stacks) == 410


def test_away_first_to_act_is_folded_before_anyone_else_acts() -> None:
    """H-9: the away player under the gun is folded as soon as he would act."""
    hand = dealt([100] * 4, "2c 3c  4c 5c  Ah As  6c 7c")
    dead = dead_hands(hand, {2})
    assert act_for_away(hand, dead) == [2]
    assert hand.to_act == 3


def test_away_stud_bring_in_is_posted_then_the_hand_is_killed() -> None:
    """6.4.4: the dealer posts an away player's bring-in; the hand is folded at its next turn."""
    config = HandConfig.stud([100, 100, 100], ante=1, bring_in=2, small_bet=5)
    hand = Hand(config)
    cards = parse_cards("As Ad 2c  Ks Kd 9h  Qs Qd Th")  # 2c is the lowest up-card
    for player in range(3):
        hand.deal_hole(player, cards[3 * player : 3 * player + 2])
        hand.deal_hole(player, cards[3 * player + 2 : 3 * player + 3], face_up=True)
    dead = dead_hands(hand, {0})
    act_for_away(hand, dead)
    assert any(isinstance(e, ev.BringIn) and e.player == 0 for e in hand.events)
    act_with_away(hand, Action.raise_to(5), dead)  # a completion
    act_with_away(hand, Action.call(), dead)
    assert hand.folded[0]
    assert hand.stacks[0] == 100 - 1 - 2


def test_away_is_decided_when_the_first_deal_is_complete() -> None:
    """H-11: asking before every player has his cards is an error that changes nothing."""
    hand = Hand(HandConfig.holdem([100, 100, 100], small_blind=1, big_blind=2))
    hand.deal_hole(0, parse_cards("As Ad"))
    with pytest.raises(UsageError, match="H-11"):
        dead_hands(hand, {1})
    with pytest.raises(UsageError, match="positions are 0 to 2"):
        dead_hands(dealt([100] * 3, "2c 3c 4c 5c 6c 7c"), {5})


def test_disconnect_after_the_deal_keeps_the_cards() -> None:
    """H-11: a player away only after the deal is not in the frozen set and plays on."""
    hand = dealt([100] * 3, "2c 3c  4c 5c  Ah As")
    dead = dead_hands(hand, set())
    act_with_away(hand, hand.timeout_action(), dead)  # his clock acts for him
    assert hand.folded[2] and hand.hole[2]


def test_away_seats_map_to_engine_positions() -> None:
    order = positions(Blinds(button=7, small_blind=9, big_blind=2), [2, 4, 7, 9])
    assert order == [9, 2, 4, 7]
    assert away_positions(order, {2, 7}) == {1, 3}


@settings(max_examples=60, deadline=None)
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 10_000),
    away_mask=st.integers(0, 63),
    choices=st.lists(st.integers(0, 2), min_size=40, max_size=40),
)
def test_dead_hands_only_lose_their_forced_bets(
    players: int, seed: int, away_mask: int, choices: list[int]
) -> None:
    """H-9 as an invariant: chips are conserved, a dead hand puts in only its forced bets
    and never wins while a live player deep enough to call is left."""
    stacks = [300] * players
    hand = Hand(HandConfig.holdem(stacks, small_blind=5, big_blind=10, ante=1), Deck(seed=seed))
    away = {p for p in range(players) if away_mask >> p & 1}
    dead = dead_hands(hand, away)
    act_for_away(hand, dead)
    moves = iter(choices)
    while hand.phase == "bet":
        legal = hand.legal_actions()
        pick = next(moves, 1)
        if pick == 2 and legal.raise_min is not None:
            action = Action.raise_to(legal.raise_min)
        elif pick == 0:
            action = Action.fold()
        else:
            action = Action.check() if legal.check else Action.call()
        act_with_away(hand, action, dead)
    assert sum(hand.stacks) == 300 * players
    config = hand.config
    for player in dead:
        assert hand.folded[player] or hand.phase == "done"
        forced = config.ante(player) + config.blind(player)
        if len(dead) < players:
            assert player not in winners(hand)
            assert hand.stacks[player] == 300 - forced


def test_a_killed_stud_hand_due_the_bring_in_posts_it_first() -> None:
    """H-9, 6.4.4: killing the away bring-in posts it from his stack, then folds him at once."""
    config = HandConfig.stud([100, 100, 100], ante=1, bring_in=2, small_bet=5)
    hand = Hand(config)
    cards = parse_cards("As Ad 2c  Ks Kd 9h  Qs Qd Th")
    for player in range(3):
        hand.deal_hole(player, cards[3 * player : 3 * player + 2])
        hand.deal_hole(player, cards[3 * player + 2 : 3 * player + 3], face_up=True)
    assert kill_dead_hands(hand, {0}) == {0}
    assert hand.folded[0] and hand.stacks[0] == 100 - 1 - 2
    assert hand.to_act == 1
    assert Hand.from_events(config, hand.events).events == hand.events


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.integers(1, 60), min_size=2, max_size=6),
    st.sets(st.integers(0, 5)),
    st.integers(0, 2**16),
)
def test_killed_hands_never_win_and_the_hand_replays(
    stacks: list[int], away: set[int], seed: int
) -> None:
    """H-9: every killed hand ends folded, wins nothing and loses what it posted (bar an
    uncalled part of his blind, A-16); chips are conserved, and the events rebuild the
    same hand (a kill replays as a kill)."""
    config = HandConfig.holdem(stacks, small_blind=1, big_blind=2)
    hand = Hand(config, Deck(seed=seed))
    killed = kill_dead_hands(hand, {p for p in away if p < len(stacks)})
    while hand.phase == "bet":
        hand.act(Action.check() if hand.legal_actions().check else Action.call())
    assert hand.phase == "done"
    assert sum(hand.stacks) == sum(stacks)
    folded_out = {e.player for e in hand.events if isinstance(e, ev.Fold) and e.killed}
    assert folded_out <= killed
    for position in folded_out:
        assert not any(isinstance(e, ev.Award) and e.player == position for e in hand.events)
        returned = sum(
            e.amount
            for e in hand.events
            if isinstance(e, ev.ReturnUncalled) and e.player == position
        )
        posted = sum(
            e.amount
            for e in hand.events
            if isinstance(e, ev.PostBlind | ev.PostAnte) and e.player == position
        )
        assert hand.stacks[position] == stacks[position] - posted + returned
    assert Hand.from_events(config, hand.events).stacks == hand.stacks
    replayed = replay_hand(parse_phh(write_phh(hand)))  # PHH: a kill, out of turn or not
    assert replayed.error is None, replayed.error
    assert replayed.finishing_stacks == tuple(Decimal(chips) for chips in hand.stacks)
