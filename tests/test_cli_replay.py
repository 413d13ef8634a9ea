"""``pokerroom replay`` as a user meets it: a report per hand, JSON lines, exit codes."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from pokerroom.cli.app import app

runner = CliRunner()

SHOWDOWN = """
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ["d dh p1 2c7d", "d dh p2 AsAd", "d dh p3 KcKh", "p3 cbr 6", "p1 f", "p2 cc",
  "d db 2s7h9d", "p2 cc", "p3 cc", "d db Th", "p2 cc", "p3 cc", "d db 3c", "p2 cc", "p3 cc",
  "p3 sm KcKh", "p2 sm AsAd"]
players = ["Ann", "Bob", "Cid"]
finishing_stacks = [99, 107, 94]
"""

TABLES = """
[1]
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [0.25, 0.50]
min_bet = 0.50
starting_stacks = [10, 10.25]
actions = ["d dh p1 ????", "d dh p2 ????", "p2 cbr 1.50", "p1 f"]
finishing_stacks = [9.50, 10.70]

[2]
variant = "F7S"
antes = [1, 1]
bring_in = 2
small_bet = 5
big_bet = 10
starting_stacks = [100, 100]
actions = ["d dh p1 ????7h", "d dh p2 ????8h", "p1 pb"]

[3]
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 cbr 3"]

[4]
variant = "FT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
small_bet = 2
big_bet = 4
starting_stacks = [100, 100]
actions = ["d dh p1 ????", "d dh p2 ????", "p2 f"]
"""


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_text_report_pots_winners_stacks_and_the_record(tmp_path: Path) -> None:
    path = write(tmp_path, "showdown.phh", SHOWDOWN)
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0] == f"{path} hand 0: NT (No-limit Texas hold 'em), 3 players"
    assert "  pot 0: 13 won by p2 13 (eligible p2 p3)" in lines
    assert "  finishing stacks: p1 Ann 99, p2 Bob 107, p3 Cid 94" in lines
    assert "  matches the recorded finishing stacks" in lines
    assert lines[-1].startswith("1 hands: 1 replayed, 0 unsupported, 0 with an illegal action")


def test_text_report_of_a_difference_and_an_illegal_action(tmp_path: Path) -> None:
    path = write(tmp_path, "tables.phhs", TABLES)
    result = runner.invoke(app, ["replay", str(path), "--profile", "club"])
    assert result.exit_code == 1  # after replaying every hand
    output = result.output
    assert "  differs from the record: p2 recorded 10.70, replayed 10.75" in output
    assert "hand 1: F7S (Fixed-limit seven card stud), 2 players" in output
    assert "  not replayed: pokerroom does not play this game yet" in output
    assert (
        "  ILLEGAL action 3 'p3 cbr 3': raise to 3 is outside the legal range 4-100 [A-8]\n"
        "    legal: fold, call 2, raise to 4-100\n"
    ) in output
    assert "hand 3: FT" in output  # the hand after the illegal one is still replayed
    assert output.splitlines()[-1] == (
        "4 hands: 3 replayed, 1 unsupported, 1 with an illegal action; "
        "0 of 1 recorded finishing stacks matched"
    )


def test_json_lines_one_object_per_hand_in_file_order(tmp_path: Path) -> None:
    path = write(tmp_path, "tables.phhs", TABLES)
    result = runner.invoke(app, ["replay", str(path), "--json"])
    assert result.exit_code == 1
    hands = [json.loads(line) for line in result.output.splitlines()]
    assert [(h["file"], h["hand"], h["variant"]) for h in hands] == [
        (str(path), 0, "NT"),
        (str(path), 1, "F7S"),
        (str(path), 2, "NT"),
        (str(path), 3, "FT"),
    ]
    first = hands[0]
    assert first["finishing_stacks"] == [9.5, 10.75]  # decimals kept as JSON numbers
    assert first["recorded_finishing_stacks"] == [9.5, 10.7]
    assert first["matches_recorded"] is False
    assert first["winnings"] == [0, 1]
    assert first["pots"] == [
        {
            "amount": 1,
            "eligible": ["p2"],
            "winners": [{"player": "p2", "amount": 1, "share": "all"}],
            "settled": True,
        }
    ]
    assert first["error"] is None and first["unsupported"] is False
    assert hands[1]["unsupported"] is True and hands[1]["error"] is None
    assert hands[2]["error"] == {
        "action_index": 3,
        "action": "p3 cbr 3",
        "rule": "A-8",
        "message": "raise to 3 is outside the legal range 4-100",
        "legal": ["fold", "call 2", "raise to 4-100"],
    }
    assert hands[3]["finishing_stacks"] == [101, 99]  # heads-up p2 is the button: SB 1


def test_missing_file_is_one_line_and_exit_code_2(tmp_path: Path) -> None:
    good = write(tmp_path, "good.phh", SHOWDOWN)
    result = runner.invoke(app, ["replay", str(good), str(tmp_path / "nope.phh")])
    assert result.exit_code == 2
    assert (
        result.output
        == f"error: {tmp_path / 'nope.phh'}: cannot read the file: No such file or directory\n"
    )


def test_malformed_files_are_one_line_and_exit_code_2(tmp_path: Path) -> None:
    for name, text, message in [
        ("toml.phh", "variant = [", "not valid TOML"),
        ("action.phh", SHOWDOWN.replace('"p1 f"', '"p1 folds"'), "cannot read action 'p1 folds'"),
        ("table.phhs", TABLES.replace('variant = "FT"', 'variant = "XX"'), "table [4]"),
    ]:
        result = runner.invoke(app, ["replay", str(write(tmp_path, name, text))])
        assert result.exit_code == 2, name
        assert message in result.output
        assert len(result.output.strip().splitlines()) == 1
        assert "Traceback" not in result.output
