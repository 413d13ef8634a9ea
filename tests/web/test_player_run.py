"""A public tournament made by a player, directed by a player (issue 21 item 29, T-16).

Any account may make a tournament and play in it; the director who is also an entrant
may not rule on himself or his own table — no chips added to his stack, no penalty for
the rival beside him, no move or broken table there — each refused in one line at the
director's door (``RoomTournament.handle``), nothing changed; the clock, the levels and
the announcements stay his to run. The lobby and the tournament's page mark such a
tournament *player-run*; a club's events are made by an account the server's operator
made a director (``pokerroom accounts grant NAME director``, taken back with ``revoke``),
tested here end to end: the command run on the server's database as the operator runs
it, the server seeing the role from the account's next page.
"""

from __future__ import annotations

import subprocess
import sys
from itertools import count
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from pokerroom.room.seam import Outcome, User
from pokerroom.room.tournament.event import RoomTournament
from pokerroom.storage.database import open_database
from pokerroom.storage.rooms.tournaments import TOURNAMENT_KIND, recipe_of
from pokerroom.web.app import create_app
from pokerroom.web.tournament.resume import restore_tournaments
from tests.web.conftest import settings
from tests.web.helpers import cardroom, csrf_of, sign_up, started_sit_and_go
from tests.web.links import follow_links
from tests.web.tournament_driver import TWELVE, twelve

POKERROOM = Path(sys.executable).with_name("pokerroom")
ANN = User(1, "Ann")
"""A plain account: she made the tournament and plays in it."""
DANA = User(90, "Dana", frozenset({"director"}))
"""The server's director, an entrant too."""
NOT_ONESELF = "a director who plays does not rule on himself or his own table"


def started() -> RoomTournament:
    tournament = RoomTournament("T1", twelve(), creator=ANN, fill_to=12, seed=3, player_run=True)
    for user in (ANN, DANA):
        tournament.register(user, 0.0)
    tournament.start(ANN, 0.0)
    return tournament


def table_of(tournament: RoomTournament, player: str) -> int:
    seat = tournament.log().players[player].seat
    assert seat is not None
    return seat.table


def what_changes(tournament: RoomTournament) -> object:
    log = tournament.log()
    return len(log.events), {name: record.chips for name, record in log.players.items()}


ids = count(1)


def direct(tournament: RoomTournament, user: User, action: str, **fields: object) -> Outcome:
    message = {"type": "director", "id": f"d{next(ids)}", "action": action, **fields}
    return tournament.handle(user, message, 1.0)


def test_t16_a_director_who_plays_rules_on_neither_himself_nor_his_own_table() -> None:
    tournament = started()
    mine = table_of(tournament, "Ann")
    players = tournament.log().players
    beside = next(p for p in players if p != "Ann" and table_of(tournament, p) == mine)
    other = next(table_of(tournament, p) for p in players if table_of(tournament, p) != mine)
    away = next(p for p in players if table_of(tournament, p) == other and p != "Dana")
    tried: list[tuple[str, dict[str, object], str]] = [
        ("chips", {"player": "Ann", "chips": 100_000, "reason": "a miscount"}, "you play in"),
        ("penalty", {"player": "Ann", "penalty": "warning", "reason": "x"}, "you play in"),
        ("move", {"player": "Ann", "table": other}, "you play in"),
        ("penalty", {"player": beside, "penalty": "disqualification", "reason": "x"}, beside),
        ("chips", {"player": beside, "chips": 5, "reason": "a miscount"}, beside),
        ("move", {"player": beside, "table": other}, beside),
        ("move", {"player": away, "table": mine}, f"table {mine} is your own table"),
        ("break_table", {"table": mine}, f"table {mine} is your own table"),
    ]
    for action, fields, named in tried:
        before = what_changes(tournament)
        outcome = direct(tournament, ANN, action, **fields)
        assert not outcome.changed and outcome.code == "own_table", (action, fields)
        assert outcome.error is not None and "\n" not in outcome.error
        assert outcome.error.startswith(named) and NOT_ONESELF in outcome.error
        assert what_changes(tournament) == before
    assert direct(tournament, ANN, "penalty", player=away, penalty="warning", reason="x").changed
    assert direct(tournament, ANN, "add_time", minutes=1).changed  # the clock: everyone's
    assert direct(tournament, ANN, "announce", text="break at 9").changed


def test_t16_the_servers_director_is_held_to_the_same_when_he_plays() -> None:
    tournament = started()
    hers = table_of(tournament, "Dana")
    players = tournament.log().players
    beside = next(p for p in players if p != "Dana" and table_of(tournament, p) == hers)
    away = next(p for p in players if table_of(tournament, p) != hers)
    refused = direct(tournament, DANA, "chips", player="Dana", chips=99_800, reason="x")
    assert refused.code == "own_table" and refused.error is not None
    assert refused.error.startswith("you play in Web twelve: ")
    kicked = direct(
        tournament, DANA, "penalty", player=beside, penalty="disqualification", reason="x"
    )
    assert kicked.code == "own_table"
    assert tournament.log().players[beside].place is None
    fixed = direct(tournament, DANA, "chips", player=away, chips=999, reason="a miscount")
    assert fixed.changed  # another table's count: hers to correct
    admin = User(7, "Tom", frozenset({"admin"}))  # who does not play: hers to him
    assert direct(tournament, admin, "chips", player="Dana", chips=1500, reason="x").changed


