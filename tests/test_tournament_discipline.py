"""The director's discipline in the tournament log and at the run's tables: sit-outs (H-9,
H-10, H-11), rounds (T-14), disqualification (T-12, T-14), repeats (T-21), protests (T-22)
and soft-play flags (T-15)."""

from __future__ import annotations

import io
import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerroom.bots.tournament_players import BotPlayers
from pokerroom.cards import parse_cards
from pokerroom.cli.tournament.run_view import JsonLines, results_text
from pokerroom.deck import Deck
from pokerroom.engine import Action, Hand, HandConfig
from pokerroom.engine import events as ev
from pokerroom.errors import UsageError
from pokerroom.table.away import act_with_away, dead_hands, kill_dead_hands
from pokerroom.tournament.american import AmericanRun, entrant_names
from pokerroom.tournament.director import Tournament
from pokerroom.tournament.events import (
    Entered,
    EntryKind,
    HandPlayed,
    Seated,
    SeatResult,
    TournamentEvent,
    is_director_only,
)
from pokerroom.tournament.money.payouts import prize_pool
from pokerroom.tournament.penalties.desk import Desk, Director
from pokerroom.tournament.penalties.log import (
    HandServed,
    PenaltyGiven,
    Ruling,
    SoftPlayFlagged,
    render_log,
)
from pokerroom.tournament.penalties.table import Offence, Penalty, PenaltyKind
from pokerroom.tournament.regulation import Regulation, load_example
from pokerroom.tournament.seating.moves import Move, MoveReason, Seat
from tests.test_softplay import LIMP_AND_CHECK_DOWN, NUT_FLUSH_BOARD, played

# ----------------------------------------------------------------- a run that records its hands


@dataclass
class Dealt:
    players: tuple[str, ...]
    killed: frozenset[str]
    """Folded before anyone acted: the desk killed them at the deal (H-11)."""
    hand: Hand


@dataclass
class Recorder:
    """Plays every hand with bots and remembers, per hand dealt, who was killed at once."""

    bots: BotPlayers
    dealt: list[Dealt] = field(default_factory=list)

    def __call__(self, hand: Hand, players: Sequence[str]) -> int:
        killed = frozenset(p for i, p in enumerate(players) if hand.folded[i])
        self.dealt.append(Dealt(tuple(players), killed, hand))
        return self.bots(hand, players)


def make_run(
    regulation: Regulation, entrants: int, seed: int, director: Director | None = None
) -> tuple[AmericanRun, Recorder, list[TournamentEvent]]:
    players = entrant_names(regulation, entrants)
    recorder = Recorder(BotPlayers(("tournament", "random"), players, seed))
    heard: list[TournamentEvent] = []
    run = AmericanRun(
        regulation,
        players,
        recorder,
        random.Random(seed),
        listener=heard.append,
        director=director,
    )
    return run, recorder, heard


def posted(hand: Hand, position: int) -> int:
    return sum(
        e.amount
        for e in hand.events
        if isinstance(e, ev.PostBlind | ev.PostAnte) and e.player == position
    )


def check_accounts(tournament: Tournament) -> None:
    """Chips in play plus chips removed are what was issued; every place once; prizes sum."""
    assert tournament.chips_in_play == tournament.chips_accounted
    places = sorted(r.place or 0 for r in tournament.players.values())
    assert places == list(range(1, len(places) + 1))
    pool = prize_pool(tournament.regulation, tournament.entries())
    assert sum(r.prize for r in tournament.players.values()) == pool.total
    rebuilt = Tournament.from_events(tournament.regulation, tournament.events)
    assert rebuilt.state() == tournament.state()
    assert render_log(rebuilt.penalty_log) == render_log(tournament.penalty_log)


# ----------------------------------------------------------------- sit-outs in a run


