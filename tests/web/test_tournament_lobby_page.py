"""A web tournament's lobby page and its TV clock (issue 22 item 7): every link from the
lobby's Tournaments tab answers; the page shows the structure, the payouts, the entrants,
each table with its players and stacks, and your table; ``/tournaments/<id>/clock`` is the
console's TV clock for it, counting, pausing with the director (T-10, T-16)."""

from __future__ import annotations

import re
from html import unescape

import pytest
from starlette.testclient import TestClient

from pokerroom.room.seam import User
from pokerroom.room.tournament.event import RoomTournament
from tests.web.conftest import Clock
from tests.web.helpers import csrf_of, sign_up, started_sit_and_go
from tests.web.links import follow_links, title_of


def _rows(text: str, css: str) -> list[list[str]]:
    """The body rows of the table of class ``css``, each as its cells' text."""
    found = re.search(rf'<table class="rooms {css}">(.*?)</table>', text, re.S)
    assert found is not None, css
    body = found.group(1).split("<tbody>")[1]
    return [
        [
            unescape(re.sub(r"<[^>]+>", "", cell)).strip()
            for cell in re.findall(r"<td>(.*?)</td>", row)
        ]
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)
    ]


def test_every_link_from_the_tournaments_tab_reaches_the_page_the_table_and_the_clock(
    client: TestClient,
) -> None:
    sign_up(client, "Pete")
    tid, tournament = started_sit_and_go(client)
    tab = follow_links(client, "/?kind=tournament")
    assert title_of(tab["/tournaments/new"]) == "New tournament"
    assert title_of(tab[f"/tournaments/{tid}"]) == "Home sit-and-go"
    lobby = follow_links(client, f"/tournaments/{tid}")
    mine = tournament.table_of(User(tournament.creator, "Pete"))
    assert (
        mine is not None
        and f'<a href="/tables/{mine}">Go to your table</a>' in lobby[f"/tournaments/{tid}"].text
    )
    assert title_of(lobby[f"/tables/{mine}"]) == "Home sit-and-go · table 1"
    clock = lobby[f"/tournaments/{tid}/clock"]
    assert title_of(clock) == "Home sit-and-go · clock"  # the console's own TV page
    follow_links(client, f"/tournaments/{tid}/clock")  # its script and style answer too


def test_the_page_shows_structure_payouts_entrants_tables_stacks_and_your_table(
    client: TestClient,
) -> None:
    sign_up(client, "Pete")
    tid, tournament = started_sit_and_go(client)
    text = client.get(f"/tournaments/{tid}").text
    structure = _rows(text, "structure")
    assert structure[:2] == [["Level 1", "Blinds 1/2", "10"], ["Level 2", "Blinds 2/4", "10"]]
    assert len(structure) == 8
    assert "Prize pool 60 for the entries so far" in text  # 6 entries of 10 (T-2)
    assert _rows(text, "payouts") == [["1st", "39"], ["2nd", "21"]]
    (room,) = [room for room in tournament.rooms.values() if room.occupants]
    seats = {seat: occupant.name for seat, occupant in room.occupants.items()}
    section = re.search(r'<section class="tournament-table yours">(.*?)</section>', text, re.S)
    assert section is not None and '<span class="yours">your table</span>' in section.group(1)
    shown = re.findall(
        r"<tr( class=\"you\")?><td>(\d+)</td><td>([^<]+)</td><td>([\d,]+)</td></tr>",
        section.group(1),
    )
    assert [(int(seat), name) for _, seat, name, _ in shown] == sorted(seats.items())
    assert {name: int(chips.replace(",", "")) for _, _, name, chips in shown} == {
        name: tournament.chips_of(name) for name in seats.values()
    }
    assert [name for you, _, name, _ in shown if you] == ["Pete"]
    assert "<h2>Entrants</h2>" in text and text.count("<small>(bot)</small>") == 5
    visitor = TestClient(client.app).get(f"/tournaments/{tid}").text
    assert "your table" not in visitor and 'class="you"' not in visitor


def test_the_payouts_wait_for_the_first_entry(client: TestClient) -> None:
    sign_up(client, "Pete")
    made = client.post(
        "/tournaments",
        data={"csrf": csrf_of(client, "/"), "example": "club-freezeout"},
        follow_redirects=True,
    )
    assert "The prizes follow the entries: none yet." in made.text
    assert _rows(made.text, "structure")[0] == ["Level 1", "Blinds 25/50", "20"]


