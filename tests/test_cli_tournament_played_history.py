"""The tournaments of ``pokerroom tournament play`` in ``history`` and ``tournament export``:
listed as ``p1`` … with the command that sits the player down again, their results table,
their files and hands exported as the player saw them (X-4) — and reading one never
changes its save. Old saves of either kind are listed without a crash.

The tournament is played by driving the room tournament that ``tournament play`` saves
(its person acting at his table, time running to each deadline), which takes a second or
two instead of a terminal session."""

from __future__ import annotations

import csv
import io
import json
import re
import sqlite3
from collections.abc import Callable
from contextlib import closing
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokerroom.cards import Card
from pokerroom.cli.app import app
from pokerroom.cli.tournament import play
from pokerroom.cli.tournament.play import Seat, new_seat
from pokerroom.engine import events as ev
from pokerroom.protocol.frames import TableFrame
from pokerroom.storage.rooms.local_history import PlayedTournament, played_tournament
from pokerroom.storage.rooms.local_tournaments import DATABASE_FILE
from pokerroom.storage.tournament.store import TournamentStore
from pokerroom.tournament.events import Entered, EntryKind
from pokerroom.tournament.regulation import example_text
from tests.test_cli_tournament_resume import one_line_error
from tests.web.leaks import known_to
from tests.web.tournament_driver import TournamentDriver, careful

runner = CliRunner()
CARD = re.compile(r"[2-9TJQKA][cdhs]")


@pytest.fixture(autouse=True)
def terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(play, "at_a_terminal", lambda: True)


def shove(frame: TableFrame) -> dict[str, object]:
    """All in whenever he may raise, else call or check; shows at showdown."""
    you = frame["you"]
    if you["decision"] == "show":
        return {"type": "show"}
    actions = you["actions"]
    assert actions is not None
    sized = actions["raise_to"]
    if sized is not None:
        return {"type": "act", "action": sized["word"], "amount": sized["max"]}
    return {"type": "act", "action": "call" if actions["call"] is not None else "check"}


def played(
    entrants: int,
    seed: int,
    done: Callable[[Seat], bool],
    policy: Callable[[TableFrame], dict[str, object]],
) -> Seat:
    """A ``tournament play`` of Ann and random bots at speed 100, played until ``done``,
    then left as ``q`` leaves it (everything saved)."""
    seat = new_seat(None, None, entrants, "Ann", "random", seed, speed=100, clock=30)
    driver = TournamentDriver(seat.tournament, [seat.you], now=seat.tournament.now)
    try:
        for _ in range(20_000):
            if done(seat):
                break
            if not driver.act(policy):
                assert driver.wait(), "the tournament stopped"
        else:
            raise AssertionError("not done after 20,000 steps")
    finally:
        seat.close()
    return seat


def database(data: Path) -> bytes:
    return (data / DATABASE_FILE).read_bytes()


def test_a_tournament_left_half_way_is_listed_and_shown_with_its_resume_command(
    private_data_dir: Path,
) -> None:
    seat = played(6, 4, lambda seat: seat.tournament.log().hands >= 4, careful)
    log = seat.tournament.log()
    assert log.winner is None and not seat.out
    saved = database(private_data_dir)

    listing = runner.invoke(app, ["history", "--list"])
    assert listing.exit_code == 0, listing.output
    line = listing.stdout.splitlines()[1]
    assert line.split()[:2] == ["tournament", "p1"]
    assert f"  {log.hands}  in progress" in line
    assert f"6 entrants (random), {log.players_left} left" in line
    assert line.endswith("(pokerroom tournament play --resume 1)")
    entry = json.loads(runner.invoke(app, ["history", "--list", "--json"]).stdout)
    assert (entry["id"], entry["player"], entry["place"]) == ("p1", "Ann", None)
    assert (entry["hands_played"], entry["finished"]) == (log.hands, False)
    assert entry["resume"] == "pokerroom tournament play --resume 1"

    shown = runner.invoke(app, ["history", "--tournament", "p1"])
    assert shown.exit_code == 0, shown.output
    lines = shown.stdout.splitlines()
    assert lines[0].startswith("tournament p1, started ")
    assert "in progress (pokerroom tournament play --resume 1)" in lines[0]
    assert "seed" not in lines[0]  # it deals the hands still to come
    rows = [row.split() for row in lines[lines.index("") + 2 :] if row.strip()]
    still_in = [row for row in rows if row[0] == "-"]  # the players still in first, no place
    assert len(still_in) == log.players_left and ["-", "Ann", "-"] in [r[:3] for r in still_in]
    assert runner.invoke(app, ["history"]).stdout == shown.stdout  # the latest thing played
    assert database(private_data_dir) == saved  # reading changed nothing


