"""Defects found reviewing the merged tournament director (issue 11), each a worked run.

The run plays a hand to its end when it deals it and logs it when its simulated time is
up, so a test director can read the hands still playing (``run._playing``) and rule on a
player whose fate in that hand is already known.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest

from pokerroom.bots.tournament_players import BotPlayers
from pokerroom.cli.app import app
from pokerroom.errors import UsageError
from pokerroom.tournament.american import AmericanRun, entrant_names
from pokerroom.tournament.clock.events import LevelStarted
from pokerroom.tournament.director import Tournament
from pokerroom.tournament.events import (
    BustOut,
    Entered,
    EntryKind,
    HandForHandStarted,
    HandPlayed,
    Seated,
)
from pokerroom.tournament.penalties.desk import Desk
from pokerroom.tournament.penalties.log import PenaltyGiven
from pokerroom.tournament.penalties.table import Offence, Penalty
from pokerroom.tournament.regulation import Regulation, load_example
from pokerroom.tournament.regulation.model import Rebuy
from pokerroom.tournament.seating.floor import FloorRules
from pokerroom.tournament.seating.moves import MoveReason
from tests.test_cli_tournament_resume import interrupted_after, one_line_error, runner
from tests.test_tournament_discipline import check_accounts
from tests.tournament_scripts import shove, small_regulation

Pick = Callable[[AmericanRun, int, tuple[str, ...], tuple[int, ...]], str | None]
"""Given a table still playing, its players and their stacks after the hand: whom to
disqualify at once (None: nobody there)."""


def _disqualify_once(
    regulation: Regulation, entrants: int, seed: int, pick: Pick
) -> tuple[Tournament, list[str]]:
    """A run of shoving players whose director disqualifies, once, the player ``pick``
    names at a table still playing its hand (the desk carries it out when that hand ends)."""
    chosen: list[str] = []

    def director(desk: Desk, _hand: HandPlayed) -> None:
        if chosen:
            return
        for table in sorted(run._playing):
            done = run._playing[table]
            player = pick(run, table, done.players, done.after)
            if player is not None:
                chosen.append(player)
                assert desk.penalize(player, Offence.INSULT, Penalty.disqualification()) is None
                return

    players = entrant_names(regulation, entrants)
    run = AmericanRun(regulation, players, shove, random.Random(seed), director=director)
    return run.run(max_hands=2_000), chosen


def _given(tournament: Tournament, player: str) -> list[PenaltyGiven]:
    return [e for e in tournament.events if isinstance(e, PenaltyGiven) and e.player == player]


def test_a_disqualified_player_busting_in_a_hand_for_hand_round_is_placed_by_it() -> None:
    """T-12, T-14: disqualified while his hand-for-hand hand is played, he busts in it while
    another table of the round still plays: he is out already, placed with the round's
    busts, and the ruling lapses (the desk's documented rule) — the run does not stop."""

    def busting_in_round(
        run: AmericanRun, table: int, players: tuple[str, ...], after: tuple[int, ...]
    ) -> str | None:
        last = max(run._playing)
        if not run._bubble.in_round or table == last:
            return None
        return next((p for p, chips in zip(players, after, strict=True) if not chips), None)

    tournament, chosen = _disqualify_once(small_regulation(), 40, 25, busting_in_round)
    [player] = chosen
    bust = next(e for e in tournament.events if isinstance(e, BustOut) and e.player == player)
    assert tournament.players[player].place == bust.place
    assert _given(tournament, player) == []
    check_accounts(tournament)


def test_a_disqualified_player_left_alone_at_his_table_is_still_put_out() -> None:
    """T-12, T-14: disqualified during a heads-up hand that busts his opponent, he is alone
    at his table when it ends; a round's size means nothing for a disqualification, which
    is carried out: next place down, his chips out of play."""

    def surviving_a_bust(
        run: AmericanRun, _table: int, players: tuple[str, ...], after: tuple[int, ...]
    ) -> str | None:
        if run.tournament.players_left < 6 or len(players) != 2 or all(after):
            return None
        return next(p for p, chips in zip(players, after, strict=True) if chips)

    regulation = small_regulation(table_size=2, final_table_size=2)
    tournament, chosen = _disqualify_once(regulation, 16, 8, surviving_a_bust)
    [player] = chosen
    [given] = _given(tournament, player)
    assert given.chips_removed > 0
    assert tournament.players[player].place == given.place
    check_accounts(tournament)


def test_a_disqualification_one_off_the_bubble_calls_hand_for_hand_at_once() -> None:
    """T-12 and hand-for-hand (beyond the seed): a disqualification between hands that
    leaves one player more than the places paid starts hand-for-hand before any table
    deals again, as a bust-out there does."""
    regulation = small_regulation()
    chosen: list[str] = []

    def director(desk: Desk, hand: HandPlayed) -> None:
        tournament = desk.tournament
        paid = run._tally.places_paid()
        if chosen or tournament.players_left != paid + 2 or len(run.floor.counts()) < 2:
            return
        seated = [s.player for s in hand.seats if tournament.players[s.player].place is None]
        if len(seated) < 2:  # a round is counted at a table of two or more (T-14)
            return
        chosen.append(seated[0])
        given = desk.penalize(seated[0], Offence.INSULT, Penalty.disqualification())
        assert given is not None and given.place == paid + 2

    players = entrant_names(regulation, 40)
    run = AmericanRun(regulation, players, shove, random.Random(0), director=director)
    tournament = run.run(max_hands=2_000)
    [player] = chosen
    [given] = _given(tournament, player)
    after = tournament.events[tournament.events.index(given) + 1 :]
    next_hand = next(i for i, e in enumerate(after) if isinstance(e, HandPlayed))
    assert any(isinstance(e, HandForHandStarted) for e in after[:next_hand])
    check_accounts(tournament)


def _turbo_at_level(level: int) -> Tournament:
    """The turbo re-entry example with three entrants, its clock at ``level``."""
    tournament = Tournament(load_example("turbo-reentry"))
    for name in ("Ann", "Bob", "Cy"):
        tournament.enter(name, at=0)
    tournament.record(LevelStarted(60.0, tournament.regulation.levels[level - 1]))
    return tournament


def test_the_desk_refuses_entries_the_regulation_does_not_offer() -> None:
    """T-11, T-19: late registration and re-entry close after their level, a player re-enters
    at most ``per_player`` times, an add-on is taken ``per_player`` times, and a kind the
    regulation does not offer is refused even as a logged event; each refusal is one clear
    error and changes nothing."""
    closed = _turbo_at_level(7)  # both close at the end of level 6
    before = closed.state()
    with pytest.raises(UsageError, match="late registration closed at the end of level 6"):
        closed.enter("Dan", at=61)
    closed.bust("Cy", at=62)
    with pytest.raises(UsageError, match="re-entry closed at the end of level 6"):
        closed.enter("Cy", at=63, kind=EntryKind.RE_ENTRY)
    assert closed.players["Cy"].place == 3 and "Dan" not in closed.players
    assert closed.state() != before  # only the bust-out changed it

    open_ = _turbo_at_level(6)
    open_.enter("Dan", at=61)  # the last level of late registration
    for at in (62, 64):
        open_.bust("Cy", at=at)
        open_.enter("Cy", at=at + 1, kind=EntryKind.RE_ENTRY)
    open_.bust("Cy", at=66)
    with pytest.raises(UsageError, match="Cy has re-entered 2 times; 'Turbo re-entry' allows 2"):
        open_.enter("Cy", at=67, kind=EntryKind.RE_ENTRY)
    open_.enter("Ann", at=68, kind=EntryKind.ADD_ON)
    with pytest.raises(UsageError, match="Ann has taken 1 add-on; 'Turbo re-entry' allows 1"):
        open_.enter("Ann", at=69, kind=EntryKind.ADD_ON)
    with pytest.raises(UsageError, match="'Turbo re-entry' offers no re-buy"):
        open_.record(Entered(70, "Bob", EntryKind.REBUY, 10_000))
    with pytest.raises(UsageError, match=r"a re-entry brings 10000 chips.*got 99"):
        open_.record(Entered(70, "Cy", EntryKind.RE_ENTRY, 99))


def test_a_rebuy_is_refused_past_its_level_its_count_or_its_stack() -> None:
    """T-11: a re-buy while the player holds more than ``stack_at_most``, after its last
    level, or beyond ``per_player``, is refused."""
    terms = Rebuy(price=100, fee=0, chips=1_000, per_player=1, until_level=2, stack_at_most=500)
    tournament = Tournament(small_regulation(rebuy=terms))
    for name in ("Ann", "Bob"):
        tournament.enter(name, at=0)
    with pytest.raises(UsageError, match="Ann holds 1000 chips; a re-buy is for 500 or less"):
        tournament.enter("Ann", at=1, kind=EntryKind.REBUY)
    tournament.players["Ann"].chips = 400  # as a hand would leave him
    tournament.enter("Ann", at=2, kind=EntryKind.REBUY)
    tournament.players["Ann"].chips = 400
    with pytest.raises(UsageError, match=r"Ann has re-bought 1 time; .* allows 1"):
        tournament.enter("Ann", at=3, kind=EntryKind.REBUY)
    tournament.record(LevelStarted(60.0, tournament.regulation.levels[2]))
    tournament.players["Bob"].chips = 0
    with pytest.raises(UsageError, match="re-buy closed at the end of level 2"):
        tournament.enter("Bob", at=61, kind=EntryKind.REBUY)


def test_an_interrupted_olympic_run_does_not_offer_a_resume_it_refuses(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Only American runs resume so far: Ctrl-C in an Olympic run and ``history --list``
    say so and name ``--abandon``, never a ``--resume`` command that is then refused."""
    interrupted_after(monkeypatch, 6)
    args = ["tournament", "run", "--example", "olympic-knockout", "--entrants", "8"]
    stopped = runner.invoke(app, [*args, "--seed", "1"])
    assert stopped.exit_code == 130, stopped.output
    assert "--resume" not in stopped.stderr
    assert "tournament 1 is saved up to its last finished hand" in stopped.stderr
    assert "pokerroom tournament run --abandon 1" in stopped.stderr
    listing = runner.invoke(app, ["history", "--list"]).stdout.splitlines()
    assert "in progress" in listing[1] and "--resume" not in listing[1]
    shown = runner.invoke(app, ["history", "--tournament", "1", "--json"])
    assert json.loads(shown.stdout)["resume"] is None
    one_line_error(
        runner.invoke(app, ["tournament", "run", "--resume", "1"]),
        "only american tournaments can be resumed so far",
    )


@pytest.mark.parametrize("seed", [0, 5])
def test_the_floor_a_log_leaves_has_drawn_the_final_table_only_if_the_run_had(seed: int) -> None:
    """T-8 across a resume: with a final table smaller than the tables (4 seats, final 3),
    the last table down to three has not been redrawn yet; the floor rebuilt from the log
    at every hand boundary is the run's own: the final table drawn or not, its seats."""
    regulation = small_regulation(table_size=4, final_table_size=3)
    rules = FloorRules(4, 3)
    players = entrant_names(regulation, 7)
    shapes: list[tuple[bool, list[tuple[int, int]]]] = []
    rebuilt: list[tuple[bool, list[tuple[int, int]]]] = []

    def at_boundary(tournament: Tournament) -> None:
        for floor, into in (
            (run.floor, shapes),
            (tournament.floor(rules, random.Random(0)), rebuilt),
        ):
            into.append((floor.final_formed, [(t.number, t.size) for t in floor.tables()]))

    bots = BotPlayers(("tournament",), players, seed)
    run = AmericanRun(regulation, players, bots, random.Random(seed), on_hand_end=at_boundary)
    tournament = run.run(max_hands=3_000)
    assert any(
        isinstance(e, Seated) and e.move.reason is MoveReason.FINAL_TABLE for e in tournament.events
    )
    assert rebuilt == shapes


def test_the_desk_takes_no_more_entries_than_max_entries() -> None:
    """T-3, T-19: ``max_entries`` (a sit-and-go's seats) is the most players registered;
    the eleventh entry of the home sit-and-go is one clear error that changes nothing."""
    tournament = Tournament(load_example("home-sit-and-go"))
    for number in range(1, 11):
        tournament.enter(f"P{number:02d}", at=0)
    before = tournament.state()
    with pytest.raises(UsageError, match="'Home sit-and-go' takes at most 10 entries"):
        tournament.enter("P11", at=0)
    assert tournament.state() == before and tournament.players_left == 10
