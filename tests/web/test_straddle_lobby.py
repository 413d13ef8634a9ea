"""The host's straddle option in the lobby's forms (issue 22 item 6): off by default, utg or
button when chosen, a bad choice one line that creates nothing, and the form offers it."""

from __future__ import annotations

import html

import pytest
from starlette.testclient import TestClient

from pokerroom.room import CashRoom, HomeRoom
from pokerroom.storage.rooms.saved_room import live_room
from tests.web.helpers import cardroom, sign_up
from tests.web.test_lobby_create import ERROR, created_id, post


@pytest.mark.parametrize(("path", "kind"), [("/new/cash", CashRoom), ("/new/home", HomeRoom)])
def test_a_new_table_has_no_straddles_unless_the_host_chooses_them(
    client: TestClient, path: str, kind: type[CashRoom | HomeRoom]
) -> None:
    sign_up(client, "Ann")
    form = client.get(path).text
    assert '<select name="straddle">' in form and 'value="button"' in form
    plain = live_room(cardroom(client).registry.get(created_id(post(client, path))).room)
    assert isinstance(plain, kind) and plain.settings.straddle == "off"
    chosen = post(client, path, straddle="button")
    room = live_room(cardroom(client).registry.get(created_id(chosen)).room)
    assert isinstance(room, kind) and room.settings.straddle == "button"


@pytest.mark.parametrize(
    ("fields", "says"),
    [
        ({"straddle": "always"}, "straddle: one of off, utg, button; got 'always'"),
        ({"game": "stud", "straddle": "utg"}, "straddle: Seven-card Stud has no blinds"),
        ({"game": "bomb-pot-omaha", "straddle": "button"}, "has no blinds to straddle"),
    ],
)
def test_a_bad_straddle_choice_is_one_line_and_creates_nothing(
    client: TestClient, fields: dict[str, str], says: str
) -> None:
    sign_up(client, "Ann")
    for path in ("/new/cash", "/new/home"):
        response = post(client, path, **fields)
        assert response.status_code == 400
        [shown] = ERROR.findall(response.text)
        assert says in html.unescape(shown) and "\n" not in html.unescape(shown)
    assert len(cardroom(client).registry) == 0
