"""A tournament's table chat as its director moderates it: the director (not a player)
mutes at a table, and ``/tournaments/<id>/chat`` and the console list the mutes, the
reported lines with their hand numbers and the log, every chat text escaped; a restarted
server keeps it all."""

from __future__ import annotations

from starlette.testclient import TestClient

from pokerroom.room.seam import Outcome, User
from pokerroom.room.tournament.event import RoomTournament
from pokerroom.room.tournament.table_room import TournamentTableRoom
from pokerroom.storage.database import open_database
from pokerroom.web.tournament.resume import restore_tournaments, stop_tournaments
from pokerroom.web.tournament.routes import lobby_entry
from tests.web.conftest import Clock
from tests.web.helpers import cardroom, sign_up
from tests.web.test_tournament_director_page import PETE, Desk, desk_of
from tests.web.test_tournament_resume import begun, cardroom_on
from tests.web.tournament_driver import ANN as ENTRANT_ANN
from tests.web.tournament_driver import BOB, DIRECTOR

ANNA = User(501, "Anna")


def table_of(desk: Desk) -> TournamentTableRoom:
    """Pete's table; the seed seats Anna there too."""
    (room,) = [r for r in desk.tournament.rooms.values() if r.seat_of_user(PETE.id) is not None]
    assert room.seat_of_user(ANNA.id) is not None
    return room


def said(desk: Desk, user: User, message: dict[str, object]) -> Outcome:
    ident = f"m{desk.clock.now}-{message['type']}"
    return table_of(desk).handle(user, {"id": ident, **message}, desk.clock.now)


def test_the_director_mutes_at_a_table_and_sees_reports_and_the_log(
    client: TestClient, clock: Clock
) -> None:
    desk = desk_of(client, clock, people=(PETE, ANNA))
    hand = table_of(desk).hand_number
    assert said(desk, PETE, {"type": "chat", "text": "<img src=x onerror=alert(1)> fish"}).changed
    assert said(desk, PETE, {"type": "chat_mute", "user": ANNA.id}).code == "chat_not_moderator"
    clock.now += 1
    assert said(desk, ANNA, {"type": "chat_report", "line": 1}).changed
    account = cardroom(client).accounts.find_account("Dana")
    assert account is not None
    dana = User(account.id, "Dana", frozenset({"player", "director"}))
    clock.now += 1
    assert said(desk, dana, {"type": "chat_mute", "user": PETE.id}).changed
    assert said(desk, PETE, {"type": "chat", "text": "hey"}).code == "chat_muted"
    clock.now += 60
    page = client.get("/tournaments/T9/chat")
    assert page.status_code == 200
    assert "Pete: 9 min left (mute #1)" in page.text
    escaped = "&lt;img src=x onerror=alert(1)&gt; fish"
    assert f"Anna reported Pete (hand {hand}): {escaped}" in page.text
    assert "<img src=x" not in page.text
    assert "Dana mute Pete — 10 min (#1)" in page.text
    assert "Dana mute Pete — 10 min (#1)" in client.get("/tournaments/T9/director").text


def test_only_the_director_sees_the_moderation_page(client: TestClient, clock: Clock) -> None:
    desk_of(client, clock)
    other = TestClient(client.app)
    assert other.get("/tournaments/T9/chat", follow_redirects=False).status_code == 303
    sign_up(other, "Walt")
    assert other.get("/tournaments/T9/chat").status_code == 403


def test_a_restarted_tournament_keeps_its_tables_chat_and_moderation(database_url: str) -> None:
    ann = ENTRANT_ANN
    with open_database(database_url) as database:
        first = cardroom_on(database)
        saved = begun(first)
        room = saved.room_of(ann)
        assert room is not None
        assert room.handle(ann, {"type": "chat", "id": "c1", "text": "gl all"}, 1.0).changed
        assert room.handle(BOB, {"type": "chat_report", "id": "c2", "line": 1}, 2.0).changed
        assert room.handle(DIRECTOR, {"type": "chat_mute", "id": "c3", "user": ann.id}, 3.0).changed
        first.registry.add(saved.tournament, lobby_entry(saved.tournament, 90))
        stop_tournaments(first, 4.0)
        assert first.tables.close()
    with open_database(database_url) as database:
        second = cardroom_on(database)
        assert restore_tournaments(second, 100.0) == ["T1"]
        tournament = second.registry.get("T1").room
        assert isinstance(tournament, RoomTournament)
        again = next(r for r in tournament.rooms.values() if r.id == room.id)
        chat = again.chat
        assert [line.text for line in chat.visible(None, seated=False, moderator=True)] == [
            "gl all"
        ]
        assert [(e.action, e.target) for e in chat.log] == [("report", "Ann"), ("mute", "Ann")]
        assert chat.muted_until(ann.id, 100.0) is not None
        assert second.tables.close()
