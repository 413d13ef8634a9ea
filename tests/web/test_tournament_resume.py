"""Saved web tournaments (issue 13 item 1): a restarted server resumes every tournament
where it was, mid-hand too.

Differential: a tournament of two people and six bots is played, saved, into the middle of
a hand a person has to act in; the server stops and a new one resumes it from the database
(SQLite and PostgreSQL). It is then played to the end in lockstep with the same tournament
never stopped: every viewer's snapshot is the same at every step but for the clock
readings, which are exactly the downtime plus the reconnect grace later (A-18: the player
to act keeps his time left; T-10: the level clock stood still), and so are the standings
and the payouts. A finished tournament resumes with its results.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from pokerroom.room.tournament.event import RoomTournament
from pokerroom.storage.database import Database, open_database
from pokerroom.storage.rooms.store import RoomInput
from pokerroom.storage.rooms.tournaments import TOURNAMENT_KIND, recipe_of
from pokerroom.web.app import create_app
from pokerroom.web.cardroom import Cardroom
from pokerroom.web.saving import RESUME_GRACE
from pokerroom.web.saving.tables import restore_rooms
from pokerroom.web.tournament.resume import restore_tournaments, stop_tournaments
from pokerroom.web.tournament.routes import lobby_entry
from pokerroom.web.tournament.saving import save_tournament
from tests.web.conftest import settings
from tests.web.helpers import cardroom, csrf_of, log_in, sign_up
from tests.web.tournament_driver import ANN, BOB, DIRECTOR, TWELVE, TournamentDriver, twelve

SEED = 5
PEOPLE = [ANN, BOB]
CLOCKS = frozenset({"deadline", "next_hand_at", "countdown_from"})
"""The snapshot's readings of the server clock."""
DOWNTIME = 300.0


def cardroom_on(database: Database) -> Cardroom:
    return cardroom(TestClient(create_app(database, settings())))


def begun(cardroom: Cardroom | None) -> TournamentDriver:
    """Eight entrants (Ann, Bob and bots: two tables of four) started at time 0; saved
    when ``cardroom`` is given."""
    tournament = RoomTournament("T1", twelve(), creator=DIRECTOR, fill_to=8, seed=SEED, pause=2)
    if cardroom is not None:
        tournament = save_tournament(cardroom, tournament, TWELVE, {"host_id": 90})
    for user in PEOPLE:
        tournament.register(user, 0.0)
    tournament.start(DIRECTOR, 0.0)
    return TournamentDriver(tournament, list(PEOPLE))


def shifted(value: Any, shift: float) -> Any:
    """A frame with every clock reading ``shift`` seconds earlier (rounded to the µs)."""
    if isinstance(value, dict):
        return {
            key: round(item - shift, 6)
            if key in CLOCKS and isinstance(item, int | float)
            else shifted(item, shift)
            for key, item in value.items()
        }
    if isinstance(value, list):
        return [shifted(item, shift) for item in value]
    return value


def frames(driver: TournamentDriver, start: int, shift: float) -> list[str]:
    return [json.dumps(shifted(seen.frame, shift), sort_keys=True) for seen in driver.seen[start:]]


def lockstep(a: TournamentDriver, b: TournamentDriver, shift: float, steps: int) -> int:
    """Step both until ``a``'s tournament is over or ``steps`` are taken; every frame each
    viewer got is the same but for the clocks. The steps taken."""
    for step in range(steps):
        if a.tournament.status == "finished":
            return step
        seen_a, seen_b = len(a.seen), len(b.seen)
        assert a.step() == b.step()
        assert frames(a, seen_a, shift) == frames(b, seen_b, 0)
    return steps


def mid_hand(a: TournamentDriver, b: TournamentDriver) -> None:
    """Play both until a person must act in a hand at least six hands in."""
    for _ in range(2000):
        log = a.tournament.log()
        table = a.room_of(ANN)
        turn = None if table is None else table.turn
        if (
            log.hands >= 6
            and turn is not None
            and table is not None
            and table.hand_occupants[turn.position].user == ANN.id
        ):
            return
        lockstep(a, b, 0, 1)
    raise AssertionError("Ann never had to act")


def results(tournament: RoomTournament, shift: float = 0) -> dict[str, Any]:
    """The standings (places and chips) and the payouts, as the lobby frame gives them
    (its clock readings ``shift`` seconds earlier)."""
    log = tournament.log()
    frame = tournament.lobby(None)
    return {
        "players": {name: (p.place, p.chips) for name, p in log.players.items()},
        "winner": log.winner,
        "frame": shifted(frame, shift),
    }


