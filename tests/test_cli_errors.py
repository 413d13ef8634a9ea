"""Every command's bad invocations: one line on stderr naming the option, exit 2, nothing saved.

The command-line library's own errors (a value that does not parse, a number out
of range, an unknown option) read like pokerroom's: no box, no traceback.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokerroom.cli.app import app

runner = CliRunner()

HUGE = str(10**21)

BAD = [
    # equity
    (["equity"], "error: missing argument 'hands'; see pokerroom equity --help"),
    (
        ["equity", "AhKh", "QsQd", "--trials", "x"],
        "error: --trials must be a whole number, got 'x'",
    ),
    (["equity", "AhKh", "QsQd", "--trials", "0"], "error: --trials must be from 1 to 100,000,000"),
    (
        ["equity", "AhKh", "QsQd", "--game", "razz"],
        "error: --game must be one of holdem, omaha, omaha-hilo, got 'razz'",
    ),
    (["equity", "AhKh", "QsQd", "--bogus"], "error: pokerroom equity has no option --bogus"),
    # eval
    (["eval"], "error: missing argument 'cards'"),
    (["eval", "AhKh", "--game", "x"], "error: --game must be one of holdem, omaha, omaha-hilo,"),
    # play: values the library checks
    (["play", "--seats", "x"], "error: --seats must be a whole number, got 'x'"),
    (
        ["play", "--seats", "11"],
        "error: seats: a Texas Hold'em table has 2 to 10 seats (V-0); got 11",
    ),
    (
        ["play", "--seats", "1"],
        "error: seats: a Texas Hold'em table has 2 to 10 seats (V-0); got 1",
    ),
    (["play", "--humans", "0"], "error: --humans must be from 1 to 10, got 0"),
    (["play", "--stack", "-1"], "error: stack: a whole number of chips from 1 to 100,000,000,000"),
    (["play", "--max-hands", "0"], "error: --max-hands must be from 1 to 100,000, got 0"),
    (["play", "--minutes", "x"], "error: --minutes must be a number, got 'x'"),
    (["play", "--minutes", "nan"], "error: --minutes must be from 0 to 10,080, got nan"),
    (["play", "--clock", "-1"], "error: --clock must be from 0 to 3,600, got -1"),
    (
        ["play", "--limit", "zz"],
        "error: --limit must be one of no-limit, pot-limit, fixed-limit, got 'zz'",
    ),
    (["play", "--foo"], "error: pokerroom play has no option --foo; see pokerroom play --help"),
    (["play", "--mixe"], "error: pokerroom play has no option --mixe (did you mean"),
    (["play", "--stack"], "error: option '--stack' requires an argument"),
    (["play", "--all-bots=3"], "error: option '--all-bots' does not take a value"),
    # play: amounts bounded where they enter (10^12 chips at a table)
    (["play", "--all-bots", "--stack", HUGE], "error: stack: a whole number of chips from 1 to"),
    (["play", "--all-bots", "--stack", str(2**63 - 1)], "a table holds at most 10^12 chips"),
    (["play", "--all-bots", "--ante", HUGE], "error: ante: a whole number of chips from 0 to"),
    (["play", "--all-bots", "--smallest-chip", HUGE], "error: --smallest-chip must be from 1"),
    (["play", "--all-bots", "--smallest-chip", "0"], "error: --smallest-chip must be from 1"),
    (["play", "--all-bots", "--blinds", f"1/{HUGE}"], "error: blinds: at most 100,000,000,000"),
    # play: options that contradict each other or the game
    (["play", "--all-bots", "--humans", "2"], "error: --all-bots seats no one at the table"),
    (["play", "--all-bots", "--name", "Ann"], "drop --name"),
    (["play", "--all-bots", "--clock", "5"], "drop --clock"),
    (["play", "--humans", "2", "--seats", "2", "--name", "Ann"], "error: --name is for one"),
    (["play", "--all-bots", "--mixed", "--limit", "no-limit"], "error: --mixed alternates"),
    (["play", "--all-bots", "--profile", "casino"], "error: profile: one of home, club, sport"),
    (["play", "--all-bots", "--game", "stud", "--ante", "0"], "is dealt with antes (V-5)"),
    (["play", "--all-bots", "--smallest-chip", "5"], "error: --blinds must be made of chips"),
    (["play", "--json"], "error: --json is for unattended series: add --all-bots"),
    # ofc
    (["ofc", "--players", "x"], "error: --players must be a whole number, got 'x'"),
    (["ofc", "--hands", "x"], "error: --hands must be a whole number, got 'x'"),
    (["ofc", "--all-bots", "--name", "Ann"], "error: --all-bots seats no one at the table"),
    # history
    (["history", "--series", "0"], "error: --series must be from 1 to 9,223,372,036,854,775,807"),
    (["history", "--series", "x"], "error: --series must be a whole number, got 'x'"),
    (["history", "--session", "-1"], "error: --session must be from 1"),
    (["history", "--lisst"], "error: pokerroom history has no option --lisst (did you mean --list"),
    # replay and the top level
    (["replay"], "error: missing argument 'files'"),
    (["replay", "--bogus"], "error: pokerroom replay has no option --bogus"),
    (["nope"], "error: no such command 'nope'"),
]


@pytest.mark.parametrize(("args", "words"), BAD, ids=[" ".join(args) for args, _ in BAD])
def test_a_bad_invocation_is_one_line_on_stderr_and_exit_2(
    args: list[str], words: str, private_data_dir: Path
) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith("error: ") and result.stderr.endswith("\n")
    assert len(result.stderr.splitlines()) == 1, result.stderr
    assert words in result.stderr
    assert not private_data_dir.exists()  # nothing saved, not even an empty database


def test_amounts_that_would_overflow_storage_leave_no_series_behind(
    private_data_dir: Path,
) -> None:
    """A refused stack leaves nothing half-saved: a later series starts and plays."""
    refused = runner.invoke(app, ["play", "--all-bots", "--stack", str(2**63 - 1)])
    assert refused.exit_code == 2
    assert not private_data_dir.exists()
    played = runner.invoke(app, ["play", "--all-bots", "--seats", "2", "--max-hands", "1"])
    assert played.exit_code == 0
    assert runner.invoke(app, ["history", "--list", "--json"]).output.count('"id"') == 1


def test_help_reads_as_english_flags_and_ranges() -> None:
    """No "(soon)", flags without a type, ranges as ranges, every game and key of play."""
    top = runner.invoke(app, ["--help"], terminal_width=200).output
    assert "(soon)" not in top
    play = runner.invoke(app, ["play", "--help"], terminal_width=200).output
    commands = ("play", "ofc", "history", "equity", "eval", "replay", "tournament check")
    for command in (*commands, "tournament run"):
        shown = runner.invoke(app, [*command.split(), "--help"], terminal_width=200).output
        assert "<bool>" not in shown, command
        assert "<=x" not in shown and "x>=" not in shown, command
        assert "<int" not in shown and "<float" not in shown, command
    assert "--seats" in play and "2-10" in play
    for game in ("Hold'em", "Omaha", "bomb-pot", "Stud", "Draw", "Hi-Lo"):
        assert game in play
    for key in ("f fold", "c check/call", "r raise", "m/h/t/p/a", "b bring in", "1-5 mark"):
        assert key in play
    for key in ("d draw", "z sit out", "space show your cards", "q quit"):
        assert key in play
