"""The lobby page lists each game once (issue 22 item 10): a host's own public game is under
"Your games" (with its invite and close buttons) and not again in the list of the others;
anyone else sees it once in that list."""

from __future__ import annotations

from starlette.testclient import TestClient

from pokerroom.storage.database import Database
from pokerroom.web.app import create_app
from tests.web.conftest import Clock, settings
from tests.web.helpers import csrf_of, sign_up


def create_home_game(client: TestClient, name: str) -> str:
    data = {"csrf": csrf_of(client, "/new/home"), "name": name}
    response = client.post("/new/home", data=data, follow_redirects=False)
    assert response.status_code == 303, response.text
    return str(response.headers["location"])


def test_a_hosts_own_game_is_listed_once_and_once_for_others(
    database: Database, clock: Clock
) -> None:
    app = create_app(database, settings(clock))
    ann, bob = TestClient(app), TestClient(app)
    sign_up(ann, "Ann")
    sign_up(bob, "Bob")
    ann_game = create_home_game(ann, "Ann's Friday")
    bob_game = create_home_game(bob, "Bob's Sunday")

    page = ann.get("/").text
    assert page.count(f'href="{ann_game}"') == 1
    assert page.count(f'href="{bob_game}"') == 1
    mine, _, others = page.partition("<h2>Other games</h2>")
    assert "Your games" in mine and ann_game in mine and bob_game not in mine
    assert bob_game in others and ann_game not in others
    assert ann.get("/api/lobby").json()["rooms"][0]["id"]  # the JSON still lists every room

    for client in (TestClient(app), bob):  # signed out, and the other host
        page = client.get("/").text
        assert page.count(f'href="{ann_game}"') == 1
