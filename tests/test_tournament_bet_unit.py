"""T-18: every amount in play in a tournament is a multiple of the smallest chip in play.

Whole runs with bots of every kind on a regulation with 25s at level 1 and a colour-up of
the 25s to 100s at the first break: at every hand start each stack, blind and ante is whole
chips of the level, every bet, call, return and award of the hand too; and the chip total
changes only by a colour-up, as the race's rounding allows (T-13, chip_race's rule).
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from pokerroom.bots import BOTS
from pokerroom.bots.tournament_players import BotPlayers
from pokerroom.cli.app import app
from pokerroom.engine import Hand
from pokerroom.engine import events as ev
from pokerroom.errors import UsageError
from pokerroom.tournament.american import AmericanRun, entrant_names
from pokerroom.tournament.desk_events import ChipsCorrected
from pokerroom.tournament.director import Tournament
from pokerroom.tournament.events import ChipsRaced, HandPlayed, TournamentEvent
from pokerroom.tournament.regulation import Regulation
from pokerroom.tournament.structure import Break, Level
from tests.tournament_scripts import small_regulation

_AMOUNTS = (ev.PostAnte, ev.PostBlind, ev.BringIn, ev.ReturnUncalled, ev.Award)


def _regulation(starting_stack: int, antes: bool) -> Regulation:
    """25/50 at level 1 with 25s in play, then the 25s coloured up and levels in 100s."""
    levels = [Level(1, 3.0, small_blind=25, big_blind=50)]
    for number in range(2, 9):
        big = 100 * 2 ** (number - 1)
        levels.append(
            Level(number, 10.0, small_blind=big // 2, big_blind=big, ante=big // 2 * antes)
        )
    return small_regulation(
        levels=tuple(levels),
        starting_stack=starting_stack,
        breaks=(Break(1, 5.0, color_up=25),),
    )


class _CheckedBots(BotPlayers):
    """The bots, with every hand's amounts checked against its smallest chip (T-18)."""

    def __init__(self, kinds: Sequence[str], players: Sequence[str], seed: int) -> None:
        super().__init__(kinds, players, seed)
        self.chips_seen: set[int] = set()

    def __call__(self, hand: Hand, players: Sequence[str]) -> int:
        config = hand.config
        chip = config.options.smallest_chip
        assert config.options.bet_unit == chip  # T-18: bets go in whole chips of the level
        self.chips_seen.add(chip)
        forced = (*config.stacks, *config.blinds, *config.antes, config.bring_in)
        assert all(amount % chip == 0 for amount in forced), (chip, forced)
        decisions = super().__call__(hand, players)
        for event in hand.events:
            if isinstance(event, _AMOUNTS):
                assert event.amount % chip == 0, (chip, event)
            elif isinstance(event, ev.Call | ev.BetRaise):
                assert event.to % chip == 0, (chip, event)
        assert all(stack % chip == 0 for stack in hand.stacks)
        return decisions


def _check_race(race: ChipsRaced) -> None:
    """T-13, T-18: whole retired chips in, whole new chips out; the total moves only by the
    race's rounding (at most half a new chip) and one new chip per player kept in."""
    new = race.smallest
    assert all(s.before % race.retired == 0 and s.after % new == 0 for s in race.stacks)
    kept = sum(new for s in race.stacks if s.kept_in)
    if any(s.cards for s in race.stacks):
        assert abs(sum(s.after - s.before for s in race.stacks) - kept) <= new // 2
    else:  # more odd chips than a deck: each stack rounded on its own
        assert all(s.kept_in or 2 * abs(s.after - s.before) <= new for s in race.stacks)


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(2, 7),
    st.integers(0, 2**16),
    st.sampled_from([("random",), ("random", "tournament"), ("equity", "station", "random")]),
    st.sampled_from([2_025, 4_975, 10_000]),
    st.booleans(),
)
@example(field=4, seed=1, kinds=("random",), stack=2_025, antes=True)
def test_every_amount_of_a_run_is_whole_chips_of_its_level(
    field: int, seed: int, kinds: tuple[str, ...], stack: int, antes: bool
) -> None:
    """T-18 over whole runs: hands bet whole chips; only a colour-up changes the total."""
    assert set(kinds) <= set(BOTS)
    regulation = _regulation(stack, antes)
    players = entrant_names(regulation, field)
    bots = _CheckedBots(kinds, players, seed)
    races: list[ChipsRaced] = []

    def listen(event: TournamentEvent) -> None:
        if isinstance(event, ChipsRaced):
            _check_race(event)
            races.append(event)
        if isinstance(event, HandPlayed):  # chips change hands, never appear
            assert sum(s.before for s in event.seats) == sum(s.after for s in event.seats)

    run = AmericanRun(regulation, players, bots, random.Random(seed), listener=listen)
    tournament = run.run(max_hands=2_000)
    assert tournament.winner is not None
    raced = sum(s.after - s.before for race in races for s in race.stacks)
    assert tournament.players[tournament.winner].chips == field * stack + raced
    assert bots.chips_seen <= {25, 100}


def test_the_issue_run_keeps_stacks_in_whole_25s() -> None:
    """T-18, the issue's run: hand 4 at level 1 left 21,559 and 18,441 with a 25 chip."""
    args = [
        "tournament",
        "run",
        "--example",
        "club-freezeout",
        "--entrants",
        "2",
        "--seed",
        "1",
        "--json",
    ]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.output.splitlines()]
    hands = [line for line in lines if line["type"] == "hand"]
    assert len(hands) > 4 and {hand["level"] for hand in hands[:4]} == {1}
    stacks = [s[key] for hand in hands for s in hand["seats"] for key in ("before", "after")]
    assert all(stack % 25 == 0 for stack in stacks)


def test_a_chip_correction_is_whole_chips_of_the_level() -> None:
    """T-18, T-16: the director corrects a count to whole 25s; 1,010 is refused, unchanged."""
    tournament = Tournament(_regulation(1_000, antes=False))
    tournament.enter("ann", at=0)
    with pytest.raises(UsageError, match=r"^a corrected count is whole chips of 25, .*1,010$"):
        tournament.record(ChipsCorrected(1, "ann", 1_000, 1_010, "miscounted"))
    assert tournament.players["ann"].chips == 1_000
    tournament.record(ChipsCorrected(1, "ann", 1_000, 1_025, "miscounted"))
    assert tournament.players["ann"].chips == 1_025
