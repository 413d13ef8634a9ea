"""``pokerroom history``: the hands of a saved series, listed, as JSON, or exported as PHH."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from pokerroom.bots import BOTS, play_hand
from pokerroom.cli.app import app
from pokerroom.history import parse_phhs, read_hands, replay_hand
from pokerroom.storage import SavedHand, SeriesLog, SeriesStore
from pokerroom.table.series import Series

runner = CliRunner()
STYLES = ("equity", "station", "random")


def saved_series(names: list[str], seed: int, hands: int) -> tuple[int, list[SavedHand]]:
    """Play ``hands`` hands of an all-bot series into the default store."""
    with SeriesStore.open() as store:
        series = Series(names, seed=seed)
        styles = {seat: STYLES[(seat - 1) % 3] for seat in series.seats}
        log = SeriesLog.start(store, series, bots=styles)
        bots = {seat: BOTS[style](seed + seat) for seat, style in styles.items()}
        while not series.is_over and series.hands_played < hands:
            hand = series.start_hand()
            play_hand(hand, {p: bots[series.seat_of(p)] for p in range(hand.players)})
            log.hand_finished(hand, series.finish_hand(hand))
        return log.series_id, store.hands(log.series_id)


def test_history_is_a_command() -> None:
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    assert "history" in result.output


def test_a_fresh_install_has_nothing_yet_one_line_and_exit_0(private_data_dir: Path) -> None:
    """Issue 10, item 12: nothing saved is no error; --json prints no object."""
    for args in (["history"], ["history", "--list"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
        assert result.output.startswith("nothing saved yet in ")
        assert str(private_data_dir) in result.output and "pokerroom play" in result.output
        assert len(result.output.splitlines()) == 1
    as_json = runner.invoke(app, ["history", "--json"])
    assert (as_json.exit_code, as_json.output) == (0, "")
    export = runner.invoke(app, ["history", "--export", str(private_data_dir / "x.phhs")])
    assert export.exit_code == 2 and export.output.startswith("error: nothing to export")


def test_lists_the_hands_of_the_latest_series() -> None:
    series_id, hands = saved_series(["Ann", "Bob", "Cy", "Dee"], seed=3, hands=5)
    result = runner.invoke(app, ["history"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith(f"series {series_id}, started ")
    assert "no-limit Texas Hold'em, blinds 1/2, 4 players; 5 hands" in lines[0]
    assert "seed" not in lines[0]  # the seed would deal the rest of the series
    assert f"{len(hands)} hands, in progress" in lines[0]
    assert lines[1].split() == ["hand", "button", "pot", "winners"]
    rows = lines[2:]
    assert len(rows) == len(hands)
    names = {1: "Ann", 2: "Bob", 3: "Cy", 4: "Dee"}
    for row, hand in zip(rows, hands, strict=True):
        number, button, pot, winners = row.split(maxsplit=3)
        assert (int(number), int(button), int(pot)) == (hand.number, hand.button, hand.pot)
        assert winners == ", ".join(f"{names[seat]} (seat {seat})" for seat in hand.winners)


def test_json_is_one_object_per_hand() -> None:
    series_id, hands = saved_series(["Ann", "Bob", "Cy"], seed=5, hands=4)
    result = runner.invoke(app, ["history", "--json"])
    assert result.exit_code == 0, result.output
    objects = [json.loads(line) for line in result.output.splitlines()]
    assert len(objects) == len(hands)
    for data, hand in zip(objects, hands, strict=True):
        assert data["series"] == series_id
        assert data["hand"] == hand.number
        assert data["button_seat"] == hand.button
        assert data["small_blind_seat"] == hand.record.small_blind
        assert data["big_blind_seat"] == hand.record.big_blind
        assert data["stakes"] == {"small_blind": 1, "big_blind": 2, "ante": 0}  # amounts apart
        assert not {"button", "small_blind", "big_blind"} & set(data)  # no seat under those
        assert data["pot"] == hand.pot
        assert [w["seat"] for w in data["winners"]] == list(hand.winners)
        assert data["stacks_after"] == {str(k): v for k, v in hand.record.stacks_after.items()}
        assert data["eliminated"] == list(hand.record.eliminated)
        assert data["played_at"].endswith("Z")


def test_series_option_picks_an_older_series() -> None:
    first, first_hands = saved_series(["Ann", "Bob"], seed=1, hands=2)
    second, _ = saved_series(["Cy", "Dee", "Eve"], seed=2, hands=3)
    assert runner.invoke(app, ["history"]).output.startswith(f"series {second},")
    result = runner.invoke(app, ["history", "--series", str(first), "--json"])
    assert result.exit_code == 0
    assert [json.loads(line)["hand"] for line in result.output.splitlines()] == [
        hand.number for hand in first_hands
    ]
    missing = runner.invoke(app, ["history", "--series", "99"])
    assert missing.exit_code == 2
    assert missing.output == "error: no series 99 in the store\n"


def test_export_writes_phhs_that_replays(tmp_path: Path) -> None:
    _, hands = saved_series(["Ann", "Bob", "Cy", "Dee", "Eve"], seed=7, hands=6)
    target = tmp_path / "out" / "series.phhs"
    target.parent.mkdir()
    result = runner.invoke(app, ["history", "--export", str(target)])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == (
        f"wrote {len(hands)} hands to {target}, as an observer saw them"  # all bots
    )
    phhs = read_hands(target)
    assert len(phhs) == len(hands)
    assert parse_phhs(target.read_text(encoding="utf-8")) == phhs
    for phh in phhs:
        result_of = replay_hand(phh)
        assert result_of.error is None and result_of.matches_recorded is True
        assert set(phh.players or ()) <= {"Ann", "Bob", "Cy", "Dee", "Eve"}
    replayed = runner.invoke(app, ["replay", str(target)])
    assert replayed.exit_code == 0
    assert f"{len(hands)} of {len(hands)} recorded finishing stacks matched" in replayed.output


def test_export_with_json_keeps_stdout_json(tmp_path: Path) -> None:
    saved_series(["Ann", "Bob"], seed=4, hands=2)
    target = tmp_path / "hands.phhs"
    result = runner.invoke(app, ["history", "--json", "--export", str(target)])
    assert result.exit_code == 0
    assert all(json.loads(line) for line in result.output.splitlines())
    assert target.is_file()


def test_export_errors_are_one_line(tmp_path: Path) -> None:
    saved_series(["Ann", "Bob"], seed=4, hands=1)
    result = runner.invoke(app, ["history", "--export", str(tmp_path / "no" / "dir.phhs")])
    assert result.exit_code == 2
    assert result.output.startswith("error: cannot write ")
    with SeriesStore.open() as store:
        empty = SeriesLog.start(store, Series(["A", "B"], seed=1)).series_id
    result = runner.invoke(app, ["history", "--export", str(tmp_path / "x.phhs")])
    assert result.exit_code == 2
    assert result.output == f"error: series {empty} has no finished hands to export\n"
    assert not (tmp_path / "x.phhs").exists()
    listing = runner.invoke(app, ["history"])
    assert listing.exit_code == 0
    assert listing.output.splitlines()[1:] == ["  no hand finished yet"]