def test_a_three_hand_sit_out_in_a_run_posts_is_killed_and_ends() -> None:
    """H-9, H-10, H-11, T-15 preset: P2 is given 3 hands after hand 1: in hands 2, 3 and 4
    he posts what falls to him, his hand is killed at the deal and he loses exactly what he
    posted; exactly 3 hands are served; from hand 5 he plays again."""

    def director(desk: Desk, hand: HandPlayed) -> None:
        if hand.number == 1:
            given = desk.penalize("P2", Offence.SOFT_PLAY)
            assert given is not None and given.hands == 3

    run, recorder, heard = make_run(load_example("home-sit-and-go"), 4, seed=2, director=director)
    tournament = run.run()
    served = [e for e in tournament.events if isinstance(e, HandServed)]
    assert [(e.player, e.hand) for e in served] == [("P2", 2), ("P2", 3), ("P2", 4)]
    assert served == [e for e in heard if isinstance(e, HandServed)], "the listener hears them"
    hands = {e.number: e for e in tournament.events if isinstance(e, HandPlayed)}
    paid_in = 0
    for number in (2, 3, 4):
        deal = recorder.dealt[number - 1]
        assert "P2" in deal.killed, f"hand {number}: his cards are dealt and killed"
        position = deal.players.index("P2")
        assert len(deal.hand.hole[position]) == 2
        seat = next(s for s in hands[number].seats if s.player == "P2")
        assert seat.after == seat.before - posted(deal.hand, position)
        paid_in += posted(deal.hand, position)
    assert paid_in > 0, "his blinds came round while he sat out"
    assert "P2" not in recorder.dealt[4].killed, "hand 5: he plays again"
    assert tournament.penalty_log.remaining("P2") == 0
    check_accounts(tournament)
    text = results_text(tournament, recorder.bots.kind_of, run.now)
    assert (
        "Director's log" in text and "#1 P2: 7.1.15 — sit out 3 hands (3 hands, 3 served)" in text
    )


def test_a_round_is_the_players_at_his_table_when_given() -> None:
    """T-14: a round at a 6-player table is 6 hands, the offender included."""
    run, recorder, _heard = make_run(load_example("home-sit-and-go"), 6, seed=3)
    given = run.desk.penalize("P1", Offence.OUT_OF_TURN_AT_ALL_IN)
    assert given is not None
    assert (str(given.penalty), given.players_at_table, given.hands) == ("sit out 1 round", 6, 6)
    tournament = run.run()
    served = [e.hand for e in tournament.events if isinstance(e, HandServed)]
    dealt_to_him = [n for n, d in enumerate(recorder.dealt, 1) if "P1" in d.players]
    assert served == dealt_to_him[: len(served)]
    assert len(served) == 6 or tournament.players["P1"].place is not None


def test_a_round_counts_his_own_table_of_several() -> None:
    """T-14: 13 players on 10-seat tables sit 7 and 6; a round is his table's count."""
    run, _recorder, _heard = make_run(load_example("club-freezeout"), 13, seed=1)
    counts = run.floor.counts()
    for table, count in counts.items():
        player = run.floor.table(table).seats[0][1]
        given = run.desk.penalize(player, Offence.OUT_OF_TURN_AT_ALL_IN)
        assert given is not None and (given.players_at_table, given.hands) == (count, count)
    assert sorted(counts.values()) == [6, 7]


def test_an_all_in_away_player_keeps_his_hand() -> None:
    """H-9: the away big blind's blind took his last chip: his hand plays on and wins."""
    hand = Hand(HandConfig.holdem([200, 10, 200], small_blind=5, big_blind=10))
    for player, cards in enumerate(("7c 2d", "Ah As", "9s 8h")):
        hand.deal_hole(player, parse_cards(cards))
    assert kill_dead_hands(hand, {1}) == frozenset()
    assert not hand.folded[1]
    hand.act(Action.call())  # the button
    hand.act(Action.call())  # the small blind
    for cards in ("Kd 8c 4h", "3s", "2c"):
        while hand.phase == "deal":
            hand.deal_board(parse_cards(cards))
        while hand.phase == "bet":
            hand.act(Action.check())
    if hand.phase == "showdown":
        hand.auto_showdown()
    assert hand.phase == "done"
    assert hand.stacks[1] == 30, "the all-in away player's aces win the main pot"


def _short_button_calls_all_in(kill: bool) -> Hand:
    """Away big blind (aces) posts 10; the button calls all-in for exactly 10; the small
    blind folds."""
    hand = Hand(HandConfig.holdem([200, 200, 10], small_blind=5, big_blind=10))
    for player, cards in enumerate(("7c 2d", "Ah As", "9s 8h")):
        hand.deal_hole(player, parse_cards(cards))
    if kill:
        kill_dead_hands(hand, {1})
        hand.act(Action.call())
        hand.act(Action.fold())
    else:
        dead = dead_hands(hand, {1})
        act_with_away(hand, Action.call(), dead)
        act_with_away(hand, Action.fold(), dead)
    streets = iter(("Kd 8c 4h", "3s", "2c"))
    while hand.phase == "deal":
        hand.deal_board(parse_cards(next(streets)))
    return hand


