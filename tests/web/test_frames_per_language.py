"""A table speaks each viewer's language (issue 23 item 4): frames are worded per recipient.

Two players at one table over real sockets, Ann reading Russian (her browser's
``Accept-Language``), Bob English, and a watcher reading Ukrainian by the language menu's
cookie. The same change reaches each as his own frame: the fields the server words (the
stakes line, a notice, a refusal) are in his language, and no frame carries another
language's words — an English frame has no Cyrillic letter, a Russian one no Ukrainian
letter (і, ї, є, ґ) and a Ukrainian one no Russian one (ы, э, ъ, ё).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import pytest
from websockets.sync.client import connect

from pokerroom.i18n import use_language
from pokerroom.room.hub import Connection
from pokerroom.room.registry import RoomKind
from pokerroom.room.worded import every_language, text_for_viewer
from pokerroom.web.language import LANGUAGE_COOKIE
from tests.web.test_wire_messages import WAIT, Table, Viewer, home_room
from tests.web.wire import Server, open_room, served_cardroom

NAMES = ("Ann", "Bob", "Cyd", "Dee")
CYRILLIC = re.compile("[а-яА-ЯёЁіІїЇєЄґҐ]")
ONLY_UKRAINIAN = re.compile("[іІїЇєЄґҐ]")
ONLY_RUSSIAN = re.compile("[ыЫэЭъЪёЁ]")


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    with served_cardroom(NAMES) as served:
        yield served


def viewer(sockets: ExitStack, server: Server, room_id: str, label: str, headers: Any) -> Viewer:
    url = server.socket_url(room_id)
    socket = sockets.enter_context(connect(url, additional_headers=headers, open_timeout=WAIT))
    seen = Viewer(label, socket)
    assert seen.fresh()["room"] == room_id
    return seen


@pytest.fixture
def table(server: Server) -> Iterator[Table]:
    """Ann (ru, Accept-Language) and Bob (en) seated and dealt; Cyd watches in uk (cookie)."""
    room = home_room(server, seats=3)
    open_room(server.app, room, RoomKind.HOME, room.table_size)
    ann, bob, cyd = server.accounts[:3]
    sockets = ExitStack()
    viewers = {
        "ru": viewer(
            sockets, server, room.id, "ru", {**ann.headers, "accept-language": "ru-RU,ru;q=0.9"}
        ),
        "en": viewer(sockets, server, room.id, "en", {**bob.headers, "accept-language": "en"}),
        "uk": viewer(
            sockets,
            server,
            room.id,
            "uk",
            {"cookie": f"{cyd.headers['cookie']}; {LANGUAGE_COOKIE}=uk", "accept-language": "ru"},
        ),
    }
    state = server.app.state
    table = Table(room, viewers, sockets, state.cardroom.tables, state.hub)
    table["ru"].send({"type": "sit", "seat": 1})
    table["en"].send({"type": "sit", "seat": 2})
    table.settle(lambda: len(room.occupants) == 2)
    table["ru"].send({"type": "start"})
    table.settle(lambda: room.hand is not None)
    yield table
    table.close()


def words_of(frame: dict[str, Any]) -> str:
    """Every string in a frame but the players' own (names, chat): what the server worded."""
    text = json.dumps(frame, ensure_ascii=False)
    for name in NAMES:
        text = text.replace(name, "")
    return text


def test_one_change_reaches_each_viewer_in_his_own_language(table: Table) -> None:
    frames = {label: table[label].fresh() for label in ("ru", "en", "uk")}
    assert "блайнды" in frames["ru"]["game"]["stakes"], frames["ru"]["game"]["stakes"]
    assert "blinds" in frames["en"]["game"]["stakes"], frames["en"]["game"]["stakes"]
    assert "блайнди" in frames["uk"]["game"]["stakes"], frames["uk"]["game"]["stakes"]
    assert CYRILLIC.search(words_of(frames["en"])) is None, words_of(frames["en"])
    assert ONLY_UKRAINIAN.search(words_of(frames["ru"])) is None, words_of(frames["ru"])
    assert ONLY_RUSSIAN.search(words_of(frames["uk"])) is None, words_of(frames["uk"])
    # The codes and amounts are the same for everyone: only the words differ.
    assert frames["ru"]["game"]["big_blind"] == frames["en"]["game"]["big_blind"]
    assert frames["ru"]["hand"]["turn"] == frames["en"]["hand"]["turn"]


def test_a_refusal_goes_to_its_sender_in_his_language(table: Table) -> None:
    for label, expected in (("ru", "уже обработано"), ("en", "was already handled")):
        sender = table[label]
        sender.send({"type": "preaction", "kind": "clear"}, f"again-{label}")
        sender.receive()  # whatever the room answered the first time
        sender.send({"type": "preaction", "kind": "clear"}, f"again-{label}")
        error = sender.receive()
        assert error["type"] == "error" and error["code"] == "duplicate", error
        assert expected in error["message"], error["message"]


def test_the_room_refuses_each_player_in_his_language(table: Table) -> None:
    """A refusal the room words reaches its sender in his own words."""
    for label, expected in (
        ("ru", "у вас нет действия заранее, которое можно снять"),
        ("en", "you have no pre-action to clear"),
    ):
        table[label].send({"type": "preaction", "kind": "clear"})
        error = table[label].receive()
        assert error["type"] == "error" and error["code"] == "no_preaction", error
        assert error["message"] == expected, error["message"]


def test_a_connection_words_in_its_language_and_its_tables_vocabulary(table: Table) -> None:
    """The hub's connections carry the language their socket opened with."""
    hub = table.hub
    connections: set[Connection] = hub._connections[table.room.id]
    assert sorted(c.language for c in connections) == ["en", "ru", "uk"]


def test_words_kept_by_a_room_are_kept_in_every_language() -> None:
    said = every_language("club", lambda: "plain")
    assert set(said) == {"en", "ru", "uk"}
    with use_language("uk"):
        assert text_for_viewer(said) == "plain"
        assert text_for_viewer("an old checkpoint's line") == "an old checkpoint's line"