def test_the_console_refuses_a_player_run_directors_own_chips_with_one_line(
    client: TestClient,
) -> None:
    sign_up(client, "Pete")  # a plain account: he may make one, and play in it
    tid, tournament = started_sit_and_go(client)
    chips = tournament.log().players["Pete"].chips
    form = {"action": "chips", "player": "Pete", "chips": "99800", "reason": "recount"}
    page = client.post(f"/tournaments/{tid}/director", data={"csrf": csrf_of(client, "/"), **form})
    assert page.status_code == 409
    assert f"you play in Home sit-and-go: {NOT_ONESELF}" in page.text.replace("&#39;", "'")
    answer = client.post(
        f"/tournaments/{tid}/director",
        data={"csrf": csrf_of(client, "/"), **form},
        headers={"Accept": "application/json"},
    )
    assert answer.status_code == 409 and answer.json()["code"] == "own_table"
    assert tournament.log().players["Pete"].chips == chips


# ---------------------------------------------------------- player-run, and the operator


def operator(database: str, *args: str) -> str:
    """``pokerroom accounts ARGS`` run as the server's operator runs it, on its database."""
    done = subprocess.run(
        [str(POKERROOM), "accounts", *args, "--database", database],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def make(client: TestClient, name: str) -> str:
    made = client.post(
        "/tournaments",
        data={"csrf": csrf_of(client, "/"), "example": "home-sit-and-go", "name": name},
        follow_redirects=False,
    )
    assert made.status_code == 303, made.text
    return str(made.headers["location"]).rsplit("/", 1)[1]


def listed(client: TestClient) -> dict[str, bool]:
    rooms = client.get("/api/lobby?kind=tournament").json()["rooms"]
    return {room["name"]: room["player_run"] for room in rooms}


@pytest.mark.parametrize("restarted", [False, True], ids=["live", "restarted"])
def test_the_operator_grants_and_revokes_director_and_the_lobby_marks_player_run(
    database_url: str, restarted: bool
) -> None:
    with TestClient(create_app(database_url, settings())) as pete:
        sign_up(pete, "Pete")
        sunday = make(pete, "Sunday game")
        assert pete.get("/director", follow_redirects=False).status_code == 403
        assert operator(database_url, "grant", "pete", "director") == (
            "Pete: director, host, player\n"
        )
        assert pete.get("/director", follow_redirects=False).status_code == 200  # at once
        club = make(pete, "Club championship")
        assert operator(database_url, "revoke", "Pete", "director") == "Pete: host, player\n"
        assert pete.get("/director", follow_redirects=False).status_code == 403
        make(pete, "Monday game")
        if not restarted:
            seen = listed(pete)
            lobby = follow_links(pete, "/")  # every link of the lobby answers
            tournament_page = follow_links(pete, f"/tournaments/{club}")
    if restarted:  # a restarted server lists them the same
        with TestClient(create_app(database_url, settings())) as pete:
            seen = listed(pete)
            lobby = follow_links(pete, "/")
            tournament_page = follow_links(pete, f"/tournaments/{club}")
    assert seen == {"Sunday game": True, "Club championship": False, "Monday game": True}
    lines = lobby["/"].text.splitlines()
    for name, player_run in seen.items():
        rows = [line for line in lines if f">{name}</a>" in line]
        assert rows and all(("(player-run)" in row) is player_run for row in rows), name
    assert "Player-run" not in tournament_page[f"/tournaments/{club}"].text
    assert "Player-run: made by a player" in lobby[f"/tournaments/{sunday}"].text


def test_a_tournament_saved_before_player_run_was_known_takes_it_from_its_creator() -> None:
    with open_database("sqlite://") as database:
        room = cardroom(TestClient(create_app(database, settings())))
        plain = room.accounts.create_account("Pete", "$argon2id$stand-in", ["player", "host"])
        club = room.accounts.create_account("Dana", "$argon2id$stand-in", ["player", "director"])
        for account in (plain, club):
            made = RoomTournament(f"T{account.id}", twelve(), creator=User(account.id, "x"))
            recipe = recipe_of(made, TWELVE)
            del recipe["player_run"]  # as a recipe saved before it was known
            room.tables.store.create(made.id, TOURNAMENT_KIND, entry={}, settings=recipe, seed=1)
        again = cardroom(TestClient(create_app(database, settings())))
        assert sorted(restore_tournaments(again, 10.0)) == [f"T{plain.id}", f"T{club.id}"]
        resumed = {i: again.registry.get(i).room for i in (f"T{plain.id}", f"T{club.id}")}
        assert {i: getattr(t, "player_run", None) for i, t in resumed.items()} == {
            f"T{plain.id}": True,
            f"T{club.id}": False,
        }
        listing = again.registry.get(f"T{plain.id}").entry.listing(f"T{plain.id}")
        assert listing["player_run"] is True
