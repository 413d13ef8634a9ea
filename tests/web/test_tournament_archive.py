"""A web tournament's hands go to the hand archive as every live table's do (issue 21
item 2): every hand played, at every table, is kept once, and each player finds his own
through ``/hands``, its downloads and the replayer — on SQLite and PostgreSQL.

The tournament is made, entered and started through the pages by real accounts; its
tables are then played by :class:`~tests.web.tournament_driver.TournamentDriver` (the two
people act as the hub would hand on their messages, the bots at once) for thirty hands
and more; the hand still being played, if any, is not in the archive yet.
"""

from __future__ import annotations

import re
from collections import Counter

from sqlalchemy import select
from starlette.testclient import TestClient

from pokerroom.room.seam import User
from pokerroom.room.tournament.event import RoomTournament
from pokerroom.storage.database import open_database
from pokerroom.storage.models import WebHandRow, WebHandSeatRow
from pokerroom.web.app import create_app
from tests.web.conftest import Clock, settings
from tests.web.helpers import cardroom, csrf_of, sign_up
from tests.web.links import follow_links, title_of
from tests.web.tournament_driver import TWELVE, TournamentDriver

FIELD = "12"
"""Bots fill the field to twelve: two tables."""
HANDS = 30
TOTAL = re.compile(r"Page 1 of (\d+) \((\d+) hands\)")


def account(client: TestClient, name: str) -> User:
    found = cardroom(client).accounts.find_account(name)
    assert found is not None
    return User(found.id, found.name, found.roles)


def post(client: TestClient, path: str, **fields: str) -> int:
    form = {"csrf": csrf_of(client, "/"), **fields}
    return client.post(path, data=form, follow_redirects=False).status_code


def test_every_hand_of_a_web_tournament_is_archived_and_served(database_url: str) -> None:
    clock = Clock()
    with open_database(database_url) as database:
        app = create_app(database, settings(clock))
        ann, bob, dana = TestClient(app), TestClient(app), TestClient(app)
        for client, name in ((ann, "Ann"), (bob, "Bob"), (dana, "Dana")):
            sign_up(client, name)
        cardroom(dana).accounts.grant("Dana", "director")
        made = dana.post(
            "/tournaments",
            data={"csrf": csrf_of(dana, "/"), "regulation": TWELVE, "bots": FIELD},
            follow_redirects=False,
        )
        assert made.status_code == 303, made.text
        tid = str(made.headers["location"]).rsplit("/", 1)[1]
        assert post(ann, f"/tournaments/{tid}/register") == 200
        assert post(bob, f"/tournaments/{tid}/register") == 200
        assert post(dana, f"/tournaments/{tid}/start") == 200
        tournament = cardroom(dana).registry.get(tid).room
        assert isinstance(tournament, RoomTournament) and tournament.status == "running"
        people = [account(ann, "Ann"), account(bob, "Bob")]
        driver = TournamentDriver(tournament, people, now=clock.now)
        driver.run_until(lambda: tournament.log().hands >= HANDS)  # one may be in play
        assert cardroom(dana).tables.drain()  # the writer thread has saved what was played

        with database.session() as session:
            archived = Counter(session.execute(select(WebHandRow.room_id, WebHandRow.number)))
            seats = session.execute(
                select(WebHandSeatRow.account_id, WebHandRow.room_id, WebHandRow.room_kind)
                .join(WebHandRow, WebHandRow.id == WebHandSeatRow.hand_id)
                .where(WebHandSeatRow.account_id.is_not(None))
            ).all()
        finished = {
            (room.id, number)
            for room in tournament.rooms.values()
            if room.hand is not None
            for number in range(1, room.hand_number + (1 if room.hand_done else 0))
        }
        assert len(finished) >= HANDS and len(tournament.rooms) == 2
        assert set(archived) == finished  # every finished hand, at every table
        assert set(archived.values()) == {1}  # each once
        assert {kind for _, _, kind in seats} == {"tournament"}

        for client, user in zip((ann, bob), people, strict=True):
            rooms = Counter(room_id for account_id, room_id, _ in seats if account_id == user.id)
            mine = sum(rooms.values())
            assert mine > 0
            total = TOTAL.search(client.get("/hands").text)
            assert total is not None and int(total.group(2)) == mine
            replayed = 0
            for number in range(1, int(total.group(1)) + 1):
                answers = follow_links(client, f"/hands?page={number}")  # all answer 200
                for address in [a for a in answers if re.fullmatch(r"/hands/\d+", a)]:
                    replayed += 1
                    assert title_of(answers[address]) is not None  # the replayer's page
                    phh = answers[f"{address}.phh"].text  # his own copy
                    assert 'table = "Web twelve · table ' in phh and f'"{user.name}"' in phh
                    assert "Web twelve · table " in answers[f"{address}.txt"].text
                for room_id, count in rooms.items():  # each room's hands in one file
                    bulk = answers[f"/hands/rooms/{room_id}.phhs"].text
                    assert re.findall(r"^\[(\d+)\]$", bulk, re.M) == [
                        str(n) for n in range(1, count + 1)
                    ]
            assert replayed == mine
