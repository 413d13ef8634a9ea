"""Driving the cardroom's forms as a browser does: read the page's CSRF token, post it back."""

from __future__ import annotations

import re

import httpx2
from starlette.testclient import TestClient

from pokerroom.room.tournament.event import RoomTournament
from pokerroom.web.cardroom import Cardroom

PASSWORD = "correct horse"
TOKEN = re.compile(r'name="csrf" value="([0-9a-f]+)"')


def csrf_of(client: TestClient, path: str = "/login") -> str:
    """The form token on the page at ``path``, for this client's cookies."""
    found = TOKEN.search(client.get(path).text)
    assert found is not None, f"no form token on {path}"
    return found.group(1)


def sign_up(client: TestClient, name: str, password: str = PASSWORD) -> httpx2.Response:
    form = {"csrf": csrf_of(client, "/signup"), "name": name, "password": password}
    response: httpx2.Response = client.post(
        "/signup", data={**form, "password2": password}, follow_redirects=False
    )
    return response


def log_in(client: TestClient, name: str, password: str = PASSWORD) -> httpx2.Response:
    form = {"csrf": csrf_of(client), "name": name, "password": password}
    response: httpx2.Response = client.post("/login", data=form, follow_redirects=False)
    return response


def cardroom(client: TestClient) -> Cardroom:
    room = client.app.state.cardroom  # type: ignore[attr-defined]
    assert isinstance(room, Cardroom)
    return room


def signed_in_as(client: TestClient) -> str | None:
    """The name the page header shows, None when signed out."""
    found = re.search(r'<span class="who">([^<]+)</span>', client.get("/").text)
    return None if found is None else found.group(1)


def started_sit_and_go(client: TestClient) -> tuple[str, RoomTournament]:
    """A home sit-and-go (six bots) the signed-in ``client`` made, entered and started."""
    made = client.post(
        "/tournaments",
        data={"csrf": csrf_of(client, "/"), "example": "home-sit-and-go", "bots": "6"},
        follow_redirects=False,
    )
    tid = str(made.headers["location"]).rsplit("/", 1)[1]
    for deed in ("register", "start"):
        client.post(f"/tournaments/{tid}/{deed}", data={"csrf": csrf_of(client, "/")})
    tournament = cardroom(client).registry.get(tid).room
    assert isinstance(tournament, RoomTournament)
    return tid, tournament