def test_a_killed_hand_cannot_win_when_nobody_is_left_to_bet() -> None:
    """H-9, 6.4.3: the engine's kill folds the away hand out of turn, so the short button's
    all-in call wins the blinds; folding the dead hand only at its turn never gets to it
    (nobody can answer a raise) and its aces would win at the showdown."""
    killed = _short_button_calls_all_in(kill=True)
    assert killed.phase == "done"
    assert killed.stacks == (195, 190, 25)
    assert Hand.from_events(killed.config, killed.events).stacks == killed.stacks
    in_turn = _short_button_calls_all_in(kill=False)
    assert not in_turn.folded[1], "the residual case kill_dead_hands closes"


def test_kill_is_refused_for_a_hand_no_longer_live() -> None:
    hand = Hand(HandConfig.holdem([100, 100], small_blind=1, big_blind=2), Deck(seed=1))
    hand.kill(0)
    assert hand.phase == "done"
    with pytest.raises(UsageError, match="betting round"):
        hand.kill(1)


# ----------------------------------------------------------------- disqualification


def test_disqualification_puts_him_out_next_place_down_and_removes_his_chips() -> None:
    """T-12, T-14, 5.19.2: out at once in the next place down; his stack leaves play; he
    cannot re-enter; undo brings him back."""
    tournament = Tournament(load_example("turbo-reentry"))
    for name in ("Ann", "Bob", "Cy", "Dee"):
        tournament.enter(name, at=0)
    stack = tournament.players["Cy"].chips
    given = tournament.penalize(
        "Cy", Offence.INSULT, Penalty.disqualification(), at=60, players_at_table=4
    )
    cy = tournament.players["Cy"]
    assert (given.place, given.chips_removed, cy.place, cy.chips) == (4, stack, 4, 0)
    assert tournament.players_left == 3
    assert tournament.chips_removed == stack
    assert tournament.chips_in_play == tournament.chips_accounted
    with pytest.raises(UsageError, match="disqualified"):
        tournament.enter("Cy", at=70, kind=EntryKind.RE_ENTRY)
    assert tournament.undo() == given
    assert (tournament.players["Cy"].place, tournament.players["Cy"].chips) == (None, stack)
    assert tournament.chips_removed == 0


def test_disqualification_in_a_run_waits_for_his_hand_and_accounts_stay_exact() -> None:
    """T-12, T-14: after hand 8 the director disqualifies a player whose table is still
    playing: the ruling is checked, then carried out when that hand ends; he takes the next
    place down, his chips leave play, and the tournament plays on to exact accounts."""
    chosen: list[str] = []

    def director(desk: Desk, hand: HandPlayed) -> None:
        if chosen:
            return
        playing = [t for t in run.floor.tables() if t.playing]
        if hand.number >= 8 and playing:
            chosen.append(playing[0].seats[0][1])
            assert desk.penalize(chosen[0], Offence.INSULT, Penalty.disqualification()) is None
            with pytest.raises(UsageError, match="already disqualified"):
                desk.penalize(chosen[0], Offence.INSULT, Penalty.disqualification())

    run, _recorder, heard = make_run(load_example("club-freezeout"), 25, seed=7, director=director)
    tournament = run.run()
    [player] = chosen
    events = tournament.events
    index = next(
        i for i, e in enumerate(events) if isinstance(e, PenaltyGiven) and e.player == player
    )
    given = events[index]
    assert isinstance(given, PenaltyGiven)
    last = next(e for e in reversed(events[:index]) if isinstance(e, HandPlayed))
    his = next(s for s in last.seats if s.player == player)
    assert given.chips_removed == his.after > 0, "the stack he ended that hand with"
    record = tournament.players[player]
    assert record.place == given.place and record.prize >= 0
    assert not any(
        isinstance(e, HandPlayed) and player in {s.player for s in e.seats} for e in events[index:]
    )
    assert given in heard
    check_accounts(tournament)


# ----------------------------------------------------------------- repeats, protests, undo


def _four(regulation: str = "club-freezeout") -> Tournament:
    tournament = Tournament(load_example(regulation))
    for seat, name in enumerate(("Ann", "Bob", "Cy", "Dee"), 1):
        tournament.enter(name, at=0)
        tournament.record(Seated(0, Move(name, None, Seat(1, seat), MoveReason.DRAW)))
    return tournament