def test_a_finished_tournament_shows_its_places_and_exports_them(
    private_data_dir: Path, tmp_path: Path
) -> None:
    seat = played(3, 5, lambda seat: seat.tournament.status == "finished", shove)
    log = seat.tournament.log()
    places = {name: record.place for name, record in log.players.items()}
    prizes = {name: record.prize for name, record in log.players.items()}
    assert sorted(place or 0 for place in places.values()) == [1, 2, 3]
    assert sum(prizes.values()) > 0
    saved = database(private_data_dir)

    entry = json.loads(runner.invoke(app, ["history", "--list", "--json"]).stdout)
    assert (entry["winner"], entry["place"], entry["resume"]) == (log.winner, places["Ann"], None)
    shown = runner.invoke(app, ["history", "--tournament", "p1"]).stdout.splitlines()
    assert f"{log.winner} won, seed 5; {log.hands} hands, finished" in shown[0]
    table = {row.split()[1] + " " + row.split()[2]: row.split() for row in shown[5:8]}
    assert table["Bot 1"][0] == str(places["Bot 1"]) and table["Ann -"][0] == str(places["Ann"])
    as_json = json.loads(runner.invoke(app, ["history", "--tournament", "p1", "--json"]).stdout)
    assert {row["player"]: row["place"] for row in as_json["results"]} == places
    assert as_json["tournament_id"] == "p1"

    out = tmp_path / "p1"
    result = runner.invoke(app, ["tournament", "export", "p1", str(out), "--hands"])
    assert result.exit_code == 0, result.output
    assert "your copy (your own cards, the others' only when shown)" in result.stdout
    results = list(csv.DictReader(io.StringIO((out / "results.csv").read_text())))
    assert {row["player"]: int(row["place"]) for row in results} == places
    assert {row["player"]: int(row["prize"]) for row in results} == prizes
    header = json.loads((out / "results.json").read_text())
    assert (header["tournament_id"], header["status"]) == ("p1", "finished")
    assert sum(row["prize"] for row in header["results"]) == header["pool"]["total"]

    rebuilt = played_tournament("1", hands=True)
    assert isinstance(rebuilt, PlayedTournament) and len(rebuilt.hands) == log.hands
    texts = (out / "hands.phhs").read_text().split("\n[")
    assert len(texts) == log.hands
    hidden = 0
    for text, (_table, finished) in zip(texts, rebuilt.hands, strict=True):
        hand = finished.record.hand
        position = finished.names.index("Ann") if "Ann" in finished.names else None
        known = known_to(hand, position)
        written = {
            Card.parse(card) for card in CARD.findall(text.split("actions = ")[1].split("]")[0])
        }
        assert written <= known, (written - known, text)  # nothing unshown of others
        if position is not None:
            own = {
                card
                for event in hand.events
                if isinstance(event, ev.DealHole) and event.player == position
                for card in event.cards
                if card is not None
            }
            assert own and own <= written  # his own cards, as he saw them
        hidden += text.count("????")
    assert hidden  # some hole cards stayed unshown, and so unwritten
    assert database(private_data_dir) == saved

    again = runner.invoke(app, ["tournament", "play", "--resume", "p1"])  # the id as listed
    assert again.exit_code == 0, again.output
    assert again.stdout.startswith(("you are out of tournament 1: ", "tournament 1 is over"))


def test_bad_ids_and_the_directors_copy_are_one_line_writing_nothing(tmp_path: Path) -> None:
    """T-16: a tournament its player played has no director's copy to export."""
    played(3, 5, lambda seat: seat.tournament.log().hands >= 1, careful)
    out = tmp_path / "out"
    for args, words in [
        (["history", "--tournament", "x1"], "--tournament takes a tournament's id"),
        (["history", "--tournament", "p0"], "(4, or p4 for one played at this terminal)"),
        (["history", "--tournament", "p2"], "no tournament p2 played at this terminal"),
        (["history", "--tournament", "p1", "--export", "a.phhs"], "tournament export p1 DIR"),
        (["tournament", "export", "p7", str(out)], "no tournament p7 played at this terminal"),
        (["tournament", "export", "p1", str(out), "--director"], "--director is for"),
    ]:
        one_line_error(runner.invoke(app, args), words)
    assert not out.exists()


def test_old_saves_of_either_kind_are_listed_without_a_crash(private_data_dir: Path) -> None:
    """A tournament with a person's seat saved by the old terminal table (in the database,
    it cannot go on: no resume command, and ``run --resume`` says so in one line) and a
    terminal save that can no longer be built (one line on stderr, the rest listed)."""
    with TournamentStore.open() as store:
        old = store.create_tournament(
            example_text("home-sit-and-go"), entrants=3, bots=["random"], seed=1
        )
        entries = [Entered(0.0, name, EntryKind.ENTRY, 200) for name in ("P1", "P2", "Ann")]
        store.append_events(old, 0, entries, hands_played=0, players_left=3)
    played(3, 5, lambda seat: seat.tournament.log().hands >= 1, careful)
    played(3, 6, lambda seat: seat.tournament.log().hands >= 1, careful)
    with closing(sqlite3.connect(private_data_dir / DATABASE_FILE)) as connection, connection:
        connection.execute("UPDATE web_rooms SET settings = '{}' WHERE id = '2'")

    listing = runner.invoke(app, ["history", "--list"])
    assert listing.exit_code == 0, listing.output
    lines = listing.stdout.splitlines()
    assert [line.split()[1] for line in lines[1:]] == ["p1", "1"]
    assert "--resume" not in lines[2] and "in progress" in lines[2]
    assert listing.stderr.startswith("tournament p2 (played at this terminal) cannot be read")
    assert listing.stderr.count("\n") == 1
    one_line_error(
        runner.invoke(app, ["tournament", "run", "--resume", str(old)]),
        "played at the terminal table of an earlier pokerroom: it cannot go on",
    )
