"""``pokerroom ofc --all-bots --json``, ``--resume``, and OFC sessions in ``pokerroom history``
(O-5, O-7)."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pokerroom.bots import BOTS, play_hand
from pokerroom.bots.ofc import OFC_BOTS, apply_decision, play_ofc_hand
from pokerroom.cli.app import app
from pokerroom.cli.ofc_command import OfcTable, open_table
from pokerroom.history.ofc.record import loads_many, replay_record
from pokerroom.ofc_choices import MAX_HANDS
from pokerroom.room.seam import User
from pokerroom.storage import OfcStore, SeriesLog, SeriesStore, positions
from pokerroom.table.series import Series
from pokerroom.tui.local_table import LocalTableApp

runner = CliRunner()


@pytest.fixture(autouse=True)
def no_terminal_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """CliRunner has no terminal: a table opened by mistake fails the test, never hangs it."""

    async def opened(self: LocalTableApp) -> None:
        pytest.fail("the terminal table was opened")

    monkeypatch.setattr(LocalTableApp, "run_local", opened)


def ofc_json(*args: str) -> dict[str, Any]:
    result = runner.invoke(app, ["ofc", "--all-bots", "--json", *args])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert len(lines) == 1  # one JSON object
    data: dict[str, Any] = json.loads(lines[0])
    return data


@pytest.mark.parametrize(
    ("players", "bots", "hands"), [("2", "sensible,random", "3"), ("3", "random", "4")]
)
def test_o5_o7_all_bot_sessions_sum_to_zero_and_are_saved(
    players: str, bots: str, hands: str
) -> None:
    """O-5 … O-7: every hand's points sum to zero, the totals add them up, all is saved."""
    data = ofc_json("--players", players, "--bots", bots, "--hands", hands, "--seed", "2")
    count = int(players)
    assert data["hands_played"] == int(hands) == len(data["hands"])
    assert [p["seat"] for p in data["players"]] == list(range(1, count + 1))
    kinds = bots.split(",")
    assert [p["bot"] for p in data["players"]] == [kinds[s % len(kinds)] for s in range(count)]
    for number, hand in enumerate(data["hands"], start=1):
        assert hand["hand"] == number
        assert sum(hand["points"]) == 0
        assert len(hand["fouled"]) == len(hand["royalties"]) == len(hand["fantasy"]) == count
        assert hand["button"] == (number - 1) % count + 1  # O-3: the button moves each hand
    totals = [sum(hand["points"][s] for hand in data["hands"]) for s in range(count)]
    assert data["totals"] == totals and sum(totals) == 0

    with OfcStore.open() as store:
        saved = store.get_session(data["session"])
        assert saved.finished and saved.seed == 2 and list(saved.totals) == totals
        stored = store.hands(saved.id)
    assert [list(hand.points) for hand in stored] == [hand["points"] for hand in data["hands"]]
    for hand in stored:
        replay = replay_record(hand.record())
        assert replay.error is None and replay.matches_recorded is True


def test_a_seed_replays_the_same_session() -> None:
    first = ofc_json("--bots", "random", "--hands", "3", "--seed", "9")
    second = ofc_json("--bots", "random", "--hands", "3", "--seed", "9")
    assert first["hands"][0]["points"] == second["hands"][0]["points"]
    assert first["totals"] == second["totals"] and first["session"] != second["session"]


