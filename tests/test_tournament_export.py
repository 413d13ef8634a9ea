"""Issue 12 item 4: a saved tournament out as files — results, moves, penalty log and event
log as CSV and JSON, and with ``run --keep-hands`` its hands as PHH (migration 0005).
X-4, T-15: soft-play flags and every hole card only in the director's copy."""

from __future__ import annotations

import csv
import json
import random
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from typer.testing import CliRunner, Result

from pokerroom.bots.tournament_players import BotPlayers
from pokerroom.cli.app import app
from pokerroom.engine import Hand
from pokerroom.history import parse_phhs, replay_hand
from pokerroom.storage.database import alembic_config
from pokerroom.storage.tournament.codec import decode_event
from pokerroom.storage.tournament.hands import HandKeeper
from pokerroom.storage.tournament.log import TournamentLog
from pokerroom.storage.tournament.store import TournamentStore
from pokerroom.tournament.american import AmericanRun, entrant_names
from pokerroom.tournament.director import Tournament
from pokerroom.tournament.events import HandPlayed, Seated, TournamentEvent
from pokerroom.tournament.money.payouts import prize_pool
from pokerroom.tournament.penalties.desk import Desk
from pokerroom.tournament.penalties.log import Ruling, SoftPlayFlagged
from pokerroom.tournament.penalties.table import Offence
from pokerroom.tournament.regulation import example_text, load_example, parse_regulation

runner = CliRunner()
EXAMPLE = "home-sit-and-go"
FLAG = ("P1", "check", "T-15: check in position on the river holding the nuts", "As Ks")


def saved_run(entrants: int = 4, seed: int = 5) -> int:
    """A run saved as ``tournament run --keep-hands`` saves it, with a director who gives a
    T-15 sit-out after hand 2, takes a protest and overturns it after hand 5, and a soft-play
    flag after hand 3 (committed at every hand boundary)."""
    regulation = load_example(EXAMPLE)
    players = entrant_names(regulation, entrants)
    store = TournamentStore.open()
    number = store.create_tournament(
        example_text(EXAMPLE), entrants=entrants, bots=["tournament"], seed=seed, keep_hands=True
    )
    keeper = HandKeeper(BotPlayers(("tournament",), players, seed))
    log = TournamentLog(store, number, interval=0.0, hands=keeper)

    def listen(event: TournamentEvent) -> None:
        keeper.heard(event)
        log(event)

    def director(desk: Desk, hand: HandPlayed) -> None:
        if hand.number == 2:
            desk.penalize("P2", Offence.SOFT_PLAY)
        if hand.number == 3:
            player, action, reason, hole = FLAG
            flag = SoftPlayFlagged(hand.at, player, 3, hand.table, action, reason, hole, "")
            desk.tournament.record(flag)
            listen(flag)
        if hand.number == 5:
            protest = desk.protest(1, "P2", "I never soft-played")
            desk.decide(protest.number, Ruling.OVERTURNED, "no evidence")

    run = AmericanRun(
        regulation,
        players,
        keeper,
        random.Random(seed),
        listener=listen,
        on_hand_end=log.hand_ended,
        director=director,
    )
    log.save(run.tournament)
    log.finish(run.run())
    store.close()
    return number


def export(*args: str) -> Result:
    return runner.invoke(app, ["tournament", "export", *args])


def rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as file:
        return list(csv.DictReader(file))


def stored(number: int) -> tuple[Tournament, list[TournamentEvent]]:
    with TournamentStore.open() as store:
        saved = store.get_tournament(number)
        events = store.events(number)
    return Tournament.from_events(saved.regulation(), events), events


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One saved run for the module's tests, in its own data directory."""
    folder = tmp_path_factory.mktemp("data")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("POKERROOM_DATA_DIR", str(folder))
        assert saved_run() == 1
    return folder