@pytest.fixture
def timed(client: TestClient, clock: Clock) -> TestClient:
    """The client, its hub (the tables' and tournaments' time) on the clock the test moves."""
    client.app.state.hub.clock = clock  # type: ignore[attr-defined]
    return client


def _started(client: TestClient) -> tuple[str, RoomTournament]:
    sign_up(client, "Pete")
    return started_sit_and_go(client)


def test_t10_the_tv_clock_counts_the_levels_of_a_web_tournament(
    timed: TestClient, clock: Clock
) -> None:
    client = timed
    tid, _ = _started(client)
    shown = client.get(f"/api/tournaments/{tid}/clock").json()
    assert (shown["type"], shown["id"], shown["title"]) == ("clock", tid, "Home sit-and-go")
    assert (shown["heading"], shown["digits"], shown["paused"]) == ("Level 1", "10:00", False)
    assert shown["bets"] == "Blinds 1/2" and shown["field"]["players_left"] == 6
    assert shown["prizes"]["pool"] == 60 and shown["prizes"]["prizes"] == [39, 21]
    clock.now += 4 * 60
    shown = client.get(f"/api/tournaments/{tid}/clock").json()
    assert shown["digits"] == "6:00" and shown["seconds_left"] == 360
    clock.now += 7 * 60
    shown = client.get(f"/api/tournaments/{tid}/clock").json()
    assert shown["level"]["number"] == 2 and shown["heading"] == "Level 2"
    page = unescape(TestClient(client.app).get(f"/tournaments/{tid}/clock").text)  # public
    assert "Level 2" in page and f'data-clock-api="/api/tournaments/{tid}/clock"' in page


def test_t16_the_directors_pause_stops_the_tv_clock(timed: TestClient, clock: Clock) -> None:
    client = timed
    tid, _ = _started(client)
    clock.now += 100
    client.post(f"/tournaments/{tid}/pause", data={"csrf": csrf_of(client, "/")})
    before = client.get(f"/api/tournaments/{tid}/clock").json()
    clock.now += 300
    after = client.get(f"/api/tournaments/{tid}/clock").json()
    assert after["paused"] and after["heading"] == "Level 1 · PAUSED"
    assert after["seconds_left"] == before["seconds_left"] == 500
    page = client.get(f"/tournaments/{tid}/clock").text
    assert '<p id="paused" class="paused-banner">PAUSED</p>' in page
    client.post(f"/tournaments/{tid}/resume", data={"csrf": csrf_of(client, "/")})
    clock.now += 20
    running = client.get(f"/api/tournaments/{tid}/clock").json()
    assert not running["paused"] and running["seconds_left"] == 480


def test_before_the_start_the_clock_counts_to_the_set_start_or_says_what_it_waits_for(
    timed: TestClient, clock: Clock
) -> None:
    client = timed
    sign_up(client, "Pete")
    ids = []
    for fields in ({"start_in": "5"}, {}, {"when_full": "on"}):
        made = client.post(
            "/tournaments",
            data={"csrf": csrf_of(client, "/"), "example": "home-sit-and-go", **fields},
            follow_redirects=False,
        )
        ids.append(str(made.headers["location"]).rsplit("/", 1)[1])
    at_five, by_hand, when_full = (client.get(f"/api/tournaments/{i}/clock").json() for i in ids)
    assert (at_five["heading"], at_five["seconds_left"], at_five["digits"]) == (
        "Starts in",
        300,
        "5:00",
    )
    assert (by_hand["heading"], by_hand["digits"]) == (
        "Starts when the director starts it",
        "--:--",
    )
    assert when_full["heading"] == "Starts when every seat is taken"
    assert when_full["seconds_left"] is None and not when_full["paused"]
    clock.now += 60
    assert client.get(f"/api/tournaments/{ids[0]}/clock").json()["digits"] == "4:00"


def test_an_unknown_web_tournaments_clock_is_a_404(client: TestClient) -> None:
    assert client.get("/tournaments/nope/clock").status_code == 404
    assert client.get("/api/tournaments/nope/clock").status_code == 404