def test_all_bots_without_json_prints_hands_and_totals() -> None:
    result = runner.invoke(app, ["ofc", "--all-bots", "--bots", "random", "--hands", "2"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("hand 1: random-1 ") and lines[1].startswith("hand 2: ")
    assert lines[2].startswith("OFC session ") and lines[2].endswith(" after 2 hands:")
    assert lines[3].split()[:3] == ["seat", "1", "random-1"]


@pytest.mark.parametrize("players", [2, 3])
def test_v9_o2_ofc_pineapple_is_a_game_for_two_or_three(players: int) -> None:
    """V-9, O-2: a session of two or of three players deals and scores a hand (one or four
    are refused below)."""
    result = runner.invoke(
        app, ["ofc", "--all-bots", "--players", str(players), "--hands", "1", "--json"]
    )
    assert result.exit_code == 0, result.output
    session = json.loads(result.stdout)
    assert len(session["players"]) == players
    (hand,) = session["hands"]
    assert sum(hand["points"]) == 0  # O-5: every pair's points cancel


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "4"], "error: --players must be 2 or 3 for OFC Pineapple (O-2), got 4"),
        (["--players", "1"], "error: --players must be 2 or 3 for OFC Pineapple (O-2), got 1"),
        (["--hands", "0"], "error: --hands must be at least 1, got 0"),
        (
            ["--hands", str(MAX_HANDS + 1)],
            f"error: --hands may be at most {MAX_HANDS}, got {MAX_HANDS + 1}",
        ),
        (["--bots", "shark"], "error: unknown OFC bot shark; choose from random, sensible"),
        (["--bots", ","], "error: unknown OFC bot (none); choose from random, sensible"),
        (["--name", " "], "error: --name must not be empty"),
        (["--name", "x" * 25], "error: --name may have at most 24 characters, got 25"),
        (
            ["--name", "Ann\udcff"],
            "error: --name may not hold control characters; use letters, "
            "digits, spaces or punctuation",
        ),
        (
            ["--name", "Ann\nBob"],
            "error: --name may not hold control characters; use letters, "
            "digits, spaces or punctuation",
        ),
        *[
            (
                ["--name", f"Ann{char}Bob"],
                f"error: --name may not hold invisible characters (U+{ord(char):04X}); use "
                "letters, digits, spaces or punctuation",
            )
            for char in "\u202e\u200b\u2028\u2029"
        ],
        (["--json"], "error: --json is for unattended sessions: add --all-bots"),
    ],
)
def test_bad_options_are_one_line_and_exit_2(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["ofc", *args])
    assert result.exit_code == 2
    assert result.output == message + "\n"
    with OfcStore.open() as store:
        assert store.list_sessions() == []  # nothing saved


def poker_series(hands: int) -> int:
    with SeriesStore.open() as store:
        series = Series(["Ann", "Bob"], seed=1)
        log = SeriesLog.start(store, series, bots={1: "station", 2: "random"})
        bots = {1: BOTS["station"](1), 2: BOTS["random"](2)}
        for _ in range(hands):
            hand = series.start_hand()
            play_hand(hand, {p: bots[series.seat_of(p)] for p in range(hand.players)})
            log.hand_finished(hand, series.finish_hand(hand))
        return log.series_id


