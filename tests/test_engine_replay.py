"""Rebuilding a hand: from its events (:meth:`Hand.from_events`) and from saved decisions.

A run-out (A-17) turns the hands up by itself, so a rebuilt hand shows them again
without being asked; the replay must neither take those shows for showdown
decisions nor drop a later show that names the cards.
"""

from __future__ import annotations

from pokerroom.cards import parse_cards
from pokerroom.deck import Deck
from pokerroom.engine import Action, Hand, HandConfig, Limit
from pokerroom.engine import events as ev
from pokerroom.storage.codec import (
    apply_decisions,
    decision_from_json,
    decision_to_json,
    decisions_of,
)

STUD = HandConfig.stud([100, 100], ante=1, bring_in=2, small_bet=10, limit=Limit.NO_LIMIT)


def stud_all_in_on_third_street(seed: int) -> Hand:
    """Heads-up Stud with a manual showdown: all-in on third street, the cards run out."""
    hand = Hand(STUD, Deck(seed=seed), auto_showdown=False)
    hand.act(Action.raise_to(99))
    hand.act(Action.call())
    assert hand.phase == "showdown" and hand.next_to_show == 0
    assert [e.player for e in hand.events if isinstance(e, ev.Show)] == [0, 1]
    return hand


def test_a17_p5_saved_decisions_of_a_manual_showdown_after_a_run_out_rebuild_the_result() -> None:
    """A-17, P-5: the run-out turned both hands up at three cards; at the showdown player 0,
    whose seven cards win (deck seed 0), mucks and player 1 takes the pot. The saved
    decisions rebuild that result, not player 0 showing his three cards and winning."""
    hand = stud_all_in_on_third_street(seed=0)
    hand.muck(0)
    hand.show(1)
    assert hand.stacks == (0, 200)
    saved = [decision_to_json(d) for d in decisions_of(hand)]
    again = Hand(STUD, Deck(seed=0), auto_showdown=False)
    apply_decisions(again, [decision_from_json(d) for d in saved])
    assert again.events == hand.events
    assert again.stacks == (0, 200)


def test_a17_saved_decisions_stop_at_the_showdown_of_a_run_out_and_go_on_from_there() -> None:
    """A-17: a hand saved while it waits for its showdown rebuilds waiting for the same show."""
    hand = stud_all_in_on_third_street(seed=0)
    again = Hand(STUD, Deck(seed=0), auto_showdown=False)
    apply_decisions(again, decisions_of(hand))
    assert again.events == hand.events and again.next_to_show == 0
    again.show(0)
    again.show(1)
    assert again.stacks == (200, 0)  # player 0's seven cards win when shown


def test_a17_from_events_keeps_a_run_out_show_that_names_unknown_cards() -> None:
    """A-17: a replayed history deals unknown cards; the players are all-in preflop, the
    run-out turns up their unknown hands and a later show names them. The rebuilt hand
    pays the aces, as the original did, instead of leaving the pot unsettled."""
    config = HandConfig.holdem([100, 100], small_blind=1, big_blind=2)
    hand = Hand(config)
    hand.deal_hole(0, [None, None])
    hand.deal_hole(1, [None, None])
    hand.act(Action.raise_to(100))
    hand.act(Action.call())
    hand.show(0, parse_cards("As Ah"))
    hand.show(1, parse_cards("Kd Kh"))
    for cards in ("2c 3d 7h", "8s", "9d"):
        hand.deal_board(parse_cards(cards))
    assert hand.phase == "done" and hand.stacks == (200, 0)
    rebuilt = Hand.from_events(config, hand.events)
    assert rebuilt.events == hand.events
    assert rebuilt.stacks == (200, 0) and not rebuilt.unsettled
