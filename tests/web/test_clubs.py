"""Clubs on the web: joining by code waits for approval, a club's games are its members'
alone (page, socket, lobby), its directors direct its tournaments, and a season's
leaderboard counts its finished tournaments."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from pokerroom.room.seam import User
from pokerroom.room.tournament.event import RoomTournament
from pokerroom.storage.database import Database
from pokerroom.web.app import create_app
from pokerroom.web.lobby.home_form import HOME_DEFAULTS
from tests.web.conftest import settings
from tests.web.helpers import cardroom, csrf_of, sign_up
from tests.web.tournament_driver import TournamentDriver

CODE = re.compile(r"<code>([^<]+)</code>")
FOUR_PLACES = {1: "20.00", 2: "14.14", 3: "11.55", 4: "10.00"}
"""10·√4/√k for a field of four, worked out by hand: 20, 20/1.414, 20/1.732, 20/2."""
QUICK = """
name = "Quick four"
format = "american"
starting_stack = 40
table_size = 4
max_entries = 4
chips = [5]
[game]
variant = "holdem"
limit = "no-limit"
[money]
buy_in = 10
[[payouts.table]]
percents = [70, 30]
[[levels]]
small_blind = 10
big_blind = 20
minutes = 1
[[levels]]
small_blind = 20
big_blind = 40
minutes = 1
"""
"""Four players, two big blinds each: over in a few hands; two are paid."""


@pytest.fixture
def people(database: Database) -> dict[str, TestClient]:
    """Ann owns the club "Friday"; Bob is an approved member; Cid is not a member."""
    app = create_app(database, settings())
    clients = {name: TestClient(app) for name in ("Ann", "Bob", "Cid")}
    for name, client in clients.items():
        sign_up(client, name)
    ann = clients["Ann"]
    made = ann.post("/clubs", data={"csrf": csrf_of(ann, "/clubs"), "name": "Friday"})
    assert made.url.path == "/clubs/1"
    join(clients["Bob"], code_of(ann))
    approve(ann, "Bob")
    return clients


def code_of(owner: TestClient) -> str:
    found = CODE.search(owner.get("/clubs/1").text)
    assert found is not None
    return found.group(1)


def join(client: TestClient, code: str) -> str:
    return client.post("/clubs/join", data={"csrf": csrf_of(client, "/clubs"), "code": code}).text


def account_id(client: TestClient, name: str) -> int:
    account = cardroom(client).accounts.find_account(name)
    assert account is not None
    return account.id


def member_deed(client: TestClient, name: str, deed: str, role: str = "") -> int:
    path = f"/clubs/1/members/{account_id(client, name)}/{deed}"
    form = {"csrf": csrf_of(client, "/clubs"), "role": role}
    return client.post(path, data=form).status_code


def approve(owner: TestClient, name: str) -> None:
    assert member_deed(owner, name, "approve") == 200


def test_a_player_joins_by_code_and_sees_the_club_once_approved(
    people: dict[str, TestClient],
) -> None:
    ann, cid = people["Ann"], people["Cid"]
    assert "waiting for approval" not in ann.get("/clubs").text
    assert "no club has the code" in join(cid, "nonsense")
    assert "you asked to join Friday" in join(cid, code_of(ann))
    assert "Friday · waiting for approval" in cid.get("/clubs").text
    refused = cid.get("/clubs/1")
    assert refused.status_code == 403
    assert "only the approved members of Friday see its page" in refused.text
    assert "Requests to join" in ann.get("/clubs/1").text
    approve(ann, "Cid")
    page = cid.get("/clubs/1")
    assert page.status_code == 200 and "Cid" in page.text
    assert CODE.search(page.text) is None, "a plain member is not shown the code"


def test_a_club_table_is_its_members_alone(people: dict[str, TestClient]) -> None:
    ann, bob, cid = people["Ann"], people["Bob"], people["Cid"]
    form = {**HOME_DEFAULTS, "name": "Friday night", "csrf": csrf_of(ann, "/new/home"), "club": "1"}
    made = ann.post("/new/home", data=form, follow_redirects=False)
    assert made.status_code == 303
    path = str(made.headers["location"])
    room_id = path.rsplit("/", 1)[1]
    for listing in (cid.get("/").text, cid.get("/api/lobby").text, bob.get("/api/lobby").text):
        assert room_id not in listing and "Friday night" not in listing
    assert "Friday night" in bob.get("/clubs/1").text
    assert "Your clubs' games" in bob.get("/").text and room_id in bob.get("/").text
    assert bob.get(path).status_code == 200
    refused = cid.get(path)
    assert refused.status_code == 403
    assert "belongs to the club Friday: only its approved members may open it" in refused.text
    with cid.websocket_connect(f"/ws{path}") as socket:
        socket.send_json({"type": "hello", "v": 1})
        assert socket.receive_json()["code"] == "unknown_room"
        with pytest.raises(WebSocketDisconnect):
            socket.receive_json()
    sneaky = {**form, "csrf": csrf_of(cid, "/new/home"), "club": "1"}
    turned = cid.post("/new/home", data=sneaky, follow_redirects=False)
    assert turned.status_code == 400
    assert "approved members open tables in it" in turned.text
    assert member_deed(ann, "Bob", "remove") == 200
    assert bob.get(path).status_code == 403
    assert bob.get("/clubs/1").status_code == 403


def club_tournament(client: TestClient, bots: int = 0) -> tuple[int, RoomTournament | str]:
    form = {"csrf": csrf_of(client, "/"), "regulation": QUICK, "club": "1"}
    made = client.post("/tournaments", data={**form, "bots": str(bots)}, follow_redirects=False)
    if made.status_code != 303:
        return made.status_code, made.text
    tid = str(made.headers["location"]).rsplit("/", 1)[1]
    room = cardroom(client).registry.get(tid).room
    assert isinstance(room, RoomTournament)
    return 303, room


def test_t16_the_clubs_directors_direct_its_tournaments_and_members_do_not(
    people: dict[str, TestClient],
) -> None:
    """T-16: the director runs the tournament; at a club's tournament its owner and its
    directors are the director, a plain member is not."""
    ann, bob, cid = people["Ann"], people["Bob"], people["Cid"]
    join(cid, code_of(ann))
    approve(ann, "Cid")
    status, said = club_tournament(cid)
    assert status == 400 and isinstance(said, str)
    assert "owner or directors make its tournaments" in said
    assert member_deed(ann, "Bob", "role", "director") == 200
    status, tournament = club_tournament(bob)
    assert status == 303 and isinstance(tournament, RoomTournament)
    console = f"{tournament.url}/director"
    assert ann.get(console).status_code == 200, "the owner directs the club's tournaments"
    assert bob.get(console).status_code == 200
    assert cid.get(console).status_code == 403
    assert cid.get(tournament.url).status_code == 200, "a member opens its page"
    assert member_deed(ann, "Bob", "role", "member") == 200
    assert member_deed(ann, "Cid", "role", "director") == 200
    assert cid.get(console).status_code == 200
    # Bob made it: a tournament's creator directs it, whatever his club role.
    assert bob.get(console).status_code == 200
    assert member_deed(cid, "Bob", "remove") == 409, "only the owner removes"
    outsider = TestClient(ann.app)
    sign_up(outsider, "Dee")
    assert tournament.id not in outsider.get("/api/lobby").text
    assert tournament.id not in outsider.get("/?kind=tournament").text
    assert outsider.get(tournament.url).status_code == 403
    assert outsider.get(f"/api/tournaments/{tournament.id}").status_code == 403


def play_out(tournament: RoomTournament, players: dict[str, TestClient]) -> list[User]:
    """Each player registers from his own browser, the first starts it, all play it out."""
    for client in players.values():
        form = {"csrf": csrf_of(client, "/")}
        assert client.post(f"{tournament.url}/register", data=form).status_code == 200
    starter = next(iter(players.values()))
    started = starter.post(f"{tournament.url}/start", data={"csrf": csrf_of(starter, "/")})
    assert started.status_code == 200 and tournament.started_at is not None
    people = [User(account_id(starter, name), name) for name in players]
    driver = TournamentDriver(tournament, people, now=tournament.started_at)
    driver.run_until(lambda: tournament.status == "finished")
    return people


def test_a_season_leaderboard_counts_the_clubs_finished_tournaments(
    people: dict[str, TestClient],
) -> None:
    ann, bob = people["Ann"], people["Bob"]
    today = datetime.now(UTC).date()
    season = {
        "csrf": csrf_of(ann, "/clubs/1"),
        "name": "Winter",
        "starts": str(today - timedelta(days=1)),
        "ends": str(today + timedelta(days=1)),
        "formula": "sqrt",
    }
    bad = ann.post("/clubs/1/seasons", data={**season, "ends": "soon"})
    assert bad.status_code == 409 and "ends must be a date such as 2026-01-31" in bad.text
    assert "season 1 is defined" in ann.post("/clubs/1/seasons", data=season).text
    expected: dict[str, list[tuple[int, int]]] = {"Ann": [], "Bob": []}
    for _ in range(2):
        _status, tournament = club_tournament(ann, bots=4)
        assert isinstance(tournament, RoomTournament)
        play_out(tournament, {"Ann": ann, "Bob": bob})
        for line in tournament.lobby(None)["results"]:
            if line["name"] in expected:
                expected[line["name"]].append((int(line["place"] or 0), int(line["prize"])))
    board = bob.get("/clubs/1/seasons/1.json").json()
    assert board["events"] == 2
    lines = {line["player"]: line for line in board["standings"]}
    assert set(lines) == {"Ann", "Bob"}, "bots earn no points"
    for name, finishes in expected.items():
        points = sum(float(FOUR_PLACES[place]) for place, _prize in finishes)
        assert float(lines[name]["points"]) == pytest.approx(points)
        assert lines[name]["events"] == 2
        assert lines[name]["wins"] == sum(place == 1 for place, _ in finishes)
        assert lines[name]["best"] == min(place for place, _ in finishes)
        assert lines[name]["prizes"] == sum(prize for _, prize in finishes)
    csv = bob.get("/clubs/1/seasons/1.csv")
    assert csv.text.splitlines()[0] == "place,player,points,events,wins,best,prizes,bounties"
    assert csv.headers["cache-control"] == "private, no-store"  # a members-only table
    assert csv.headers["content-disposition"] == 'attachment; filename="club-1-season-1.csv"'
    page = bob.get("/clubs/1/seasons/1").text
    assert "2 tournaments counted" in page and "Winter" in page
    assert people["Cid"].get("/clubs/1/seasons/1.json").status_code == 403


def test_a_restarted_server_keeps_the_clubs_games_closed_to_outsiders(
    people: dict[str, TestClient], database: Database
) -> None:
    ann, bob = people["Ann"], people["Bob"]
    assert member_deed(ann, "Bob", "role", "director") == 200
    form = {**HOME_DEFAULTS, "name": "Friday night", "csrf": csrf_of(ann, "/new/home"), "club": "1"}
    table = str(ann.post("/new/home", data=form, follow_redirects=False).headers["location"])
    _status, tournament = club_tournament(bob)
    assert isinstance(tournament, RoomTournament)
    again = TestClient(create_app(database, settings()))
    with again:  # the lifespan resumes every saved table and tournament
        sign_up(again, "Dee")
        for path in (table, tournament.url):
            refused = again.get(path)
            assert refused.status_code == 403 and "belongs to the club Friday" in refused.text
        resumed = cardroom(again).registry.get(tournament.id).room
        assert isinstance(resumed, RoomTournament)
        assert resumed.club == 1
        assert resumed.directors == {account_id(again, "Ann"), account_id(again, "Bob")}


class ClubHints:
    """A cluster's link as the club pages use it: which clubs they said changed."""

    def __init__(self) -> None:
        self.changed: list[int] = []

    def remote(self, _room_id: str) -> bool:
        return False

    def club_changed(self, club_id: int) -> None:
        self.changed.append(club_id)


def test_a_clubs_change_is_told_to_the_other_processes_of_a_cluster(
    people: dict[str, TestClient],
) -> None:
    """A director named on one process's page is a director on every process: the page
    tells the cluster the club changed (the others read it again)."""
    ann = people["Ann"]
    hints = ClubHints()
    ann.app.state.hub.link = hints  # type: ignore[attr-defined]
    assert member_deed(ann, "Bob", "role", "director") == 200
    assert member_deed(people["Cid"], "Bob", "remove") == 403, "Cid is no member"
    assert hints.changed == [1], "told once, for the change made; a refused deed tells nothing"
