"""``pokerroom tournament run``: a whole tournament with bots, as a table or JSON lines."""

from __future__ import annotations

import itertools
import json
from collections import Counter
from typing import Any

from typer.testing import CliRunner

from pokerroom import __version__
from pokerroom.cli.app import app

runner = CliRunner()
SIT_AND_GO = ["tournament", "run", "--example", "home-sit-and-go", "--entrants", "9", "--seed", "1"]


def _lines(args: list[str]) -> list[dict[str, Any]]:
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    return [json.loads(line) for line in result.stdout.splitlines()]


def test_json_lines_carry_the_draw_hands_busts_and_results() -> None:
    """T-4, T-10, T-12, T-2: every event of a 9-player sit-and-go, then the results."""
    lines = _lines([*SIT_AND_GO, "--json"])
    kinds = Counter(line["type"] for line in lines)
    header, entries, draw = lines[0], lines[1:10], lines[10]
    assert header["type"] == "header" and header["pokerroom"] == __version__
    assert (header["seed"], header["bots"], header["entrants"]) == (1, ["tournament"], 9)
    assert header["table_size"] == 10 and 'name = "Home sit-and-go"' in header["regulation"]
    assert [(e["type"], e["kind"], e["chips"]) for e in entries] == [("entry", "entry", 200)] * 9
    assert draw["type"] == "draw"
    assert {seat["player"] for seat in draw["seats"]} == {e["player"] for e in entries}
    assert lines[-1]["type"] == "results"
    assert kinds["bust"] == 8 and kinds["winner"] == 1 and kinds["level"] >= 1
    hands = [line for line in lines if line["type"] == "hand"]
    assert [hand["number"] for hand in hands] == list(range(1, len(hands) + 1))
    for hand in hands:  # chips conserved at every hand boundary
        seats = hand["seats"]
        assert sum(s["before"] for s in seats) == sum(s["after"] for s in seats)
        assert {"table", "level", "button", "seats"} <= hand.keys()
        assert sum(s["put_in"] for s in seats) == sum(s["won"] for s in seats)  # the pots
    first_blinds = sorted(s["blind"] for s in hands[0]["seats"] if s["blind"])
    assert first_blinds == [1, 2]  # level 1: blinds 1/2, no ante
    assert sum(s["after"] for s in hands[-1]["seats"]) == 9 * 200
    results = lines[-1]
    assert [row["place"] for row in results["results"]] == list(range(1, 10))
    assert results["pool"]["total"] == 90
    assert sum(row["prize"] for row in results["results"]) == 90
    winner = next(line for line in lines if line["type"] == "winner")["player"]
    assert results["results"][0]["player"] == winner


def test_the_same_seed_plays_the_same_tournament() -> None:
    first, second = _lines([*SIT_AND_GO, "--json"]), _lines([*SIT_AND_GO, "--json"])
    assert (first[-1].pop("tournament_id"), second[-1].pop("tournament_id")) == (1, 2)  # saved
    assert (first[0].pop("tournament_id"), second[0].pop("tournament_id")) == (1, 2)
    assert first == second


def test_the_results_table_shows_places_prizes_and_the_pool() -> None:
    result = runner.invoke(app, SIT_AND_GO)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert "Prize pool 90" in lines[1]
    header = lines[3].split()
    assert header[:4] == ["place", "player", "bot", "prize"]
    assert lines[4].split()[0] == "1"
    assert len([line for line in lines if line[:5].strip().isdigit()]) == 9


def test_bad_input_is_one_line_and_exit_code_2() -> None:
    for args, message in (
        ([*SIT_AND_GO[:4], "--entrants", "11"], "takes at most 10 entrants, got 11"),
        ([*SIT_AND_GO[:4], "--entrants", "1"], "--entrants must be 2 to 100,000, got 1"),
        (
            ["tournament", "run", "--example", "club-freezeout", "--entrants", "20000000"],
            "--entrants must be 2 to 100,000, got 20,000,000",
        ),
        ([*SIT_AND_GO, "--bots", "random,shark"], "unknown bot kind 'shark'"),
        (["tournament", "run", "--entrants", "9"], "give a regulation FILE or --example"),
    ):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, args
        assert message in result.stderr
        assert len(result.stderr.strip().splitlines()) == 1


def test_json_lines_carry_hand_for_hand_add_ons_and_the_chip_race() -> None:
    """T-11, T-13, hand-for-hand: the turbo's add-on entries, one chip race per table at the
    colour-up and the bubble's rounds come out as their own lines."""
    args = ["tournament", "run", "--example", "turbo-reentry", "--entrants", "60"]
    lines = _lines([*args, "--seed", "3", "--json"])
    kinds = Counter(line["type"] for line in lines)
    assert {line["kind"] for line in lines if line["type"] == "entry"} >= {"re-entry", "add-on"}
    races = [line for line in lines if line["type"] == "chip race"]
    assert races and all(line["smallest"] == 100 for line in races)
    for race in races:
        assert all(s["after"] % 100 == 0 and s["after"] > 0 for s in race["stacks"])
    states = [line["state"] for line in lines if line["type"] == "hand-for-hand"]
    assert states == ["started", "ended"] and kinds["round"] >= 1
    started = next(line for line in lines if line["type"] == "hand-for-hand")
    assert started["players_left"] == started["places_paid"] + 1


def test_the_json_log_alone_audits_re_entries_t19() -> None:
    """Issue 21 item 8, T-19: from the --json lines alone a director follows every seat: a
    re-entrant's hand leaves him without chips, a ``bust`` line (no place) comes before his
    ``entry``, and his new seat is at a shortest table with a free seat (the one about to
    break aside, with him counted). The issue's case: tables of 5 and 4, sent to the 5."""
    args = ["tournament", "run", "--example", "turbo-reentry", "--entrants", "10"]
    lines = _lines([*args, "--seed", "1", "--json"])
    size = lines[0]["table_size"]
    table_of: dict[str, int] = {}
    emptied: dict[str, int] = {}
    re_entries = 0
    for before, line in itertools.pairwise(lines):
        kind = line["type"]
        if kind == "draw":
            table_of.update((seat["player"], seat["table"]) for seat in line["seats"])
        elif kind == "hand":
            emptied.update((s["player"], line["number"]) for s in line["seats"] if not s["after"])
        elif kind == "bust":
            assert line["hand"] == emptied.pop(line["player"])
            table_of.pop(line["player"])
        elif kind == "entry" and line["kind"] == "re-entry":
            assert before["type"] == "bust" and before["player"] == line["player"]
            assert before["re_enters"] is True and before["place"] is None
        elif kind == "move":
            if line["reason"] == "re-entry":
                re_entries += 1
                counts = Counter(table_of.values())
                breaking = max(counts) if len(table_of) + 1 <= size * (len(counts) - 1) else None
                open_tables = [n for n, c in counts.items() if c < size and n != breaking]
                there = line["to"]["table"]
                assert counts[there] == min(counts[n] for n in open_tables), (line, counts)
            table_of[line["player"]] = line["to"]["table"]
    assert re_entries >= 5
