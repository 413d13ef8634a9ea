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
variant = "FR"
antes = [1, 1]
bring_in = 2
small_bet = 5
big_bet = 10
starting_stacks = [100, 100]
actions = ["d dh p1 ????7h", "d dh p2 ????8h", "p2 pb"]

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
    assert lines[0] == f"{path} hand 1: NT (No-limit Texas hold 'em), 3 players"
    assert "  pot 1: 13 won by p2 13 (eligible p2 p3)" in lines
    assert "  finishing stacks: p1 Ann 99, p2 Bob 107, p3 Cid 94" in lines
    assert "  matches the recorded finishing stacks" in lines
    assert lines[-1].startswith("1 hands: 1 replayed, 0 unsupported, 0 with an illegal action")


def test_text_report_of_a_difference_and_an_illegal_action(tmp_path: Path) -> None:
    path = write(tmp_path, "tables.phhs", TABLES)
    result = runner.invoke(app, ["replay", str(path), "--profile", "club"])
    assert result.exit_code == 1  # after replaying every hand
    output = result.output
    assert "  differs from the record: p2 recorded 10.70, replayed 10.75" in output
    assert "hand 2: FR (Fixed-limit razz), 2 players" in output
    assert "  not replayed: pokerroom does not play this game yet" in output
    assert (
        "  ILLEGAL action 4 'p3 cbr 3': raise to 3 is outside the legal range 4-100 [A-8]\n"
        "    legal: fold, call 2, raise to 4-100\n"
    ) in output
    assert "hand 4: FT" in output  # the hand after the illegal one is still replayed
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
        (str(path), 1, "NT"),
        (str(path), 2, "FR"),
        (str(path), 3, "NT"),
        (str(path), 4, "FT"),
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


BOMB_POT = """
variant = "PO2B"
antes = [5, 5, 5]
blinds_or_straddles = [0, 0, 0]
min_bet = 5
starting_stacks = [100, 100, 100]
actions = ["d dh p1 5s4c9h3c", "d dh p2 Jd7sQcKh", "d dh p3 ThJhAh2c",
  "d db 6cTs5h", "d db JsAd8d", "p1 cc", "p2 cc", "p3 cc", "d db 3s", "d db Qh",
  "p1 cc", "p2 cc", "p3 cc", "d db Qd", "d db Ks", "p1 cc", "p2 cc", "p3 cc",
  "p1 sm 5s4c9h3c", "p2 sm Jd7sQcKh", "p3 sm ThJhAh2c"]
"""

STUD_HI_LO = """
variant = "F7S/8"
antes = [1, 1]
bring_in = 1
small_bet = 2
big_bet = 4
starting_stacks = [20, 20]
actions = ["d dh p1 AsKs8d", "d dh p2 2c3cJc", "p1 pb", "p2 cc", "d dh p1 8h", "d dh p2 5d",
  "p1 cc", "p2 cc", "d dh p1 Kd", "d dh p2 Qd", "p1 cc", "p2 cc", "d dh p1 Ad", "d dh p2 4d",
  "p1 cc", "p2 cc", "d dh p1 7s", "d dh p2 7c", "p1 cc", "p2 cc", "p1 sm AsKs8d8hKdAd7s",
  "p2 sm 2c3cJc5dQd4d7c"]
finishing_stacks = [20, 20]
"""


def test_double_board_awards_name_their_board(tmp_path: Path) -> None:
    """P-8: each half of the pot goes to its board's best hand, the odd chip to the upper."""
    path = write(tmp_path, "bomb.phh", BOMB_POT)
    text = runner.invoke(app, ["replay", str(path)])
    assert text.exit_code == 0
    assert (
        "  pot 1: 15 won by p1 8 (upper board), p3 7 (lower board) (eligible p1 p2 p3)"
        in text.output.splitlines()
    )
    (line,) = runner.invoke(app, ["replay", str(path), "--json"]).output.splitlines()
    assert json.loads(line)["pots"][0]["winners"] == [
        {"player": "p1", "amount": 8, "share": "all", "board": 0},
        {"player": "p3", "amount": 7, "share": "all", "board": 1},
    ]


def test_stud_hi_lo_is_replayed(tmp_path: Path) -> None:
    """V-5: 8d brings in; E-8: the open eights act first; P-7: aces up take the high
    half, 7-5-4-3-2 the low half of the 4 in the pot."""
    path = write(tmp_path, "stud.phh", STUD_HI_LO)
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    game = "F7S/8 (Fixed-limit seven card stud high/low-split eight or better)"
    assert lines[0] == f"{path} hand 1: {game}, 2 players"
    assert "  pot 1: 4 won by p1 2 (high), p2 2 (low) (eligible p1 p2)" in lines
    assert "  matches the recorded finishing stacks" in lines
    (line,) = runner.invoke(app, ["replay", str(path), "--json"]).output.splitlines()
    assert "board" not in json.loads(line)["pots"][0]["winners"][0]


def test_a_bad_first_file_does_not_stop_the_good_ones(tmp_path: Path) -> None:
    """Every readable file is replayed; the unreadable one is named last, exit code 2."""
    good = write(tmp_path, "good.phh", SHOWDOWN)
    empty = write(tmp_path, "empty.phh", "")
    missing = tmp_path / "nope.phh"
    result = runner.invoke(app, ["replay", str(missing), str(good), str(empty)])
    assert result.exit_code == 2
    assert (
        result.stdout.splitlines()[0] == f"{good} hand 1: NT (No-limit Texas hold 'em), 3 players"
    )
    assert result.stdout.splitlines()[-1].startswith("1 hands: 1 replayed")
    assert result.stderr.splitlines() == [
        f"error: {missing}: cannot read the file: No such file or directory",
        f"error: {empty}: no hand in it: expected a hand (variant = …) or tables [1], [2], …",
    ]
    alone = runner.invoke(app, ["replay", str(missing), "--json"])
    assert (alone.exit_code, alone.stdout) == (2, "")
    assert len(alone.stderr.splitlines()) == 1


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
