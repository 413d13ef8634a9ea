"""``pokerroom history import``: other rooms' hands into the hand archive, each once.

The archive is the web cardroom's; an imported hand is listed among the hero's hands when
the import names his account, and its copies (PHH, PokerStars text) are made from it as
from a hand played here — with no card the history did not show.
"""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from pokerroom.cli.app import app
from pokerroom.history import parse_phh
from pokerroom.storage.accounts import AccountStore
from pokerroom.storage.hands.archive import HandArchive
from pokerroom.storage.hands.imports import IMPORTED
from pokerroom.web.archive.copies import phh_copy, stars_copy
from tests.test_history_imports import POKER_NOW_LINES, STARS, poker_now_csv

runner = CliRunner()


def files(tmp_path: Path) -> tuple[Path, Path]:
    stars = tmp_path / "stars.txt"
    stars.write_text(STARS, encoding="utf-8")
    log = tmp_path / "poker_now_log.csv"
    log.write_text(poker_now_csv(POKER_NOW_LINES), encoding="utf-8")
    return stars, log


def test_a_second_import_of_the_same_files_adds_nothing(tmp_path: Path) -> None:
    stars, log = files(tmp_path)
    database = f"sqlite:///{tmp_path / 'room.db'}"
    first = runner.invoke(app, ["history", "import", str(stars), str(log), "--archive", database])
    assert first.exit_code == 0, first.output
    assert first.output.splitlines() == [
        f"{stars}: 4 hands imported, 0 already in the archive, 0 refused",
        f"{log}: 2 hands imported, 0 already in the archive, 0 refused",
    ]
    again = runner.invoke(app, ["history", "import", str(log), str(stars), "--archive", database])
    assert again.output.splitlines() == [
        f"{log}: 0 hands imported, 2 already in the archive, 0 refused",
        f"{stars}: 0 hands imported, 4 already in the archive, 0 refused",
    ]
    with HandArchive.open(database) as archive:
        stored = [archive.get(n) for n in range(1, 8)]
    hands = [s.hand for s in stored if s is not None]
    assert len(hands) == 6
    assert {(h.source, h.room_kind) for h in hands} == {
        ("pokerstars", IMPORTED),
        ("pokernow", IMPORTED),
    }
    assert [(h.room_name, h.number, h.game) for h in hands[:4]] == [
        ("Altair II", 1, "NLHE"),
        ("Altair II", 2, "NLHE"),
        ("Tournament #3500000001, 3500000001 1", 1, "NLHE"),
        ("Vega", 1, "PLO"),
    ]
    cash = hands[0]
    assert cash.rake == 40  # cents
    assert [(s.name, s.seat, s.result) for s in cash.seats] == [
        ("charlie", 3, 400),
        ("delta", 5, -10),
        ("alpha", 1, -400),
        ("bravo", 2, -30),
    ]


def test_the_heros_account_gets_the_hands_and_his_copies_hide_what_was_not_shown(
    tmp_path: Path,
) -> None:
    stars, _log = files(tmp_path)
    database = f"sqlite:///{tmp_path / 'room.db'}"
    with AccountStore.open(database) as accounts:
        alpha = accounts.create_account("Alpha", None, ["player"]).id
    result = runner.invoke(
        app, ["history", "import", str(stars), "--archive", database, "--account", "alpha"]
    )
    assert result.exit_code == 0, result.output
    with HandArchive.open(database) as archive:
        assert archive.count_of(alpha) == 4
        listed = archive.hands_of(alpha)  # newest first: the Omaha hand at 16:00 ET
        assert [h.room_name for h in listed] == [
            "Vega",
            "Tournament #3500000001, 3500000001 1",
            "Altair II",
            "Altair II",
        ]
        side_pot = archive.get(listed[2].id)
        assert side_pot is not None and side_pot.hand.source_hand == "230000000002"
        position = side_pot.position_of(alpha)
        assert position == 1
        copy = parse_phh(phh_copy(side_pot, position))
        text = stars_copy(side_pot, position)
    assert copy.actions[1].text == "d dh p2 JcJd"
    assert "Dealt to alpha [Jc Jd]" in text
    assert "delta: folds" in text and "delta: shows" not in text


def test_refused_hands_are_listed_and_a_missing_file_is_named(tmp_path: Path) -> None:
    stars, _log = files(tmp_path)
    stars.write_text(STARS.replace("alpha: calls 400", "alpha: dances"), encoding="utf-8")
    database = f"sqlite:///{tmp_path / 'room.db'}"
    missing = tmp_path / "missing.txt"
    result = runner.invoke(
        app, ["history", "import", str(missing), str(stars), "--archive", database]
    )
    assert result.exit_code == 2
    assert result.stderr == f"error: {missing}: no such file\n"
    line = STARS.splitlines().index("alpha: calls 400") + 1
    assert result.stdout.splitlines() == [
        f"{stars}: 3 hands imported, 0 already in the archive, 1 refused",
        f'  {stars}: hand #230000000003 (line {line}): unknown action "dances" of alpha',
    ]
    only_refused = runner.invoke(app, ["history", "import", str(stars), "--archive", database])
    assert only_refused.exit_code == 1


def test_json_is_english_and_a_bad_format_is_one_line(tmp_path: Path) -> None:
    stars, log = files(tmp_path)
    stars.write_text(STARS.replace("alpha: calls 400", "alpha: dances"), encoding="utf-8")
    database = f"sqlite:///{tmp_path / 'room.db'}"
    args = ["history", "import", str(stars), "--archive", database, "--json", "--lang", "ru"]
    result = runner.invoke(app, args)
    report = json.loads(result.stdout)
    assert report["imported"] == 3 and report["already"] == 0
    assert report["refused"][0]["hand"] == "230000000003"
    assert report["refused"][0]["reason"] == 'unknown action "dances" of alpha'
    nobody = runner.invoke(
        app, ["history", "import", str(log), "--archive", database, "--account", "nobody"]
    )
    assert (nobody.exit_code, nobody.stderr) == (
        2,
        "error: --account: no account is named nobody\n",
    )
    bad = runner.invoke(app, ["history", "import", str(log), "--format", "stars"])
    assert bad.exit_code == 2
    assert bad.stderr == "error: --format must be one of pokerstars, pokernow, auto, got stars\n"