def test_repeats_escalate_by_the_t21_table() -> None:
    """T-21: out of turn: a warning, then 3 hands; collusion: two rounds, then out."""
    tournament = _four()
    first = tournament.penalize("Ann", Offence.ACTION_OUT_OF_TURN, at=10)
    second = tournament.penalize("Ann", "7.1.3", at=20)
    assert (str(first.penalty), first.repeat) == ("warning", 0)
    assert (str(second.penalty), second.repeat, second.hands) == ("sit out 3 hands", 1, 3)
    other = tournament.penalize("Bob", Offence.ACTION_OUT_OF_TURN, at=30)
    assert str(other.penalty) == "warning", "repeats count per player"
    collusion = tournament.penalize("Cy", Offence.COLLUSION, at=40)
    assert (str(collusion.penalty), collusion.hands) == ("sit out 2 rounds", 8)
    out = tournament.penalize("Cy", Offence.COLLUSION, at=50)
    assert out.penalty.kind is PenaltyKind.DISQUALIFICATION
    assert tournament.players["Cy"].place == 4


def test_a_penalty_outside_the_table_is_refused_and_changes_nothing() -> None:
    """T-21, T-16: a first action out of turn earns a warning, not a sit-out."""
    tournament = _four()
    before = tournament.state()
    with pytest.raises(UsageError, match=r"not in the penalty table .* override"):
        tournament.penalize("Ann", Offence.ACTION_OUT_OF_TURN, Penalty.hands(3), at=10)
    with pytest.raises(UsageError, match="not registered"):
        tournament.penalize("Zed", Offence.ACTION_OUT_OF_TURN, at=10)
    with pytest.raises(UsageError, match="no offence"):
        tournament.penalize("Ann", "9.9", at=10)
    assert tournament.state() == before
    given = tournament.penalize(
        "Ann", Offence.ACTION_OUT_OF_TURN, Penalty.hands(3), at=10, override=True
    )
    assert given.override


def test_a_protest_is_recorded_and_decided_even_after_the_end() -> None:
    """T-22, 7.3: only the penalised player protests, before the end; the ruling may come
    after it; a ruling is final."""
    tournament = Tournament(load_example("home-sit-and-go"))
    for name in ("Ann", "Bob"):
        tournament.enter(name, at=0)
    given = tournament.penalize(
        "Ann", Offence.SOFT_PLAY, at=10, players_at_table=2
    )  # 3 hands, the preset
    with pytest.raises(UsageError, match="only Ann"):
        tournament.protest(given.number, "Bob", "not me", at=11)
    filed = tournament.protest(given.number, "Ann", "I was not in position", at=12)
    tournament.bust("Bob", at=20)
    tournament.finish(at=20)
    with pytest.raises(UsageError, match="over"):
        tournament.protest(given.number, "Ann", "again", at=30)
    ruling = tournament.decide(filed.number, Ruling.OVERTURNED, at=40, note="replayed the hand")
    with pytest.raises(UsageError, match="final"):
        tournament.decide(filed.number, Ruling.UPHELD, at=41)
    assert tournament.penalty_log.remaining("Ann") == 0
    assert "protest #1: penalty overturned" in render_log(tournament.penalty_log)
    assert ruling in tournament.events
    rebuilt = Tournament.from_events(tournament.regulation, tournament.events)
    assert rebuilt.state() == tournament.state()


def test_undo_takes_back_a_penalty_not_a_served_hand() -> None:
    """The director's last action, a penalty, can be undone; the room's own events not."""
    tournament = _four()
    before = tournament.state()
    tournament.penalize("Ann", Offence.SOFT_PLAY, at=10)
    assert isinstance(tournament.undo(), PenaltyGiven)
    assert tournament.state() == before
    assert tournament.penalty_log.penalties() == ()
    tournament.penalize("Ann", Offence.SOFT_PLAY, at=10)
    seats = tuple(SeatResult(n, p, 20_000, 20_000) for n, p in enumerate(("Ann", "Bob"), 1))
    tournament.record(HandPlayed(20, 11, 1, 1, 1, 1, 1, 2, seats))
    tournament.serve("Ann", hand=1, at=20)
    with pytest.raises(UsageError, match="HandServed"):
        tournament.undo()


# ----------------------------------------------------------------- soft play (T-15)


class _StubRun:
    """Just what the desk reads of a run: the tournament and the time."""

    def __init__(self, tournament: Tournament) -> None:
        self.tournament = tournament
        self.now = 30.0


def _after(hand: Hand) -> tuple[Tournament, list[TournamentEvent]]:
    tournament = Tournament(load_example("home-sit-and-go"))
    for name in ("Ann", "Bob"):
        tournament.record(Entered(0, name, EntryKind.ENTRY, 200))
    seats = tuple(
        SeatResult(n, p, 200, after)
        for n, (p, after) in enumerate(zip(("Ann", "Bob"), hand.stacks, strict=True), 1)
    )
    tournament.record(HandPlayed(30, 0, 1, 1, 1, 2, 2, 1, seats))
    heard: list[TournamentEvent] = []
    desk = Desk(cast("AmericanRun", _StubRun(tournament)), heard.append)
    desk.played(1, hand, ["Ann", "Bob"])
    desk.hand_ended(1)
    return tournament, heard