@pytest.fixture
def one_run(run_dir: Path, monkeypatch: pytest.MonkeyPatch) -> int:
    monkeypatch.setenv("POKERROOM_DATA_DIR", str(run_dir))
    return 1


def test_results_csv_and_json_match_the_tournament(one_run: int, tmp_path: Path) -> None:
    """T-12, T-2: one row per player, places 1 … N, prizes summing to the pool, and his
    entries, re-buys, add-ons, bust hand and level as the log has them."""
    result = export(str(one_run), str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    tournament, _events = stored(one_run)
    table = rows(tmp_path / "out" / "results.csv")
    document = json.loads((tmp_path / "out" / "results.json").read_text())
    pool = prize_pool(tournament.regulation, tournament.entries()).total
    assert [int(row["place"]) for row in table] == [1, 2, 3, 4]
    assert sum(int(row["prize"]) for row in table) == pool == document["pool"]["total"] > 0
    for row, listed in zip(table, document["results"], strict=True):
        record = tournament.players[row["player"]]
        assert listed["player"] == row["player"]
        assert (int(row["place"]), int(row["prize"]), int(row["entries"])) == (
            record.place,
            record.prize,
            record.entries,
        )
        assert (int(row["rebuys"]), int(row["add_ons"])) == (record.rebuys, record.add_ons)
        assert row["bust_hand"] == ("" if record.bust_hand is None else str(record.bust_hand))
        assert listed["bust_level"] == record.bust_level
    assert document["copy"] == "players" and document["status"] == "finished"


def test_moves_are_the_seated_events(one_run: int, tmp_path: Path) -> None:
    """T-4 … T-8: the director's move list, one row per seat given, in order."""
    assert export(str(one_run), str(tmp_path), "--format", "csv").exit_code == 0
    _tournament, events = stored(one_run)
    seated = [e.move for e in events if isinstance(e, Seated)]
    table = rows(tmp_path / "moves.csv")
    assert len(table) == len(seated) >= 4
    for row, move in zip(table, seated, strict=True):
        assert row["player"] == move.player and row["reason"] == move.reason.value
        assert (int(row["to_table"]), int(row["to_seat"])) == (move.target.table, move.target.seat)
        source = "" if move.source is None else str(move.source.seat)
        assert row["from_seat"] == source
    assert not (tmp_path / "moves.json").exists()  # --format csv: CSV only


def test_penalty_log_and_soft_play_flags_only_in_the_directors_copy(
    one_run: int, tmp_path: Path
) -> None:
    """T-14, T-21, T-22, H-10: the penalty with the hands it was served before the protest
    overturned it, the protest and the ruling; T-15, X-4: the flag (it names hole cards)
    only with --director, in the penalty log and the event log alike."""
    assert export(str(one_run), str(tmp_path / "p")).exit_code == 0
    assert export(str(one_run), str(tmp_path / "d"), "--director").exit_code == 0
    tournament, _events = stored(one_run)
    players = rows(tmp_path / "p" / "penalties.csv")
    kinds = [row["type"] for row in players]
    penalty = players[0]
    assert kinds[0] == "penalty" and {"served", "protest", "ruling"} <= set(kinds)
    assert (penalty["player"], penalty["offence"], penalty["hands"]) == (
        "P2",
        Offence.SOFT_PLAY.value,
        "3",
    )
    served = [row for row in players if row["type"] == "served"]
    assert penalty["served"] == str(len(served)) == str(tournament.penalty_log.served(1))
    assert penalty["standing"] == "overturned"
    ruling = next(row for row in players if row["type"] == "ruling")
    assert (ruling["player"], ruling["ruling"]) == ("P2", "penalty overturned")
    hole = FLAG[3]
    for name in ("penalties.csv", "penalties.json", "events.csv", "events.jsonl"):
        assert hole not in (tmp_path / "p" / name).read_text(), name
        assert "SoftPlayFlagged" not in (tmp_path / "p" / name).read_text(), name
        assert hole in (tmp_path / "d" / name).read_text(), name
    flags = [row for row in rows(tmp_path / "d" / "penalties.csv") if row["type"] == "soft_play"]
    assert [(row["player"], row["hand"], row["hole"]) for row in flags] == [("P1", "3", hole)]


def test_the_event_log_rebuilds_the_same_tournament(one_run: int, tmp_path: Path) -> None:
    """The director's events.jsonl, decoded by the store's codec with the exported
    regulation, rebuilds the same state; the players' copy lacks only the flags."""
    assert export(str(one_run), str(tmp_path / "d"), "--director").exit_code == 0
    assert export(str(one_run), str(tmp_path / "p")).exit_code == 0
    tournament, events = stored(one_run)
    regulation = parse_regulation((tmp_path / "d" / "regulation.toml").read_text())

    def rebuilt(folder: Path) -> Tournament:
        lines = (folder / "events.jsonl").read_text().splitlines()
        logged = [decode_event(row["type"], row["event"]) for row in map(json.loads, lines)]
        return Tournament.from_events(regulation, logged)

    assert rebuilt(tmp_path / "d").state() == tournament.state()
    public = rebuilt(tmp_path / "p")
    assert public.state().players == tournament.state().players
    assert public.penalty_log.flags() == () and len(tournament.penalty_log.flags()) == 1
    assert len(rows(tmp_path / "d" / "events.csv")) == len(events)


def _stacks_match(hands: list[Any], events: list[TournamentEvent]) -> None:
    played = {e.number: e for e in events if isinstance(e, HandPlayed)}
    assert len(hands) == len(played) > 5
    for number, (phh, event) in enumerate(zip(hands, played.values(), strict=True), start=1):
        assert event.number == number
        assert [int(s) for s in phh.finishing_stacks] == [s.after for s in event.seats]
        assert [int(s) for s in phh.starting_stacks] == [s.before for s in event.seats]
        assert list(phh.players) == [s.player for s in event.seats]


def test_hands_export_as_phh_complete_for_the_director_only(one_run: int, tmp_path: Path) -> None:
    """The kept hands parse back with the PHH reader, one per HandPlayed, with its players
    and stacks; the director's copy holds every hole card, the players' copy none that was
    not shown (X-4), and both replay through the engine."""
    assert export(str(one_run), str(tmp_path / "d"), "--director", "--hands").exit_code == 0
    assert export(str(one_run), str(tmp_path / "p"), "--hands", "--format", "json").exit_code == 0
    _tournament, events = stored(one_run)
    complete = parse_phhs((tmp_path / "d" / "hands.phhs").read_text())
    observed = parse_phhs((tmp_path / "p" / "hands.phhs").read_text())
    _stacks_match(complete, events)
    _stacks_match(observed, events)
    assert "??" not in (tmp_path / "d" / "hands.phhs").read_text()
    assert "d dh p1 ????" in (tmp_path / "p" / "hands.phhs").read_text()
    for phh in (complete[0], observed[0], complete[-1], observed[-1]):
        assert replay_hand(phh).error is None


def test_bad_exports_are_one_line_and_write_nothing(one_run: int, tmp_path: Path) -> None:
    """An unknown id, files there already, a directory that cannot be made, a file given
    as the directory, hands a run did not keep: one line, exit 2, nothing written."""
    taken = tmp_path / "taken"
    taken.mkdir()
    (taken / "moves.csv").write_text("mine")
    blocker = tmp_path / "file"
    blocker.write_text("x")
    cases = [
        ((["7", str(tmp_path / "new")]), "no tournament 7 in the store"),
        (([str(one_run), str(taken)]), "moves.csv exists already"),
        (([str(one_run), str(blocker)]), "is a file"),
        (([str(one_run), str(blocker / "below")]), "cannot write into"),
    ]
    for args, words in cases:
        result = export(*args)
        assert result.exit_code == 2, result.output
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and words in lines[0], result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file", "taken"]
    assert [p.name for p in taken.iterdir()] == ["moves.csv"]
    assert (taken / "moves.csv").read_text() == "mine"


def test_unwritable_directory_leaves_nothing(
    one_run: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A write that fails half-way takes back every file it wrote and the directory."""
    real_open = Path.open
    opened: list[str] = []

    def failing_open(self: Path, *args: Any, **kwargs: Any) -> Any:
        if self.parent.name == "out":
            opened.append(self.name)
            if len(opened) == 3:
                raise OSError(28, "No space left on device")
        return real_open(self, *args, **kwargs)

    monkeypatch.setattr(Path, "open", failing_open)
    result = export(str(one_run), str(tmp_path / "out"))
    assert result.exit_code == 2 and "No space left on device" in result.stderr
    assert len(opened) == 3 and not (tmp_path / "out").exists()


# ------------------------------------------------------------------ the CLI and the migration


def test_keep_hands_from_the_command_line_and_a_resume_goes_on_keeping(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """``run --keep-hands`` interrupted, exported while unfinished (the players still in
    unplaced, the hands so far) and resumed: every hand logged has its PHH, once."""
    real_play = BotPlayers.__call__
    dealt = [0]

    def play(self: BotPlayers, hand: Hand, players: Any) -> int:
        dealt[0] += 1
        if dealt[0] == 12:
            raise KeyboardInterrupt
        return real_play(self, hand, players)

    monkeypatch.setattr(BotPlayers, "__call__", play)
    run = ["tournament", "run", "--example", EXAMPLE, "--entrants", "3", "--seed", "4"]
    interrupted = runner.invoke(app, [*run, "--keep-hands"])
    assert interrupted.exit_code != 0 and "--resume 1" in interrupted.stderr
    mid = export("1", str(tmp_path / "mid"), "--director", "--hands")  # T-16: hands are over
    assert mid.exit_code == 0, mid.output
    with TournamentStore.open() as store:
        saved = store.get_tournament(1)
    unplaced = [row for row in rows(tmp_path / "mid" / "results.csv") if not row["place"]]
    assert saved.status == "in progress" and len(unplaced) == saved.players_left > 1
    mid_hands = parse_phhs((tmp_path / "mid" / "hands.phhs").read_text())
    assert len(mid_hands) == saved.hands_played > 0
    refused = runner.invoke(app, ["tournament", "run", "--resume", "1", "--keep-hands"])
    assert refused.exit_code == 2 and "drop --keep-hands" in refused.stderr
    assert runner.invoke(app, ["tournament", "run", "--resume", "1"]).exit_code == 0
    with TournamentStore.open() as store:
        assert store.get_tournament(1).keeps_hands
        kept = store.hands(1)
        events = store.events(1)
    played = [e for e in events if isinstance(e, HandPlayed)]
    assert [k.number for k in kept] == [e.number for e in played]
    assert [k.table for k in kept] == [e.table for e in played]
    _stacks_match([parse_phhs(f"[1]\n{k.phh}")[0] for k in kept], events)
    without = runner.invoke(app, [*run[:-1], "5"])
    assert without.exit_code == 0
    result = export("2", str(tmp_path / "out"), "--hands")
    assert result.exit_code == 2 and "--keep-hands" in result.stderr
    assert not (tmp_path / "out").exists()


def test_migration_0005_upgrades_a_0004_database_and_goes_back(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    TournamentStore.open(url).close()
    command.downgrade(alembic_config(url), "0004")
    with TournamentStore.open(url) as store:  # opening upgrades it to the head
        assert store.database.revision() == "0016"
        number = store.create_tournament(example_text(EXAMPLE), entrants=3, bots=["random"], seed=1)
        saved = store.get_tournament(number)
        assert not saved.keeps_hands and store.hands(number) == []
    command.downgrade(alembic_config(url), "0004")
    with TournamentStore.open(url) as store:
        assert store.get_tournament(number).name == "Home sit-and-go"
