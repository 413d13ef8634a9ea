"""The clock screen's pure model (no Textual): the field, pool and prizes, phases, the
colour-up notice (T-13), the start time, and the ``pokerroom clock`` command's errors."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from pokerroom.cli import clock_command
from pokerroom.cli.app import app
from pokerroom.tournament.clock import Clock, Schedule, SimulatedTime, SystemTime, clock_state
from pokerroom.tournament.clockface.feed import FeedReading, StandaloneFeed
from pokerroom.tournament.clockface.field import Field, chips_bought, field_of, field_of_entrants
from pokerroom.tournament.clockface.lines import field_lines, prize_lines
from pokerroom.tournament.clockface.snapshot import ClockSnapshot, Phase, long_countdown, snapshot
from pokerroom.tournament.clockface.start import start_moment
from pokerroom.tournament.director import Tournament
from pokerroom.tournament.events import EntryKind
from pokerroom.tournament.money.payouts import Entries, PayoutError
from pokerroom.tournament.regulation import example_text, load_example

CLUB = load_example("club-freezeout")
TURBO = load_example("turbo-reentry")
HOME = load_example("home-sit-and-go")
MINUTE = 60.0
runner = CliRunner()


def club_at(seconds: float, field: Field | None, clock: Clock | None = None) -> ClockSnapshot:
    if clock is not None:
        return snapshot(FeedReading(CLUB, clock.state(seconds), field))
    schedule = Schedule(CLUB.levels, CLUB.breaks, start_at=0)
    return snapshot(FeedReading(CLUB, clock_state(schedule, (), seconds), field))


def test_t2_the_pool_and_prizes_are_those_of_the_entries() -> None:
    shot = club_at(0, field_of_entrants(CLUB, 10))
    assert shot.prizes is not None
    assert (shot.prizes.pool, shot.prizes.prizes) == (8300, (4150, 2490, 1660))
    assert prize_lines(shot.prizes, 10) == [
        "Prize pool 8,300",
        "1st  4,150",
        "2nd  2,490",
        "3rd  1,660",
    ]


def test_t2_a_guarantee_shows_its_overlay_and_re_entries_add_ups_count() -> None:
    small = Entries(10)
    state = clock_state(Schedule(TURBO.levels, TURBO.breaks, 0), (), 0)
    shot = snapshot(FeedReading(TURBO, state, Field(small, 10, chips_bought(TURBO, small))))
    assert shot.prizes is not None
    assert (shot.prizes.pool, shot.prizes.overlay) == (10000, 10000 - 10 * 425)
    assert prize_lines(shot.prizes, 3)[:2] == ["Prize pool 10,000", "(overlay 5,750)"]
    big = Entries(40, re_entries=6, add_ons=12)
    assert chips_bought(TURBO, big) == 46 * 10000 + 12 * 15000
    figures = snapshot(FeedReading(TURBO, state, Field(big, 30, 640000))).prizes
    assert figures is not None
    assert (figures.pool, figures.overlay) == (46 * 425 + 12 * 500, 0)
    assert sum(figures.prizes) == figures.pool


def test_the_average_stack_and_big_blinds_follow_the_level_and_the_players_left() -> None:
    seven_left = Field(Entries(10), players_left=7, chips_in_play=200000)
    level_3 = club_at(45 * MINUTE, seven_left)
    assert level_3.field is not None
    assert (level_3.field.average_stack, round(level_3.field.average_big_blinds or 0, 2)) == (
        28571,
        190.48,
    )
    assert field_lines(level_3.field) == [
        "Players 7 of 10",
        "Entries 10",
        "Average 28,571 · 190 BB",
        "Chips 200,000",
    ]
    on_break = club_at(85 * MINUTE, seven_left)  # the break after level 4 (100/200)
    assert on_break.phase is Phase.BREAK
    assert on_break.field is not None
    assert on_break.field.average_big_blinds == pytest.approx(200000 / 7 / 200)
    nobody = club_at(0, Field(Entries(2), players_left=0, chips_in_play=0))
    assert nobody.field is not None and nobody.field.average_stack is None


def test_t13_the_chip_up_notice_comes_in_the_level_before_the_break_and_during_it() -> None:
    notices = [club_at(minutes * MINUTE, None).chip_up for minutes in (59, 60, 80, 95, 160)]
    assert notices == [
        None,
        "Colour-up at the break: the 25 chips go",
        "Colour-up now: the 25 chips go",
        None,
        "Colour-up at the break: the 100 chips go",
    ]


def test_t20_paused_unscheduled_break_and_not_started_phases() -> None:
    time = SimulatedTime(0)
    clock = Clock(Schedule(CLUB.levels, CLUB.breaks, start_at=10 * MINUTE), time)
    before = club_at(0, None, clock)
    assert (before.phase, before.digits, before.level.number) == (Phase.NOT_STARTED, "10:00", 1)
    time.advance(65 * MINUTE)  # level 3, 5 minutes left
    clock.call_break(5)
    called = club_at(time.now(), None, clock)
    assert (called.phase, called.digits, called.level.number) == (
        Phase.UNSCHEDULED_BREAK,
        "5:00",
        3,
    )
    time.advance(5 * MINUTE)
    clock.pause()
    time.advance(30 * MINUTE)
    paused = club_at(time.now(), None, clock)
    assert (paused.phase, paused.paused, paused.digits) == (Phase.LEVEL, True, "5:00")
    assert paused.segment == (Phase.LEVEL, 3)  # the level resumed after the called break


def test_long_countdowns_read_hours_and_round_up_seconds() -> None:
    assert [long_countdown(s) for s in (0.2, 59.2, 3599.5, 3600, 5 * 3600 + 61)] == [
        "0:01",
        "1:00",
        "1:00:00",
        "1:00:00",
        "5:01:01",
    ]


@settings(max_examples=40)
@given(seconds=st.floats(0, 8 * 3600), entrants=st.integers(1, 400))
def test_every_frame_pays_the_whole_pool_and_counts_no_more_than_the_segment(
    seconds: float, entrants: int
) -> None:
    shot = club_at(seconds, field_of_entrants(CLUB, entrants))
    assert shot.prizes is not None and sum(shot.prizes.prizes) == shot.prizes.pool
    assert list(shot.prizes.prizes) == sorted(shot.prizes.prizes, reverse=True)
    longest = max(level.minutes for level in CLUB.levels) * MINUTE
    assert shot.seconds_left is None or 0 < shot.seconds_left <= longest


def test_field_of_a_tournament_log_counts_re_entries_and_players_left() -> None:
    tournament = Tournament(TURBO)
    for name in ("Ann", "Bob", "Cy"):
        tournament.enter(name, at=0)
    tournament.bust("Cy", at=60)
    tournament.enter("Cy", at=61, kind=EntryKind.RE_ENTRY)
    tournament.bust("Bob", at=120)
    field = field_of(tournament)
    assert (field.entries, field.players_left, field.chips_in_play) == (
        Entries(3, re_entries=1),
        2,
        40000,  # every chip issued: the busted players' chips went to the others
    )


def test_a_field_the_regulation_cannot_pay_is_refused() -> None:
    with pytest.raises(PayoutError, match="takes at most 10"):
        snapshot(
            FeedReading(
                HOME, clock_state(Schedule(HOME.levels, (), 0), (), 0), Field(Entries(11), 11, 2200)
            )
        )


def test_the_start_is_the_regulations_when_still_ahead_else_now() -> None:
    evening = datetime(2024, 6, 7, 18, 0).timestamp()  # the club starts at 19:00 local
    assert start_moment(CLUB, evening) == evening + 3600
    assert start_moment(CLUB, evening + 2 * 3600) == evening + 2 * 3600
    assert start_moment(HOME, evening) == evening  # no start time: now


# ----- the command


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["clock"], "error: give a regulation FILE or --example NAME (one of them)"),
        (["clock", "missing.toml"], "error: cannot read missing.toml: No such file or directory"),
        (["clock", "--example", "nope"], "error: no example named 'nope'; the examples are"),
        (
            ["clock", "--example", "club-freezeout", "--entrants", "0"],
            "error: --entrants must be from 1 to 100,000, got 0",
        ),
        (
            ["clock", "--example", "club-freezeout", "--entrants", "many"],
            "error: --entrants must be a whole number, got 'many'",
        ),
        (
            ["clock", "--example", "home-sit-and-go", "--entrants", "11"],
            "error: --entrants must be at most 10: 'Home sit-and-go' takes 10 entries, got 11",
        ),
    ],
)
def test_bad_invocations_are_one_line_and_exit_2(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert result.stderr.startswith(message)
    assert result.stderr.count("\n") == 1
    assert result.stdout == ""


def test_a_bad_regulation_file_names_its_field(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(
        example_text("club-freezeout").replace("minutes = 20", "minutes = 0", 1), encoding="utf-8"
    )
    result = runner.invoke(app, ["clock", str(bad)])
    assert result.exit_code == 2
    assert result.stderr == (
        "error: bad.toml: levels[1].minutes must be a number greater than 0 and at most 1440, "
        "got 0\n"
    )


def test_without_a_terminal_the_clock_stops_at_once_with_one_line() -> None:
    """CliRunner has no terminal: the screen is refused before it opens."""
    result = runner.invoke(app, ["clock", "--example", "club-freezeout", "--entrants", "9"])
    assert result.exit_code == 2
    assert result.stderr == f"error: {clock_command.NO_TERMINAL}\n"


class Opened:
    """Stands in for the screen: keeps the feed the command opened it with."""

    feeds: ClassVar[list[StandaloneFeed]] = []

    def __init__(self, feed: StandaloneFeed, clock: Clock) -> None:
        Opened.feeds.append(feed)

    def run(self) -> None:
        return None


@pytest.mark.parametrize("start_now", [False, True])
def test_at_a_terminal_the_clock_starts_now_or_at_the_regulations_time(
    monkeypatch: pytest.MonkeyPatch, start_now: bool
) -> None:
    evening = datetime(2024, 6, 7, 18, 48).timestamp()  # the club starts at 19:00 local
    monkeypatch.setattr(clock_command, "at_a_terminal", lambda: True)
    monkeypatch.setattr("pokerroom.tui.clock.app.ClockApp", Opened)
    monkeypatch.setattr(SystemTime, "now", lambda self: evening)
    Opened.feeds.clear()
    args = ["clock", "--example", "club-freezeout", "--entrants", "30"]
    result = runner.invoke(app, [*args, "--start-now"] if start_now else args)
    assert result.exit_code == 0, result.stderr
    shot = snapshot(Opened.feeds[0].poll())
    assert (shot.phase, shot.digits) == (
        (Phase.LEVEL, "20:00") if start_now else (Phase.NOT_STARTED, "12:00")
    )
    assert shot.field is not None and shot.field.players_left == 30


def test_the_help_names_the_file_or_tournament_id_argument() -> None:
    result = runner.invoke(app, ["clock", "--help"])
    assert result.exit_code == 0
    assert "FILE-OR-ID" in result.stdout and "--entrants" in result.stdout
