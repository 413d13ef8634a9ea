"""The host's run it twice option on the create forms: off by default, Hold'em and Omaha
only, saved with the table and said in its stakes line."""

from __future__ import annotations

import html

import pytest
from starlette.testclient import TestClient

from pokerroom.room import CashRoom, HomeRoom
from pokerroom.storage.rooms.saved_room import live_room
from tests.web.helpers import cardroom, sign_up
from tests.web.test_lobby_create import ERROR, created_id, post


def test_the_forms_offer_run_it_twice_off_by_default(client: TestClient) -> None:
    sign_up(client, "Ann")
    for path in ("/new/home", "/new/cash"):
        form = client.get(path).text
        assert '<select name="run_it_twice">' in form
        assert '<option value="" selected>no (default)</option>' in form
    room = live_room(cardroom(client).registry.get(created_id(post(client, "/new/home"))).room)
    assert isinstance(room, HomeRoom) and not room.settings.run_it_twice


def test_a_host_turns_run_it_twice_on_for_a_home_game_and_a_cash_table(
    client: TestClient,
) -> None:
    sign_up(client, "Ann")
    home = post(client, "/new/home", game="omaha-hilo", run_it_twice="yes")
    room = live_room(cardroom(client).registry.get(created_id(home)).room)
    assert isinstance(room, HomeRoom) and room.settings.run_it_twice
    assert room.game_frame()["stakes"].endswith(" · run it twice if all agree")
    cash = post(client, "/new/cash", run_it_twice="yes")
    table = live_room(cardroom(client).registry.get(created_id(cash)).room)
    assert isinstance(table, CashRoom) and table.settings.run_it_twice
    assert table.table.options.run_it_twice


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        (
            {"game": "stud", "run_it_twice": "yes"},
            "run_it_twice: only in Hold'em and Omaha games (one board); "
            "Seven-card Stud deals no board",
        ),
        (
            {"game": "bomb-pot-omaha", "run_it_twice": "yes"},
            "run_it_twice: only in Hold'em and Omaha games (one board); "
            "Double-board bomb-pot Omaha deals two boards",
        ),
        ({"run_it_twice": "always"}, "run_it_twice: yes, or no (the default); got 'always'"),
    ],
)
def test_run_it_twice_is_refused_where_it_cannot_be(
    client: TestClient, fields: dict[str, str], said: str
) -> None:
    sign_up(client, "Ann")
    for path in ("/new/home", "/new/cash"):
        response = post(client, path, **fields)
        assert response.status_code == 400
        assert [html.unescape(shown) for shown in ERROR.findall(response.text)] == [said]
    assert len(cardroom(client).registry) == 0
