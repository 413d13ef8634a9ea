"""The director's penalties (T-14, T-21), sit-out countdowns (H-10), protests (T-22)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.cards import parse_cards
from pokerroom.deck import Deck
from pokerroom.engine import Action, Hand, HandConfig
from pokerroom.errors import UsageError
from pokerroom.table.away import act_for_away, act_with_away, away_positions, dead_hands
from pokerroom.table.seating import first_blinds, next_blinds, positions
from pokerroom.tournament.penalties.log import (
    HandServed,
    PenaltyLog,
    Ruling,
    render_log,
)
from pokerroom.tournament.penalties.table import (
    PRESETS,
    Choice,
    Offence,
    Penalty,
    PenaltyKind,
    Span,
    Unit,
    preset_for,
)

# ----------------------------------------------------------------- the table (T-21)


def test_a_round_is_the_players_at_the_table_offender_included() -> None:
    """T-14, 002 7.1.2 note: a round at a 9-player table is 9 hands, at 4 players 4."""
    assert Penalty.rounds(1).hands_at(players=9) == 9
    assert Penalty.rounds(2).hands_at(players=4) == 8
    assert Penalty.hands(3).hands_at(players=9) == 3
    assert Penalty.warning().hands_at(players=9) == 0


def test_the_seed_examples_of_t21() -> None:
    """T-21: first-time and repeat penalties of the examples RULES.md names."""
    out_of_turn = PRESETS[Offence.ACTION_OUT_OF_TURN]
    assert out_of_turn.allows(Penalty.warning(), priors=0, players=9)
    assert not out_of_turn.allows(Penalty.hands(3), priors=0, players=9)
    assert out_of_turn.allows(Penalty.hands(5), priors=1, players=9)
    assert not out_of_turn.allows(Penalty.hands(6), priors=1, players=9)
    assert PRESETS[Offence.OUT_OF_TURN_AT_ALL_IN].allows(Penalty.rounds(1), priors=0, players=6)
    collusion = PRESETS[Offence.COLLUSION]
    assert collusion.allows(Penalty.rounds(2), priors=0, players=9)
    assert collusion.allows(Penalty.disqualification(), priors=1, players=9)
    assert not collusion.allows(Penalty.rounds(2), priors=1, players=9)
    showing = PRESETS[Offence.SHOWING_CARDS_IN_ROUND]
    assert showing.allows(Penalty.hands(3), priors=0, players=9)
    assert showing.allows(Penalty.hands(9), priors=0, players=9)  # = one round
    assert not showing.allows(Penalty.hands(10), priors=0, players=9)
    assert showing.allows(Penalty.rounds(2), priors=3, players=9)
    delay = PRESETS[Offence.UNREASONABLE_DELAY]
    assert [str(c) for c in delay.first + delay.repeat] == ["warning", "sit out 1 round"]


def test_soft_play_preset_is_three_hands() -> None:
    """T-15, 002 7.1.15: three hands, first time and after."""
    preset = preset_for("7.1.15")
    assert preset.allows(Penalty.hands(3), priors=0, players=9)
    assert preset.allows(Penalty.hands(3), priors=2, players=9)
    assert not preset.allows(Penalty.warning(), priors=0, players=9)


def test_every_offence_has_a_preset() -> None:
    assert set(PRESETS) == set(Offence)
    assert all(preset.first and preset.repeat for preset in PRESETS.values())


def test_bad_values_are_one_clear_error() -> None:
    with pytest.raises(
        UsageError, match=re.escape("no offence '7.9' in the penalty table; allowed: 7.1.2")
    ):
        preset_for("7.9")
    with pytest.raises(UsageError, match="at least 1 hand"):
        Penalty.hands(0)
    with pytest.raises(UsageError, match="2 to 10 players, got 11"):
        Penalty.rounds(1).hands_at(players=11)
    with pytest.raises(UsageError, match="only a sit-out"):
        Penalty(PenaltyKind.WARNING, Span(3, Unit.HANDS))
    assert str(Choice(PenaltyKind.SIT_OUT, Span(3, Unit.HANDS), Span(1, Unit.ROUNDS))) == (
        "sit out 3 hands to 1 round"
    )


# ----------------------------------------------------------------- the log (T-14, T-21)


def test_repeats_count_per_player_and_offence() -> None:
    """T-21: the second offence of the same kind by the same player is a repeat."""
    log = PenaltyLog()
    log.give("Ann", Offence.UNREASONABLE_DELAY, Penalty.warning(), players_at_table=9)
    log.give("Bob", Offence.UNREASONABLE_DELAY, Penalty.warning(), players_at_table=9)
    log.give("Ann", Offence.PHONE_AT_TABLE, Penalty.warning(), players_at_table=9)
    assert log.priors("Ann", Offence.UNREASONABLE_DELAY) == 1
    with pytest.raises(UsageError, match=r"warning is not in the penalty table .* allowed sit out"):
        log.give("Ann", Offence.UNREASONABLE_DELAY, Penalty.warning(), players_at_table=9)
    repeat = log.give("Ann", Offence.UNREASONABLE_DELAY, Penalty.rounds(1), players_at_table=8)
    assert (repeat.repeat, repeat.hands) == (1, 8)
    assert len(log.penalties()) == 4
    assert [g.number for g in log.penalties("Bob")] == [2]


def test_the_director_may_override_the_table() -> None:
    """T-16, 002 7.4: a penalty outside the table is allowed and marked as an override."""
    log = PenaltyLog()
    given = log.give(
        "Ann", Offence.ACTION_OUT_OF_TURN, Penalty.hands(2), players_at_table=6, override=True
    )
    assert given.override and log.remaining("Ann") == 2
    assert "director's override" in render_log(log)


def test_a_rejected_penalty_changes_nothing() -> None:
    log = PenaltyLog()
    with pytest.raises(UsageError, match="2 to 10"):
        log.give("Ann", Offence.SOFT_PLAY, Penalty.hands(3), players_at_table=1)
    with pytest.raises(UsageError, match="only a disqualification removes chips"):
        log.give("Ann", Offence.SOFT_PLAY, Penalty.hands(3), players_at_table=9, chips_removed=100)
    assert log.events == ()


# ----------------------------------------------------------------- sit-outs (H-10)


def test_sit_out_counts_down_per_hand_dealt_and_runs_consecutively() -> None:
    """H-10: hands are counted as they are dealt at his table; two sit-outs add up."""
    log = PenaltyLog()
    log.give("Ann", Offence.SOFT_PLAY, Penalty.hands(3), players_at_table=9)
    log.give("Ann", Offence.OUT_OF_TURN_AT_ALL_IN, Penalty.rounds(1), players_at_table=2)
    assert log.remaining("Ann") == 5
    served = [log.serve_hand(["Ann", "Bob"]) for _ in range(6)]
    assert served[:5] == [frozenset({"Ann"})] * 5
    assert served[5] == frozenset()
    assert [e.penalty for e in log.events if isinstance(e, HandServed)] == [1, 1, 1, 2, 2]
    assert log.serve_hand(["Bob"]) == frozenset(), "hands elsewhere do not count for him"


def test_a_sitting_out_player_is_away_in_a_real_hand() -> None:
    """H-10 = H-9: the penalised player posts his blind, his aces are killed."""
    log = PenaltyLog()
    log.give("Bob", Offence.SOFT_PLAY, Penalty.hands(3), players_at_table=3)
    order = ["Ann", "Bob", "Cid"]  # positions 0 (SB), 1 (BB), 2 (button)
    serving = log.serve_hand(order)
    hand = Hand(HandConfig.holdem([100, 100, 100], small_blind=1, big_blind=2))
    cards = parse_cards("7c 2d Ah As 9s 9h")
    for player in range(3):
        hand.deal_hole(player, cards[2 * player : 2 * player + 2])
    dead = dead_hands(hand, away_positions(order, serving))
    act_with_away(hand, Action.fold(), dead)
    act_with_away(hand, Action.fold(), dead)
    assert hand.stacks == (102, 98, 100)
    assert log.remaining("Bob") == 2


def test_bad_deals_are_rejected() -> None:
    log = PenaltyLog()
    with pytest.raises(UsageError, match="only once per hand"):
        log.serve_hand(["Ann", "Ann"])


# ----------------------------------------------------------------- disqualification


def test_disqualification_removes_his_chips_from_play() -> None:
    """5.19.2, 7.2.2: a disqualified player is out; his stack leaves play and is logged."""
    log = PenaltyLog()
    log.give("Ann", Offence.COLLUSION, Penalty.rounds(2), players_at_table=9)
    given = log.give(
        "Ann",
        Offence.COLLUSION,
        Penalty.disqualification(),
        players_at_table=9,
        chips_removed=4_500,
    )
    assert log.disqualified("Ann") and given.chips_removed == 4_500
    with pytest.raises(UsageError, match="Ann is disqualified and cannot be dealt in"):
        log.serve_hand(["Bob", "Ann"])
    with pytest.raises(UsageError, match="already disqualified"):
        log.give("Ann", Offence.INSULT, Penalty.rounds(1), players_at_table=9)
    assert "4500 chips removed from play" in render_log(log)


# ----------------------------------------------------------------- protests (T-22)


def test_overturning_lifts_the_rest_of_the_sit_out_and_the_repeat() -> None:
    """T-22: served hands stay served; the rest is lifted; the offence no longer counts."""
    log = PenaltyLog()
    log.give("Ann", Offence.ACTION_OUT_OF_TURN, Penalty.warning(), players_at_table=9)
    second = log.give("Ann", Offence.ACTION_OUT_OF_TURN, Penalty.hands(5), players_at_table=9)
    log.serve_hand(["Ann"])
    protest = log.protest(second.number, "Ann", "I acted in turn: the dealer skipped me")
    assert log.remaining("Ann") == 4, "a pending protest does not stop the sit-out"
    log.decide(protest.number, Ruling.OVERTURNED, "video shows he was in turn")
    assert log.remaining("Ann") == 0
    assert log.serve_hand(["Ann"]) == frozenset()
    assert log.priors("Ann", Offence.ACTION_OUT_OF_TURN) == 1
    assert "protest #1: penalty overturned" in render_log(log)


def test_upheld_protest_changes_nothing() -> None:
    log = PenaltyLog()
    given = log.give("Ann", Offence.SOFT_PLAY, Penalty.hands(3), players_at_table=9)
    protest = log.protest(given.number, "Ann", "I did not see the flush")
    log.decide(protest.number, Ruling.UPHELD)
    assert log.remaining("Ann") == 3
    with pytest.raises(UsageError, match="already decided; rulings are final"):
        log.decide(protest.number, Ruling.OVERTURNED)


def test_protest_rules_of_002_7_3() -> None:
    """7.3.1: only the penalised player, in writing; 7.3.2: before the end; once."""
    log = PenaltyLog()
    given = log.give("Ann", Offence.SOFT_PLAY, Penalty.hands(3), players_at_table=9)
    with pytest.raises(UsageError, match="only Ann, who was penalised, may protest"):
        log.protest(given.number, "Bob", "unfair")
    with pytest.raises(UsageError, match="the text is empty"):
        log.protest(given.number, "Ann", "   ")
    with pytest.raises(UsageError, match="no penalty number 7"):
        log.protest(7, "Ann", "unfair")
    filed = log.protest(given.number, "Ann", "unfair")
    with pytest.raises(UsageError, match="already been protested"):
        log.protest(given.number, "Ann", "really unfair")
    later = log.give("Ann", Offence.PHONE_AT_TABLE, Penalty.warning(), players_at_table=9)
    log.end()
    with pytest.raises(UsageError, match="no longer accepted"):
        log.protest(later.number, "Ann", "unfair")
    with pytest.raises(UsageError, match="no more penalties"):
        log.give("Bob", Offence.PHONE_AT_TABLE, Penalty.warning(), players_at_table=9)
    log.decide(filed.number, Ruling.OVERTURNED, "decided after the end (7.3.3)")
    assert log.protests()[0].decision is not None


def test_overturned_disqualification_ends_it() -> None:
    log = PenaltyLog()
    given = log.give(
        "Ann", Offence.INSULT, Penalty.disqualification(), players_at_table=9, chips_removed=800
    )
    log.decide(log.protest(given.number, "Ann", "I was provoked").number, Ruling.OVERTURNED)
    assert not log.disqualified("Ann")


# ----------------------------------------------------------------- the log rebuilds itself

_OFFENCES = list(Offence)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 5), st.integers(0, 3), st.integers(1, 40)), max_size=40))
def test_the_events_rebuild_the_same_state(script: list[tuple[int, int, int]]) -> None:
    """The state follows from the events: a replayed log agrees on every query."""
    players = ["Ann", "Bob", "Cid", "Dee"]
    log = PenaltyLog()
    for what, who, number in script:
        player = players[who]
        try:
            if what == 0:
                offence = _OFFENCES[number % len(_OFFENCES)]
                choice = PRESETS[offence].choices(log.priors(player, offence))[0]
                span = choice.shortest
                penalty = Penalty(PenaltyKind.SIT_OUT, span) if span else Penalty(choice.kind)
                log.give(player, offence, penalty, players_at_table=2 + number % 9)
            elif what in (1, 2):
                log.serve_hand(players)
            elif what == 3:
                log.protest(number % 6 + 1, player, "unfair")
            elif what == 4:
                log.decide(number % 4 + 1, Ruling.OVERTURNED if number % 2 else Ruling.UPHELD)
            else:
                log.serve_hand([player])
        except UsageError:
            pass
        for p in players:
            assert log.remaining(p) >= 0
    replayed = PenaltyLog(log.events)
    assert replayed.events == log.events
    for p in players:
        assert replayed.remaining(p) == log.remaining(p)
        assert replayed.disqualified(p) == log.disqualified(p)
        for offence in Offence:
            assert replayed.priors(p, offence) == log.priors(p, offence)
    assert render_log(replayed) == render_log(log)


def test_a_three_hand_sit_out_at_a_real_table_with_moving_blinds() -> None:
    """H-10 end to end: Bob is dealt in and killed for three hands, posting as the blinds
    reach him, then plays the fourth; chips are conserved throughout."""
    log = PenaltyLog()
    log.give("Bob", Offence.SOFT_PLAY, Penalty.hands(3), players_at_table=4)
    names = {1: "Ann", 2: "Bob", 3: "Cid", 4: "Dee"}
    stacks = dict.fromkeys(names.values(), 500)
    blinds = first_blinds(list(names), button=4, seats=4)
    bob_dead = []
    for number in range(4):
        if number:
            blinds = next_blinds(blinds, list(names), seats=4)
        order = [names[seat] for seat in positions(blinds, list(names), seats=4)]
        config = HandConfig.holdem([stacks[p] for p in order], small_blind=5, big_blind=10)
        hand = Hand(config, Deck(seed=number))
        dead = dead_hands(hand, away_positions(order, log.serve_hand(order)))
        bob_dead.append(order.index("Bob") in dead)
        before = stacks["Bob"]
        act_for_away(hand, dead)
        while hand.phase == "bet":
            act_with_away(
                hand, Action.check() if hand.legal_actions().check else Action.call(), dead
            )
        stacks = {player: hand.stacks[i] for i, player in enumerate(order)}
        if bob_dead[-1]:
            bob = order.index("Bob")
            assert stacks["Bob"] == before - config.blind(bob)
        assert sum(stacks.values()) == 2_000
        if number == 2:
            assert stacks["Bob"] == 500 - 10 - 5, "big blind, small blind, button: all lost"
    assert bob_dead == [True, True, True, False]
    assert log.remaining("Bob") == 0
