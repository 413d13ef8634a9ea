"""Creating a tournament from the lobby (issue 22 item 7): the Tournaments tab's link, every
shipped regulation (Olympic ones too), a TOML file uploaded and checked as ``tournament
check`` does, the form kept on a refusal, and sit & gos that start when full and recur."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import httpx2
import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

from pokerroom.cli.app import app
from pokerroom.room.tournament.event import RoomTournament
from pokerroom.storage.database import open_database
from pokerroom.tournament.regulation import example_names, example_text, load_example
from pokerroom.tournament.regulation.model import TournamentFormat
from pokerroom.web.app import create_app
from pokerroom.web.tournament.new_form import WORDS
from tests.web.conftest import settings
from tests.web.helpers import cardroom, csrf_of, sign_up
from tests.web.links import follow_links, title_of

BAD_TOML = b'name = "x"\n'


def _create(
    client: TestClient, files: dict[str, tuple[str, bytes]] | None = None, **fields: str
) -> httpx2.Response:
    form = {"csrf": csrf_of(client, "/"), **fields}
    response: httpx2.Response = client.post(
        "/tournaments", data=form, files=files or {}, follow_redirects=True
    )
    return response


def _error_of(page: httpx2.Response) -> str:
    found = re.search(r'<p class="error" role="alert">([^<]*)</p>', page.text)
    assert found is not None, page.text
    return unescape(found.group(1))


def test_the_tournaments_tab_links_to_the_form_which_offers_the_american_examples(
    client: TestClient,
) -> None:
    sign_up(client, "Pete")  # a new account is a host: he may create one
    lobby = follow_links(client, "/")
    assert title_of(lobby["/?kind=tournament"]) == "Lobby"
    assert ">Tournaments</a>" in lobby["/"].text
    tab = follow_links(client, "/?kind=tournament")
    form = tab["/tournaments/new"]
    assert title_of(form) == "New tournament"
    offered = re.findall(r'<option value="([^"]+)"', form.text)
    assert offered == list(example_names())  # every shipped one, Olympic too (T-9)
    formats = {load_example(name).format for name in offered}
    assert formats == {TournamentFormat.AMERICAN, TournamentFormat.OLYMPIC}


def test_the_create_link_is_for_hosts_directors_and_admins(client: TestClient) -> None:
    assert "/tournaments/new" not in client.get("/?kind=tournament").text  # signed out
    sign_up(client, "Pete")
    assert '<a href="/tournaments/new">Create a tournament</a>' in client.get("/").text


@pytest.mark.parametrize("example", example_names())
def test_create_from_each_shipped_regulation(client: TestClient, example: str) -> None:
    sign_up(client, "Pete")
    page = _create(client, example=example, name="")
    regulation = load_example(example)
    assert page.status_code == 200 and title_of(page) == regulation.name
    tid = str(page.url).rsplit("/", 1)[1]
    listed = client.get("/api/lobby?kind=tournament").json()["rooms"]
    assert [(r["id"], r["name"], r["status"]) for r in listed] == [
        (tid, regulation.name, "registering")
    ]
    tournament = cardroom(client).registry.get(tid).room
    assert isinstance(tournament, RoomTournament) and tournament.regulation == regulation


def test_a_bad_uploaded_file_gets_the_checkers_own_line_and_the_form_is_kept(
    client: TestClient, tmp_path: Path
) -> None:
    path = tmp_path / "mine.toml"
    path.write_bytes(BAD_TOML)
    checked = CliRunner().invoke(app, ["tournament", "check", str(path)])
    assert checked.exit_code != 0
    sign_up(client, "Pete")
    page = _create(
        client, {"upload": ("mine.toml", BAD_TOML)}, name="Friday", start_in="5", when_full="on"
    )
    assert page.status_code == 400 and title_of(page) == "New tournament"
    line = _error_of(page)
    assert line == "mine.toml: game is missing; give [game] with variant and limit"
    assert line in checked.output  # the same one line as `pokerroom tournament check`
    assert 'value="Friday"' in page.text
    assert '<input type="checkbox" name="when_full" checked>' in page.text
    assert '<input type="checkbox" name="recurs">' in page.text
    assert client.get("/api/lobby?kind=tournament").json()["rooms"] == []


def test_an_upload_that_is_not_text_is_one_line(client: TestClient) -> None:
    sign_up(client, "Pete")
    page = _create(client, {"upload": ("chips.toml", b"\xff\xfe\x00")}, name="Kept")
    assert page.status_code == 400
    assert _error_of(page) == "chips.toml: not UTF-8 text, so not a TOML regulation"
    assert 'value="Kept"' in page.text


def test_a_good_uploaded_file_creates_the_tournament(client: TestClient) -> None:
    sign_up(client, "Pete")
    text = example_text("turbo-reentry").replace('name = "', 'name = "My ', 1)
    page = _create(client, {"upload": ("turbo.toml", text.encode())})
    assert page.status_code == 200 and title_of(page) is not None
    assert title_of(page).startswith("My ")  # type: ignore[union-attr]


def test_an_example_and_a_file_together_are_refused(client: TestClient) -> None:
    sign_up(client, "Pete")
    text = example_text("turbo-reentry").encode()
    page = _create(client, {"upload": ("turbo.toml", text)}, example="club-freezeout")
    assert page.status_code == 400 and _error_of(page) == WORDS["both"]
    assert '<option value="club-freezeout" selected>' in page.text


# ------------------------------------------------------------------ sit & go


def _two_seats() -> bytes:
    text = example_text("home-sit-and-go").replace("max_entries = 10", "max_entries = 2")
    return text.encode()


def test_a_sit_and_go_starts_when_full_and_a_new_one_opens_as_it_starts(
    client: TestClient,
) -> None:
    sign_up(client, "Pete")
    made = _create(
        client, {"upload": ("duel.toml", _two_seats())}, name="Duel", when_full="on", recurs="on"
    )
    first = str(made.url).rsplit("/", 1)[1]
    done = _post(client, f"/tournaments/{first}/register")
    assert "you are registered in Duel" in done
    listed = client.get("/api/lobby?kind=tournament").json()["rooms"]
    assert [(r["id"], r["status"]) for r in listed] == [(first, "registering")]
    other = TestClient(client.app)
    sign_up(other, "Quinn")
    done = _post(other, f"/tournaments/{first}/register")
    assert "you are registered in Duel; Duel has started: 2 entrants" in done
    listed = client.get("/api/lobby?kind=tournament").json()["rooms"]
    statuses = {r["id"]: (r["name"], r["status"], r["seats"]["taken"]) for r in listed}
    assert statuses.pop(first)[1] == "running"
    assert list(statuses.values()) == [("Duel", "registering", 0)]  # the next one
    (second,) = statuses
    following = cardroom(client).registry.get(second).room
    assert isinstance(following, RoomTournament)
    assert following.start_when_full and following.recurs
    assert following.regulation.max_entries == 2


def test_start_when_full_needs_seats_and_recurring_needs_start_when_full(
    client: TestClient,
) -> None:
    sign_up(client, "Pete")
    page = _create(client, example="club-freezeout", when_full="on")
    assert page.status_code == 400
    assert _error_of(page) == (
        "'Club freezeout' sets no max_entries, so it is never full: "
        "a sit & go that starts when full needs its number of seats"
    )
    page = _create(client, example="home-sit-and-go", recurs="on")
    assert page.status_code == 400
    assert _error_of(page) == "only a sit & go that starts when full recurs"
    assert '<input type="checkbox" name="recurs" checked>' in page.text
    assert client.get("/api/lobby?kind=tournament").json()["rooms"] == []


def _post(client: TestClient, path: str) -> str:
    response = client.post(path, data={"csrf": csrf_of(client, "/")}, follow_redirects=True)
    return f"{response.status_code} {response.text}"


def test_a_recurring_sit_and_go_still_recurs_after_a_restart_and_opens_only_one_more(
    tmp_path: Path,
) -> None:
    address = f"sqlite:///{tmp_path / 'room.db'}"
    with open_database(address) as database, TestClient(create_app(database, settings())) as first:
        sign_up(first, "Pete")
        made = _create(
            first, {"upload": ("duel.toml", _two_seats())}, name="Duel", when_full="on", recurs="on"
        )
        tid = str(made.url).rsplit("/", 1)[1]
        assert "you are registered in Duel" in _post(first, f"/tournaments/{tid}/register")
    with open_database(address) as database, TestClient(create_app(database, settings())) as second:
        sign_up(second, "Quinn")
        done = _post(second, f"/tournaments/{tid}/register")
        assert "Duel has started: 2 entrants" in done
        listed = second.get("/api/lobby?kind=tournament").json()["rooms"]
        assert sorted(r["status"] for r in listed) == ["registering", "running"]
    with open_database(address) as database, TestClient(create_app(database, settings())) as third:
        listed = third.get("/api/lobby?kind=tournament").json()["rooms"]
        assert sorted(r["status"] for r in listed) == ["registering", "running"]  # no third


# ------------------------------------------------------------- common fields


def test_the_common_fields_are_set_on_the_regulation_chosen(client: TestClient) -> None:
    sign_up(client, "Pete")
    page = _create(
        client,
        example="home-sit-and-go",
        buy_in="20",
        fee="2",
        starting_stack="500",
        table_size="6",
        max_entries="6",
        level_minutes="5",
    )
    assert page.status_code == 200 and title_of(page) == "Home sit-and-go"
    tid = str(page.url).rsplit("/", 1)[1]
    tournament = cardroom(client).registry.get(tid).room
    assert isinstance(tournament, RoomTournament)
    regulation = tournament.regulation
    assert (regulation.money.buy_in, regulation.money.fee) == (20, 2)
    assert (regulation.starting_stack, regulation.table_size, regulation.max_entries) == (500, 6, 6)
    assert {level.minutes for level in regulation.levels} == {5}
    assert "buy-in 20 + 2 · 500 chips" in " ".join(page.text.split())
    assert "<td>Level 1</td><td>Blinds 1/2</td><td>5</td>" in page.text
    left = load_example("home-sit-and-go")
    assert regulation.payouts == left.payouts and regulation.game == left.game  # the rest kept


def test_a_common_field_the_checker_refuses_is_its_one_line_and_the_form_is_kept(
    client: TestClient,
) -> None:
    sign_up(client, "Pete")
    page = _create(client, example="home-sit-and-go", buy_in="ten", name="Kept")
    assert page.status_code == 400
    assert _error_of(page) == (
        "the buy-in is a whole number from 0 to 1,000,000,000 (blank: the regulation's), got 'ten'"
    )
    assert 'name="buy_in" inputmode="numeric" value="ten"' in page.text
    page = _create(client, example="home-sit-and-go", starting_stack="0")
    assert _error_of(page).startswith("the starting stack is a whole number from 1 to")
    page = _create(client, example="home-sit-and-go", max_entries="1", level_minutes="3")
    assert page.status_code == 400
    assert _error_of(page).startswith("the most entries is a whole number from 2 to")
    page = _create(client, example="home-sit-and-go", table_size="30")
    assert _error_of(page).startswith("home-sit-and-go.toml with the fields set: table_size")
    assert 'name="table_size" inputmode="numeric" value="30"' in page.text
    assert client.get("/api/lobby?kind=tournament").json()["rooms"] == []
