"""``pokerroom history`` of live and terminal tournaments (issue 21 items 11 to 13).

A live tournament deals no hands in the software and has no simulated time: its history
says when its clock started, how long it ran and the level it reached. Its seed draws the
seats, so it is shown only once the tournament is over (X-4), as a series' seed is. A
tournament with a person's seat resumes with ``tournament play``, not ``run``.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from typer.testing import CliRunner

from pokerroom.cli.app import app
from pokerroom.cli.tournament.history import show_tournament
from pokerroom.storage.live_saving import LiveSaver, create_live
from pokerroom.storage.tournament.store import TournamentStore
from pokerroom.tournament.clock.timesource import SimulatedTime
from pokerroom.tournament.live.desk import LiveDesk
from pokerroom.tournament.regulation import example_text, load_example

EXAMPLE = "turbo-reentry"  # 8-minute levels
EVENING = datetime(2026, 12, 4, 19, 0, tzinfo=UTC).timestamp()
SEED = 424242


def live_desk(players: int) -> tuple[LiveDesk, SimulatedTime, TournamentStore]:
    """A saved live tournament: ``players`` registered and drawn, its clock started at 19:05."""
    store = TournamentStore.open()
    time = SimulatedTime(EVENING)
    number = create_live(store, example_text(EXAMPLE), SEED)
    desk = LiveDesk(load_example(EXAMPLE), time, seed=SEED, saver=LiveSaver(store, number, 0))
    for n in range(players):
        desk.register(f"P{n:02d}")
    desk.draw()
    time.advance(5 * 60)
    desk.start_clock()
    return desk, time, store


def bust_one(desk: LiveDesk) -> None:
    table, seats = next(iter(desk.layout().items()))
    desk.bust(table, [next(iter(seats))])


def test_a_running_live_tournament_shows_real_time_and_level_and_no_seed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    desk, time, store = live_desk(14)
    time.advance(20 * 60 + 30)  # level 3, 4:30 in
    for _ in range(2):
        bust_one(desk)
    with store:
        show_tournament(store, store.get_tournament(1), as_json=False, now=time.now())
    shown = capsys.readouterr().out
    assert "simulated" not in shown and "0 hands" not in shown
    assert f"seed {SEED}" not in shown and str(SEED) not in shown
    assert "14 entrants (live), 12 left; in progress (pokerroom director --resume 1)" in shown
    assert (
        "Turbo re-entry: 14 players, 14 entries, clock started 2026-12-04 19:05 UTC, "
        "running for 0:20:30, level 3 reached"
    ) in shown


def test_a_finished_live_tournament_shows_how_long_it_ran_and_its_seed() -> None:
    desk, time, store = live_desk(3)
    time.advance(8 * 60 + 10)
    bust_one(desk)
    time.advance(60 * 60)  # past level 6 (48 min): the break after it
    bust_one(desk)
    desk.finish()
    store.close()
    result = CliRunner().invoke(app, ["history", "--tournament", "1"])
    assert result.exit_code == 0, result.output
    assert "3 entrants (live), P0" in result.output and f", seed {SEED}; finished" in result.output
    assert (
        "Turbo re-entry: 3 players, 3 entries, clock started 2026-12-04 19:05 UTC, "
        "ran 1:08:10, level 8 reached"
    ) in result.output
    assert "simulated" not in result.output