def test_history_shows_the_latest_ofc_session_and_lists_both_games() -> None:
    series_id = poker_series(2)
    data = ofc_json("--bots", "random", "--hands", "3", "--seed", "4")
    result = runner.invoke(app, ["history"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith(f"OFC session {data['session']}, started ")
    assert "Open-Face Chinese Pineapple, 2 players, seed 4; 3 hands of 3, finished" in lines[0]
    assert lines[1].split() == ["hand", "button", "random-1", "random-2"]
    for line, hand in zip(lines[2:5], data["hands"], strict=True):
        cells = line.split()
        assert cells[:2] == [str(hand["hand"]), str(hand["button"])]
        assert [int(c) for c in cells[2:] if c not in "F*"] == hand["points"]
    assert lines[5].split() == ["total", *(f"{t:+d}" for t in data["totals"])]

    as_json = runner.invoke(app, ["history", "--json"])
    objects = [json.loads(line) for line in as_json.output.splitlines()]
    assert [o["points"] for o in objects] == [hand["points"] for hand in data["hands"]]
    assert {o["game"] for o in objects} == {"ofc"}

    poker = runner.invoke(app, ["history", "--series", str(series_id)])
    assert poker.output.startswith(f"series {series_id}, started ")

    listing = runner.invoke(app, ["history", "--list"])
    assert listing.exit_code == 0
    rows = [line.split() for line in listing.output.splitlines()]
    assert rows[0][:3] == ["game", "id", "last"]
    assert [(row[0], row[1]) for row in rows[1:]] == [
        ("ofc", str(data["session"])),
        ("poker", str(series_id)),
    ]
    listed = [
        json.loads(line)
        for line in runner.invoke(app, ["history", "--list", "--json"]).output.splitlines()
    ]
    assert [(o["game"], o["hands_played"]) for o in listed] == [("ofc", 3), ("poker", 2)]


def test_export_writes_ofc_toml_records_that_replay(tmp_path: Path) -> None:
    data = ofc_json("--players", "3", "--bots", "random", "--hands", "2", "--seed", "6")
    target = tmp_path / "session.ofc.toml"
    export = ["history", "--session", str(data["session"]), "--export", str(target)]
    player = runner.invoke(app, export)  # the records hold every face-down discard
    assert (player.exit_code, player.output) == (
        2,
        "error: an OFC record holds every face-down discard: export it with --complete "
        "(the host, once the session is finished)\n",
    )
    assert not target.exists()
    result = runner.invoke(app, [*export, "--complete"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == f"wrote 2 hands to {target}, the complete record"
    records = loads_many(target.read_text(encoding="utf-8"))
    assert [record.hand for record in records] == [1, 2]
    for record, hand in zip(records, data["hands"], strict=True):
        replay = replay_record(record)
        assert replay.error is None and replay.matches_recorded is True
        assert record.seats is not None and record.seats[-1] == hand["button"]  # O-3

    wrong = runner.invoke(app, ["history", "--export", str(tmp_path / "session.phhs")])
    assert wrong.exit_code == 2
    assert wrong.output.startswith("error: an OFC session exports as TOML hand records")
    both = runner.invoke(app, ["history", "--series", "1", "--session", "1"])
    assert both.exit_code == 2 and both.output == (
        "error: give --series (poker), --session (OFC) or --tournament, only one of them\n"
    )
    missing = runner.invoke(app, ["history", "--session", "99"])
    assert missing.output == "error: no OFC session 99 in the store\n"


def test_resume_with_nothing_to_resume_is_one_line_and_exit_2() -> None:
    for _ in range(2):  # with no session, then with a finished --all-bots one
        result = runner.invoke(app, ["ofc", "--resume"])
        assert result.exit_code == 2
        assert result.output == "error: no unfinished OFC session to resume\n"
        ofc_json("--bots", "random", "--hands", "1")
    mixed = runner.invoke(app, ["ofc", "--resume", "--players", "3", "--seed", "1"])
    assert mixed.exit_code == 2
    assert mixed.output == (
        "error: --resume goes on with the session as saved: drop --players, --seed\n"
    )
    open_table(2, "random", "Ann", 1, all_bots=False).close()  # quit before any card
    at_the_terminal = runner.invoke(app, ["ofc", "--resume", "--json"])
    assert at_the_terminal.exit_code == 2
    assert at_the_terminal.output.startswith("error: --json is for unattended sessions; OFC")


def test_an_all_bots_session_resumed_mid_hand_ends_as_one_played_straight_through() -> None:
    """Interrupted in hand 2, ``ofc --resume`` plays it on from its saved actions and the
    session ends with the very totals and hands of one never stopped (seeded bots)."""
    straight = ofc_json("--bots", "sensible,random", "--hands", "3", "--seed", "12")
    table = open_table(2, "sensible,random", "You", 12, all_bots=True, hands=3)
    for _ in range(2):
        hand = table.session.start_hand()
        seats = positions(table.session)
        if table.session.hands_played == 1:
            for _ in range(3):  # three turns of hand 2, saved as the terminal table does
                player = hand.to_act
                assert player is not None
                bot = table.bots[seats[player]]
                apply_decision(hand, player, bot.decide(hand.view(player)))
                table.log.save_progress(hand, seats)
            break
        play_ofc_hand(hand, [table.bots[seat] for seat in seats])
        table.session.finish_hand()
        table.log.hand_finished(hand, seats)
    table.close()

    history = runner.invoke(app, ["history"]).output.splitlines()
    session = table.log.session_id
    assert history[0].endswith(
        f"hand of 3, in progress, hand 2 being played (ofc --resume {session})"
    )
    assert "seed" not in history[0]  # the seed would deal the hand being played
    listing = runner.invoke(app, ["history", "--list"]).output.splitlines()
    assert listing[1].split()[:2] == ["ofc", str(table.log.session_id)]
    assert "in progress" in listing[1] and "finished" in listing[2]

    result = runner.invoke(app, ["ofc", "--resume", "--json"])
    assert result.exit_code == 0, result.output
    resumed = json.loads(result.output)
    assert resumed["session"] == table.log.session_id != straight["session"]
    assert resumed["hands"] and [h["points"] for h in resumed["hands"]] == [
        h["points"] for h in straight["hands"]
    ]
    assert resumed["totals"] == straight["totals"] and resumed["hands_played"] == 3
    with OfcStore.open() as store:
        assert store.get_session(table.log.session_id).finished
        stored = store.hands(table.log.session_id)
        first = store.hands(straight["session"])
    assert [h.record().actions for h in stored] == [h.record().actions for h in first]
    again = runner.invoke(app, ["ofc", "--resume"])
    assert again.exit_code == 2


def test_a_table_that_stops_is_one_line_and_exit_2(monkeypatch: pytest.MonkeyPatch) -> None:
    """The terminal table stopped (played on elsewhere, X-4): its reason, one line, exit 2."""
    stale = "this session was played on elsewhere; run pokerroom ofc --resume"
    monkeypatch.setattr(OfcTable, "play_here", lambda self: stale)
    monkeypatch.setattr("pokerroom.cli.terminal.at_a_terminal", lambda: True)
    result = runner.invoke(app, ["ofc", "--seed", "1"])
    assert result.exit_code == 2 and result.output == f"error: {stale}\n"


def session_to_tamper() -> Path:
    """A session at the terminal with a finished hand and one in progress; its database."""
    table = open_table(2, "random", "Ann", 3, all_bots=False, hands=5)
    bot = OFC_BOTS["random"](1)
    hand = table.session.start_hand()
    seats = positions(table.session)
    play_ofc_hand(hand, [bot, bot])
    table.session.finish_hand()
    table.log.hand_finished(hand, seats)
    hand = table.session.start_hand()
    player = hand.to_act
    assert player is not None
    apply_decision(hand, player, bot.decide(hand.view(player)))
    table.log.save_progress(hand, positions(table.session))
    location = Path(table.store.database.location)
    table.close()
    return location


@pytest.mark.parametrize(
    "change",
    [
        "seed = 'abc'",
        "hand_seed = 'x1'",
        "hand_seed = NULL",
        "created_at = 'yesterday'",
        "totals = '[null, 0]'",
        "totals = '[1,'",
        "names = '[\"Ann\"]'",
        'names = \'["Ann", "b", "c"]\'',
        "bots = '[null]'",
        "fantasy = '5'",
        "hand_actions = '5'",
        "hand_actions = '[null]'",
        "hands_limit = -3",
        f"hands_played = {MAX_HANDS + 1}",
        "button = 'x'",
        "button = 3",
    ],
)
def test_a_tampered_session_is_one_line_and_exit_2(change: str) -> None:
    """A damaged or tampered OFC row: ``error: …`` and exit 2 from every command that reads
    it, never a traceback, and no card of the hand in progress in the message (X-4)."""
    database = session_to_tamper()
    with sqlite3.connect(database) as connection:
        connection.execute(f"UPDATE ofc_sessions SET {change}")
    connection.close()
    for args in (["history"], ["history", "--list"], ["history", "--json"], ["ofc", "--resume"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        assert result.output.startswith("error: ") and result.output.count("\n") == 1
        assert "OFC session" in result.output and "damaged in the store" in result.output
        assert not re.search(r"\b[2-9TJQKA][cdhs]\b", result.output)


@pytest.mark.parametrize("change", ["points = '\"ab\"'", "seats = '[1, 1]'", "fouled = '[1, 0]'"])
def test_a_tampered_hand_is_one_line_and_exit_2(change: str) -> None:
    database = session_to_tamper()
    with sqlite3.connect(database) as connection:
        connection.execute(f"UPDATE ofc_hands SET {change}")
    connection.close()
    for args in (["history"], ["history", "--json"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        assert result.output == "error: hand 1 of OFC session 1 is damaged in the store " + (
            f"({change.split(maxsplit=1)[0]}); it cannot be used\n"
        )


def test_a_one_hand_session_reports_one_hand() -> None:
    result = runner.invoke(app, ["ofc", "--all-bots", "--bots", "random", "--hands", "1"])
    assert result.exit_code == 0
    assert result.output.splitlines()[-3].endswith(" after 1 hand:")


def test_leaving_the_table_says_how_to_go_on_or_where_the_ended_session_is(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """q leaves the session open: the command to go on; e ends it: where its hands are."""
    monkeypatch.setattr("pokerroom.cli.terminal.at_a_terminal", lambda: True)
    monkeypatch.setattr("pokerroom.cli.ofc_command.at_a_terminal", lambda: True)

    async def quit_at_once(self: LocalTableApp) -> None:  # q
        return

    monkeypatch.setattr(LocalTableApp, "run_local", quit_at_once)
    left = runner.invoke(app, ["ofc", "--seed", "1"])
    assert left.exit_code == 0 and left.output == "Saved. Go on with: pokerroom ofc --resume 1\n"

    async def end_session(self: LocalTableApp) -> None:  # e between hands
        (room,) = self.hub.rooms.values()
        ann = User(1, "You")
        assert room.handle(ann, {"type": "sit_out", "id": "away"}, 0.0).changed  # cards set
        assert self.on_end_session is not None  # for her: the hand is over
        self.on_end_session()

    monkeypatch.setattr(LocalTableApp, "run_local", end_session)
    ended = runner.invoke(app, ["ofc", "--resume", "1"])
    assert ended.exit_code == 0, ended.output
    assert ended.output == "OFC session 1 ended after 1 hand: pokerroom history --session 1\n"