def test_the_nuts_checked_in_position_on_the_river_raise_a_director_only_flag() -> None:
    """T-15: Bob checks the nut flush behind on the river: a flag, not a penalty."""
    hand = played(["9c 9d", "Qh Jh"], NUT_FLUSH_BOARD, LIMP_AND_CHECK_DOWN, stacks=[200, 200])
    tournament, heard = _after(hand)
    [flag] = tournament.penalty_log.flags()
    assert (flag.player, flag.hand, flag.action, flag.hole) == ("Bob", 1, "check", "Qh Jh")
    assert is_director_only(flag) and flag.director_only
    assert heard == [flag]
    assert tournament.penalty_log.penalties() == (), "never a penalty by itself"
    assert "soft play? hand 1" in render_log(tournament.penalty_log)
    assert not is_director_only(tournament.events[0])


def test_calling_an_all_in_with_the_nuts_raises_no_flag() -> None:
    """T-15, 7.1.15: calling an all-in is the exception."""
    hand = played(["9c 9d", "Qh Jh"], NUT_FLUSH_BOARD, "c x  x x  x x  r198 c", stacks=[200, 200])
    tournament, heard = _after(hand)
    assert tournament.penalty_log.flags() == () and heard == []


# ----------------------------------------------------------------- what the director reads


def test_json_lines_and_the_results_text_carry_the_discipline() -> None:
    """--json writes penalty, served, protest, ruling and soft_play lines (the last marked
    director_only); the results text ends with the director's log."""
    tournament = _four()
    given = tournament.penalize("Ann", Offence.SOFT_PLAY, at=10)
    seats = tuple(SeatResult(n, p, 20_000, 20_000) for n, p in enumerate(("Ann", "Bob"), 1))
    tournament.record(HandPlayed(20, 11, 1, 1, 1, 1, 1, 2, seats))
    events: list[TournamentEvent] = [
        given,
        *([served] if (served := tournament.serve("Ann", hand=1, at=20)) else []),
        tournament.protest(given.number, "Ann", "unfair", at=21),
        tournament.decide(1, Ruling.UPHELD, at=22),
        tournament.record(
            SoftPlayFlagged(23, "Bob", 1, 1, "check", "T-15: check …", "Qh Jh", "Ah Kh 7h 2c 3d")
        ),
    ]
    out = io.StringIO()
    writer = JsonLines(out)
    for event in events:
        writer(event)
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [line["type"] for line in lines] == [
        "penalty",
        "served",
        "protest",
        "ruling",
        "soft_play",
    ]
    assert lines[0]["penalty"] == "sit out 3 hands" and lines[0]["offence"] == "7.1.15"
    assert lines[4]["director_only"] is True and lines[4]["hole"] == "Qh Jh"
    assert "director_only" not in lines[0]
    assert render_log(tournament.penalty_log).splitlines() == [
        "#1 Ann: 7.1.15 — sit out 3 hands (3 hands, 1 served); protest #1: penalty upheld",
        "soft play? hand 1, table 1: Bob — T-15: check … [Qh Jh on Ah Kh 7h 2c 3d]",
    ]


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**16), st.integers(4, 24))
def test_random_rulings_keep_every_account_exact(seed: int, entrants: int) -> None:
    """T-12, T-14, T-21, H-10: a director who penalises at random (disqualifications too):
    at every hand boundary chips in play plus chips removed are the chips issued; in the end
    every place once, prizes sum to the pool, and the log rebuilds the same state."""
    rng = random.Random(seed)
    offences = list(Offence)

    def director(desk: Desk, _hand: HandPlayed) -> None:
        tournament = desk.tournament
        assert tournament.chips_in_play == tournament.chips_accounted
        alive = sorted(p for p, r in tournament.players.items() if r.place is None)
        if rng.random() < 0.15 and len(alive) > 2:
            player = rng.choice(alive)
            if rng.random() < 0.3:
                try:
                    desk.penalize(player, Offence.INSULT, Penalty.disqualification())
                except UsageError as error:  # one is due at the end of his hand already
                    assert "already disqualified" in str(error)
            else:
                desk.penalize(player, rng.choice(offences))

    run, _recorder, _heard = make_run(
        load_example("club-freezeout"), entrants, seed=seed, director=director
    )
    tournament = run.run(max_hands=20_000)
    assert tournament.winner is not None
    check_accounts(tournament)