def test_a_tournament_restarted_mid_hand_ends_as_if_never_stopped(database_url: str) -> None:
    plain = begun(None)
    with open_database(database_url) as database:
        first = cardroom_on(database)
        saved = begun(first)
        mid_hand(saved, plain)
        stopped_at = saved.now
        before = {u.id: getattr(saved.room_of(u), "id", None) for u in PEOPLE}
        first.registry.add(saved.tournament, lobby_entry(saved.tournament, 90))
        stop_tournaments(first, stopped_at)
        assert first.tables.close()
    restart = stopped_at + DOWNTIME
    shift = restart + RESUME_GRACE - stopped_at
    with open_database(database_url) as database:
        second = cardroom_on(database)
        assert restore_tournaments(second, restart) == ["T1"]
        listed = second.registry.get("T1")
        tournament = listed.room
        assert isinstance(tournament, RoomTournament)
        assert listed.entry.host_id == 90
        for number, table in tournament.rooms.items():
            assert second.registry.get(table.id).room is table  # its tables are rooms again
            assert number in plain.tournament.rooms
        resumed = TournamentDriver(tournament, list(PEOPLE), now=plain.now + shift)
        resumed.sent = saved.sent
        for user in PEOPLE:
            room = resumed.room_of(user)
            assert room is not None and room.id == before[user.id]
            seat = room.seat_of_user(user.id)
            assert seat is not None and not room.occupants[seat].connected  # H-11: from now
            assert room.presence(user, True, resumed.now)  # the page reconnects
        taken = lockstep(resumed, plain, shift, 3000)
        assert tournament.status == plain.tournament.status == "finished", taken
        assert results(tournament, shift) == results(plain.tournament)
        stop_tournaments(second, resumed.now)
        assert second.tables.close()
    later = restart + 5000
    with open_database(database_url) as database:  # a finished one keeps its results
        third = cardroom_on(database)
        (kept,) = third.tables.store.open_rooms()
        assert kept.checkpoint is not None  # taken as it ended: no replay for the results
        assert restore_tournaments(third, later) == ["T1"]
        again = third.registry.get("T1").room
        assert isinstance(again, RoomTournament)
        total = shift + later + RESUME_GRACE - resumed.now
        assert results(again, total) == results(plain.tournament)
        assert again.lobby(None)["status"] == "finished"


# ------------------------------------------------------------------ the app and bad records


def test_a_restarted_app_serves_its_saved_tournament_and_its_tables(tmp_path: Path) -> None:
    """Created, entered and started through the pages; the app's lifespan stops it and a
    new app on the same database resumes it: its page, its tables' sockets, its director."""
    url = f"sqlite:///{tmp_path / 'cardroom.db'}"
    with TestClient(create_app(url, settings())) as client:
        sign_up(client, "Dana")
        cardroom(client).accounts.grant("Dana", "director")
        made = client.post(
            "/tournaments",
            data={"csrf": csrf_of(client, "/"), "example": "home-sit-and-go", "bots": "6"},
            follow_redirects=True,
        )
        tid = str(made.url).rsplit("/", 1)[1]
        for deed in ("register", "start"):
            client.post(f"/tournaments/{tid}/{deed}", data={"csrf": csrf_of(client, "/")})
        before = client.get(f"/api/tournaments/{tid}").json()
        assert before["status"] == "running"
    with TestClient(create_app(url, settings())) as client:
        log_in(client, "Dana")
        after = client.get(f"/api/tournaments/{tid}").json()
        assert after["status"] == "running"
        assert [p["name"] for p in after["players"]] == [p["name"] for p in before["players"]]
        table = f"{tid}.t1"
        with client.websocket_connect(f"/ws/tables/{table}") as socket:
            socket.send_json({"type": "hello", "v": 1})
            frame = socket.receive_json()
        assert frame["room"] == table and frame["tournament"]["id"] == tid
        paused = client.post(
            f"/tournaments/{tid}/pause",
            data={"csrf": csrf_of(client, "/")},
            headers={"Accept": "application/json"},
        )
        assert paused.json()["message"] == "the clock is paused"
        marked = client.post(
            f"/tournaments/{tid}/broadcast",
            data={"csrf": csrf_of(client, "/"), "table": "1"},
            headers={"Accept": "application/json"},
        )
        assert marked.json()["message"] == "table 1 is broadcast"
    with TestClient(create_app(url, settings())) as client:  # the pause was saved too
        assert client.get(f"/api/tournaments/{tid}").json()["status"] == "paused"
        tournament = cardroom(client).registry.get(tid).room
        assert isinstance(tournament, RoomTournament)
        assert tournament.broadcasting.table(tournament) == 1  # T-23: the mark was saved


def test_a_damaged_or_unknown_saved_tournament_is_one_log_line_and_the_rest_resume(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with open_database("sqlite://") as database:
        room = cardroom_on(database)
        store = room.tables.store
        good = save_tournament(room, fresh("good"), TWELVE, {})
        good.register(ANN, 1.0)
        recipe = recipe_of(fresh("x"), TWELVE)
        store.create("torn", TOURNAMENT_KIND, entry={}, settings={"name": "x"}, seed=1)
        store.create("odd", TOURNAMENT_KIND, entry={}, settings=recipe, seed=1)
        store.append("odd", [RoomInput(1, "teleport", 2.0, data={"table": None, "args": []})])
        broken = {**recipe, "regulation": 'name = "x"\nformat = "american"'}
        store.create("bad", TOURNAMENT_KIND, entry={}, settings=broken, seed=1)
        with caplog.at_level(logging.WARNING):
            again = cardroom_on(database)
            assert restore_rooms(again, 10.0) == []  # tables' own restore leaves them be
            assert restore_tournaments(again, 10.0) == ["good"]
        errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
        assert len(errors) == 3, errors
        for name, line in zip(("torn", "odd", "bad"), errors, strict=True):
            assert line.startswith(f"tournament {name} cannot be resumed: ") and "\n" not in line
        assert "'teleport'" in errors[1]
        resumed = again.registry.get("good").room
        assert isinstance(resumed, RoomTournament)
        assert list(resumed.registration.players) == ["Ann"]


def fresh(tournament_id: str) -> RoomTournament:
    return RoomTournament(tournament_id, twelve(), creator=DIRECTOR, seed=SEED)
