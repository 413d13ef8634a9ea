"""Every client message over a real socket, and every bad input (issue 13 item 9).

The cardroom is served by uvicorn; players are signed up through the pages and hold real
WebSocket connections to a table, with an observer (signed in, not seated) and a signed-out
visitor watching. Each message type is accepted once (every viewer's next frame shows the
change). Each bad input — not JSON, not an object, an unknown type, a missing, extra or
mistyped field, an action out of turn or outside the legal range, a field naming another
seat, a replayed id, an observer or a visitor acting, an oversized message, a bad card —
gets one error frame, to its sender only, whose line says what was wrong and what is
allowed; nobody else receives anything, and every viewer's next snapshot is the one before
(apart from the server's ``now``): the refusal changed nothing (A-2, A-8, X-4).
"""

from __future__ import annotations

import itertools
import json
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from pokerroom.amounts import amount_text
from pokerroom.engine import VARIANTS
from pokerroom.room import CashRoom, HomeRoom
from pokerroom.room.hub import Hub
from pokerroom.room.live import LiveRoom
from pokerroom.room.registry import RoomKind
from pokerroom.storage.rooms.writer import RoomWriter
from pokerroom.table.cash import CashSettings
from pokerroom.table.series import SeriesSettings
from tests.web.wire import Account, Frame, Server, open_room, served_cardroom

NAMES = ("Ann", "Bob", "Cyd", "Dee")
WAIT = 5.0
"""The longest a frame the test expects may take."""
QUIET = 0.15
"""How long a socket that should get nothing is watched."""
ROOM_NUMBERS = itertools.count(1)


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    with served_cardroom(NAMES) as served:
        yield served


@dataclass
class Viewer:
    """One open table page."""

    label: str
    socket: ClientConnection
    count: int = 0
    last: Frame | None = None
    ids: list[str] = field(default_factory=list)

    def send(self, message: Frame | str | bytes, ident: str | None = None) -> str | None:
        """A dict gets an id (a fresh one unless given); text and bytes go as they are."""
        if isinstance(message, dict):
            self.count += 1
            ident = ident or f"{self.label}-{self.count}"
            self.ids.append(ident)
            message = json.dumps({"id": ident, **message})
        self.socket.send(message)
        return ident

    def receive(self) -> Frame:
        frame: Frame = json.loads(self.socket.recv(timeout=WAIT))
        if frame["type"] == "table":
            self.last = frame
        return frame

    def drain(self) -> bool:
        """Read whatever has arrived (frames of changes made while setting up); whether
        anything had."""
        read = False
        while True:
            try:
                self.receive_now()
            except TimeoutError:
                return read
            read = True

    def receive_now(self) -> Frame:
        frame: Frame = json.loads(self.socket.recv(timeout=0))
        if frame["type"] == "table":
            self.last = frame
        return frame

    def fresh(self) -> Frame:
        """The current table, asked for with ``hello`` (it re-sends the snapshot)."""
        self.socket.send(json.dumps({"type": "hello", "v": 1}))
        frame = self.receive()
        assert frame["type"] == "table", frame
        return frame


@dataclass
class Table:
    """A room on the server with its viewers: the players, ``observer`` (signed in, not
    seated) and ``visitor`` (signed out)."""

    room: LiveRoom
    viewers: dict[str, Viewer]
    sockets: ExitStack
    writer: RoomWriter
    """The server's room writer: a change reaches the sockets once it has saved it."""
    hub: Hub

    def __getitem__(self, label: str) -> Viewer:
        return self.viewers[label]

    def settle(self, until: Callable[[], bool] = lambda: True) -> None:
        """Wait for the room to get ``until`` and every viewer to get its frames."""
        deadline = time.monotonic() + WAIT
        while not until():
            assert time.monotonic() < deadline, "the table did not get there in time"
            time.sleep(0.01)
        assert self.writer.drain(WAIT), "the room's changes were not saved in time"
        while self.hub.holding(self.room.id):  # saved, and the hub let the frames go
            assert time.monotonic() < deadline, "the hub still holds the room's frames"
            time.sleep(0.01)
        while True:  # a loaded machine sends the last frames late: until all are quiet
            time.sleep(QUIET)
            if not any(viewer.drain() for viewer in self.viewers.values()):  # again if any
                return
            assert time.monotonic() < deadline, "the viewers' frames did not stop coming"

    def decider(self) -> Viewer:
        for viewer in self.viewers.values():
            if viewer.fresh()["you"]["decision"] is not None:
                return viewer
        raise AssertionError("nobody is to decide")

    def waiter(self) -> Viewer:
        """A seated player whose turn it is not."""
        for label in NAMES:
            viewer = self.viewers.get(label)
            if viewer is not None:
                frame = viewer.fresh()
                if frame["you"]["seat"] is not None and frame["you"]["decision"] is None:
                    return viewer
        raise AssertionError("every seated player decides")

    def snapshots(self) -> dict[str, Frame]:
        return {label: without_now(v.fresh()) for label, v in self.viewers.items()}

    def close(self) -> None:
        self.sockets.close()


def without_now(frame: Frame) -> Frame:
    return {key: value for key, value in frame.items() if key != "now"}


def open_viewer(
    sockets: ExitStack, server: Server, room: LiveRoom, label: str, account: Account | None
) -> Viewer:
    headers = {} if account is None else account.headers
    url = server.socket_url(room.id)
    socket = sockets.enter_context(connect(url, additional_headers=headers, open_timeout=WAIT))
    viewer = Viewer(label, socket)
    assert viewer.fresh()["room"] == room.id
    return viewer


def table_of(server: Server, room: LiveRoom, kind: RoomKind, seated: int) -> Table:
    """``room`` listed, and the first ``seated`` players plus an observer and a visitor
    connected to it."""
    open_room(server.app, room, kind, room.table_size)
    sockets = ExitStack()
    viewers = {
        a.name: open_viewer(sockets, server, room, a.name, a) for a in server.accounts[:seated]
    }
    viewers["observer"] = open_viewer(sockets, server, room, "observer", server.accounts[3])
    viewers["visitor"] = open_viewer(sockets, server, room, "visitor", None)
    state = server.app.state
    return Table(room, viewers, sockets, state.cardroom.tables, state.hub)


def home_room(server: Server, game: str = "holdem", seats: int = 4) -> HomeRoom:
    """A home table hosted by Ann, the 001 settings for ``game``, a 30-second clock."""
    return HomeRoom(
        f"messages-{next(ROOM_NUMBERS)}",
        settings=SeriesSettings(VARIANTS[game]),
        seats=seats,
        host=server.accounts[0].user,
        seed=3,
    )


def dealt_home_table(server: Server, game: str = "holdem", players: int = 3) -> Table:
    """A home table whose host has started the series: the first hand waits for a bet."""
    room = home_room(server, game, seats=players + 1)
    table = table_of(server, room, RoomKind.HOME, players)
    for seat, name in enumerate(NAMES[:players], start=1):
        table[name].send({"type": "sit", "seat": seat})
    table.settle(lambda: len(room.occupants) == players)
    table["Ann"].send({"type": "start"})
    table.settle(lambda: room.hand is not None)
    return table


def dealt_cash_table(server: Server) -> Table:
    """A cash table (buy-ins 80-200, six seats) where Ann and Bob play a hand."""
    room = CashRoom(f"messages-{next(ROOM_NUMBERS)}", settings=CashSettings(), pause=0.0, seed=3)
    table = table_of(server, room, RoomKind.CASH, 2)
    table["Ann"].send({"type": "sit", "seat": 1, "buy_in": 200})
    table["Bob"].send({"type": "sit", "seat": 2, "buy_in": 200})
    table.settle(lambda: room.hand is not None)
    return table


@pytest.fixture
def home(server: Server) -> Iterator[Table]:
    table = dealt_home_table(server)
    yield table
    table.close()


@pytest.fixture(scope="module")
def refusing_home(server: Server) -> Iterator[Table]:
    """One dealt home table for the refusals below: each is checked to change nothing, so
    the next one meets the same table (dealing one for each took most of this file's time)."""
    table = dealt_home_table(server)
    yield table
    table.close()


@pytest.fixture
def cash(server: Server) -> Iterator[Table]:
    table = dealt_cash_table(server)
    yield table
    table.close()


def refused(
    table: Table,
    sender: Viewer,
    message: Frame | str | bytes,
    code: str,
    *words: str,
    ident: str | None = None,
) -> Frame:
    """``message`` from ``sender`` gets one error frame with ``code`` whose line holds
    ``words``; nobody else gets a frame; every viewer's table is as it was."""
    before = table.snapshots()
    ident = sender.send(message, ident)
    error = sender.receive()
    assert error["type"] == "error", f"{message!r} was not refused: {error}"
    assert error["code"] == code, error
    text = error["message"]
    assert text and "\n" not in text and "Traceback" not in text, error
    for word in words:
        assert word in text, f"{word!r} not in {text!r}"
    if isinstance(message, dict):
        assert error["ref"] == ident, error
    time.sleep(QUIET)
    for label, viewer in table.viewers.items():
        with pytest.raises(TimeoutError):  # the refusal went to its sender only
            stray = viewer.receive_now()
            pytest.fail(f"{label} got {stray} after {sender.label}'s refused message")
    assert table.snapshots() == before, "a refusal changed the table"
    return error


def accepted(table: Table, sender: Viewer, message: Frame) -> dict[str, Frame]:
    """``message`` is handled: no error, and every viewer is sent the changed table."""
    before = table.snapshots()
    sender.send(message)
    after: dict[str, Frame] = {}
    for label, viewer in table.viewers.items():
        frame = viewer.receive()
        assert frame["type"] == "table", f"{label}: {message} got {frame}"
        after[label] = without_now(frame)
    table.settle()
    assert after != before, f"{message} changed nothing"
    return after


# --------------------------------------------------------------- the socket's own checks


def test_the_handshake_names_the_versions_and_refuses_anything_else_first(
    server: Server,
) -> None:
    room = home_room(server)
    open_room(server.app, room, RoomKind.HOME, room.table_size)
    url = server.socket_url(room.id)
    with connect(url, open_timeout=WAIT) as socket:
        socket.send(json.dumps({"type": "hello", "v": 2}))
        error = json.loads(socket.recv(timeout=WAIT))
        assert error["code"] == "version" and "version 1" in error["message"], error
        assert "version 2" in error["message"]
        with pytest.raises(ConnectionClosed) as closed:
            socket.recv(timeout=WAIT)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4001
    with connect(url, open_timeout=WAIT) as socket:
        socket.send(json.dumps({"type": "act", "id": "a1", "action": "fold"}))
        error = json.loads(socket.recv(timeout=WAIT))
        assert error["code"] == "hello" and '"hello"' in error["message"], error
        with pytest.raises(ConnectionClosed) as closed:
            socket.recv(timeout=WAIT)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4002
    with connect(server.socket_url("no-such-table"), open_timeout=WAIT) as socket:
        error = json.loads(socket.recv(timeout=WAIT))  # told at once, before any hello
        assert error["code"] == "unknown_room" and "no-such-table" in error["message"]
        with pytest.raises(ConnectionClosed) as closed:
            socket.recv(timeout=WAIT)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4004
    assert room.occupants == {}


def test_the_documented_hello_opens_a_table(server: Server) -> None:
    """docs/protocol.md's hello example is what the server's handshake takes."""
    docs = (Path(__file__).parents[2] / "docs" / "protocol.md").read_text()
    hello = next(line for line in docs.splitlines() if line.startswith('{"type": "hello"'))
    room = home_room(server)
    open_room(server.app, room, RoomKind.HOME, room.table_size)
    with connect(server.socket_url(room.id), open_timeout=WAIT) as socket:
        socket.send(hello)
        assert json.loads(socket.recv(timeout=WAIT))["type"] == "table"


# ------------------------------------------------------------- every message, accepted


def test_sit_leave_and_start_are_accepted_and_shown_to_everyone(server: Server) -> None:
    room = home_room(server, seats=3)
    table = table_of(server, room, RoomKind.HOME, 2)
    try:
        after = accepted(table, table["Ann"], {"type": "sit", "seat": 1})
        assert after["observer"]["seats"][0]["name"] == "Ann"
        after = accepted(table, table["Bob"], {"type": "sit", "seat": 3})
        assert after["visitor"]["seats"][2]["name"] == "Bob"
        after = accepted(table, table["Bob"], {"type": "leave"})
        assert after["Ann"]["seats"][2]["name"] is None
        accepted(table, table["Bob"], {"type": "sit", "seat": 2})
        after = accepted(table, table["Ann"], {"type": "start"})
        assert {frame["status"] for frame in after.values()} == {"playing"}
        assert after["visitor"]["hand"]["number"] == 1
    finally:
        table.close()


def test_act_preaction_sit_out_and_sit_in_are_accepted(home: Table) -> None:
    decider, waiter = home.decider(), home.waiter()
    after = accepted(home, waiter, {"type": "preaction", "kind": "call_any"})
    assert after[waiter.label]["you"]["preaction"] == "call_any"
    assert after["observer"]["you"]["preaction"] is None
    before_turn = decider.fresh()["hand"]["turn"]
    after = accepted(home, decider, {"type": "act", "action": "call", "turn": before_turn})
    assert after["observer"]["hand"]["turn"] != before_turn
    sitter = next(v for v in (home["Ann"], home["Bob"], home["Cyd"]) if v is not decider)
    after = accepted(home, sitter, {"type": "sit_out"})
    seat = after[sitter.label]["you"]["seat"]
    assert after["observer"]["seats"][seat - 1]["away"] is True
    after = accepted(home, sitter, {"type": "sit_in"})
    assert after["observer"]["seats"][seat - 1]["away"] is False


def test_show_and_muck_are_accepted_at_showdown(server: Server) -> None:
    """P-5: checked down heads-up, the first to show shows and the other mucks."""
    table = dealt_home_table(server, players=2)
    try:
        for _ in range(12):
            decider = table.decider()
            frame = decider.last
            assert frame is not None
            if frame["you"]["decision"] == "show":
                break
            actions = frame["you"]["actions"]
            accepted(
                table, decider, {"type": "act", "action": "check" if actions["check"] else "call"}
            )
        after = accepted(table, decider, {"type": "show"})
        seat = after[decider.label]["you"]["seat"]
        assert after["visitor"]["seats"][seat - 1]["shown"] is True
        other = table.decider()
        assert other.last is not None and other.last["you"]["may_muck"] is True
        after = accepted(table, other, {"type": "muck"})
        seat = after[other.label]["you"]["seat"]
        assert after["visitor"]["seats"][seat - 1]["mucked"] is True
        assert None in after["visitor"]["seats"][seat - 1]["cards"]  # never shown
    finally:
        table.close()


def test_draw_is_accepted_and_a_card_not_held_is_refused(server: Server) -> None:
    """V-8: the draw; a card not in one's hand is named in the refusal, nothing changes."""
    table = dealt_home_table(server, "draw", players=2)
    try:
        for _ in range(4):
            decider = table.decider()
            assert decider.last is not None
            if decider.last["you"]["decision"] == "draw":
                break
            actions = decider.last["you"]["actions"]
            accepted(
                table, decider, {"type": "act", "action": "check" if actions["check"] else "call"}
            )
        frame = decider.last
        assert frame is not None and frame["you"]["decision"] == "draw"
        mine = [c for c in frame["seats"][frame["you"]["seat"] - 1]["cards"] if c]
        stranger = next(
            f"{rank}{suit}"
            for rank in "23456789TJQKA"
            for suit in "cdhs"
            if f"{rank}{suit}" not in mine
        )
        refused(table, decider, {"type": "draw", "cards": [stranger]}, "not_in_hand", stranger)
        refused(table, decider, {"type": "act", "action": "check"}, "wrong_phase", "draw")
        after = accepted(table, decider, {"type": "draw", "cards": mine[:2]})
        seat = after["observer"]["seats"][frame["you"]["seat"] - 1]
        assert seat["drew"] is not None
    finally:
        table.close()


def test_cash_messages_are_accepted(server: Server) -> None:
    """Top up between hands, sit with a buy-in, post rather than wait for the big blind."""
    room = CashRoom(f"messages-{next(ROOM_NUMBERS)}", settings=CashSettings(), pause=0.0, seed=3)
    table = table_of(server, room, RoomKind.CASH, 3)
    try:
        after = accepted(table, table["Ann"], {"type": "sit", "seat": 1, "buy_in": 100})
        assert after["observer"]["seats"][0]["stack"] == 100
        after = accepted(table, table["Ann"], {"type": "top_up", "amount": 50})
        assert after["observer"]["seats"][0]["stack"] == 150
        table["Bob"].send({"type": "sit", "seat": 2, "buy_in": 200})
        table.settle(lambda: room.hand is not None)
        after = accepted(table, table["Cyd"], {"type": "sit", "seat": 4, "buy_in": 100})
        assert after["Cyd"]["you"]["cash"]["may_post"] is True
        after = accepted(table, table["Cyd"], {"type": "post"})
        assert after["observer"]["seats"][3]["state"] == "posting"
        after = accepted(table, table["Cyd"], {"type": "leave"})
        assert after["observer"]["seats"][3]["name"] is None
    finally:
        table.close()


# ------------------------------------------------------------------- every bad input

TOO_LARGE = json.dumps({"type": "act", "id": "big", "action": "fold", "pad": "x" * 5000})


@pytest.mark.parametrize(
    ("message", "code", "words"),
    [
        ('{"type": "act", "action": "fold"', "malformed", ("not valid JSON",)),
        ('["act", "fold"]', "not_object", ("JSON object",)),
        ('"fold"', "not_object", ("JSON object",)),
        ("17", "not_object", ("JSON object",)),
        ('{"type": "act", "action": "fold"}', "no_id", ('"id"',)),
        ('{"type": "act", "id": "", "action": "fold"}', "no_id", ('"id"',)),
        (json.dumps({"type": "act", "id": "x" * 65, "action": "fold"}), "bad_id", ("64",)),
        ('{"type": 3, "id": "t"}', "no_type", ('"type"',)),
        (TOO_LARGE, "too_large", ("4096",)),
        (b'{"type": "act"}', "binary", ("text",)),
        ("NaN", "malformed", ("JSON",)),
    ],
)
def test_unreadable_messages_are_refused_and_change_nothing(
    refusing_home: Table, message: str | bytes, code: str, words: tuple[str, ...]
) -> None:
    refused(refusing_home, refusing_home.decider(), message, code, *words)


@pytest.mark.parametrize(
    ("message", "code", "words"),
    [
        ({"type": "dance"}, "unknown_type", ("'dance'", "act", "preaction")),
        ({"action": "fold"}, "no_type", ('"type"',)),
        ({"type": "act"}, "missing_field", ("'action'",)),
        ({"type": "act", "action": "fold", "seat": 2}, "extra_field", ("'seat'", "action")),
        ({"type": "act", "action": "fold", "user": 2}, "extra_field", ("'user'",)),
        ({"type": "act", "action": "fold", "as": "Bob"}, "extra_field", ("'as'",)),
        ({"type": "act", "action": "raise", "amount": "ten"}, "wrong_type", ("whole number",)),
        ({"type": "act", "action": "raise", "amount": True}, "wrong_type", ("whole number",)),
        ({"type": "act", "action": "raise", "amount": 6.5}, "wrong_type", ("whole number",)),
        ({"type": "act", "action": "allin"}, "bad_value", ("fold", "raise", "'allin'")),
        ({"type": "act", "action": "raise"}, "amount", ("needs an 'amount'",)),
        ({"type": "act", "action": "fold", "amount": 4}, "amount", ("takes no 'amount'",)),
        ({"type": "act", "action": "call", "turn": "0.0"}, "stale", ("0.0", "decide again")),
        ({"type": "act", "action": "check"}, "not_allowed", ("fold", "call 2")),
        ({"type": "act", "action": "bet", "amount": 6}, "not_allowed", ("may not bet",)),
        ({"type": "draw", "cards": ["Xx"]}, "bad_card", ("'Xx' is not a card",)),
        ({"type": "draw", "cards": ["As", "As"]}, "bad_card", ("named twice",)),
        ({"type": "draw", "cards": "As Kd"}, "wrong_type", ("list of cards",)),
        ({"type": "draw", "cards": ["2c", "3c", "4c", "5c", "6c", "7c"]}, "bad_value", ()),
        ({"type": "draw", "cards": []}, "wrong_phase", ("to act, not to draw",)),
        ({"type": "show"}, "wrong_phase", ("to act, not to show",)),
        ({"type": "muck"}, "wrong_phase", ("to act",)),
        ({"type": "preaction", "kind": "call_any"}, "your_turn", ("act now",)),
        ({"type": "preaction", "kind": "maybe"}, "bad_value", ("check_fold", "'maybe'")),
        ({"type": "sit", "seat": 4}, "started", ("started",)),
        ({"type": "sit", "seat": "one"}, "wrong_type", ("whole number",)),
        ({"type": "sit", "seat": 11}, "bad_value", ("1-10",)),
        ({"type": "sit", "seat": 4, "buy_in": 100}, "buy_in", ("same stack",)),
        ({"type": "leave"}, "started", ("sit_out",)),
        ({"type": "start"}, "started", ("already started",)),
        ({"type": "sit_in"}, "sitting_in", ("already playing",)),
        ({"type": "top_up", "amount": 50}, "not_cash", ("cash tables",)),
        ({"type": "post"}, "not_cash", ("cash tables",)),
    ],
)
def test_bad_messages_of_the_player_to_act_are_refused(
    refusing_home: Table, message: Frame, code: str, words: tuple[str, ...]
) -> None:
    """A-2, A-8: the line names what was wrong and what is allowed; nothing changes."""
    refused(refusing_home, refusing_home.decider(), message, code, *words)


def test_an_amount_outside_the_range_names_the_range(home: Table) -> None:
    """A-8: below the minimum raise and above the stack, the refusal names the range."""
    decider = home.decider()
    assert decider.last is not None
    sized = decider.last["you"]["actions"]["raise_to"]
    legal = f"{amount_text(sized['min'])}-{amount_text(sized['max'])}"
    for amount in (sized["min"] - 1, sized["max"] + 1, 0, 10**9):
        message = {"type": "act", "action": sized["word"], "amount": amount}
        refused(home, decider, message, "amount", legal, amount_text(amount))  # 1,000,000,000


def test_acting_out_of_turn_names_the_player_to_act(home: Table) -> None:
    """A-2: nobody acts for another seat, not even by saying which seat he means."""
    decider, waiter = home.decider(), home.waiter()
    assert decider.last is not None
    name = decider.label
    for message in (
        {"type": "act", "action": "fold"},
        {"type": "act", "action": "call"},
        {"type": "show"},
        {"type": "draw", "cards": []},
    ):
        refused(home, waiter, message, "out_of_turn", f"{name}'s turn")
    seat = decider.last["you"]["seat"]
    refused(home, waiter, {"type": "act", "action": "fold", "seat": seat}, "extra_field", "'seat'")


def test_observers_and_visitors_only_watch(home: Table) -> None:
    observer, visitor = home["observer"], home["visitor"]
    refused(home, observer, {"type": "act", "action": "fold"}, "not_seated", "no seat")
    refused(home, observer, {"type": "preaction", "kind": "fold_any"}, "not_seated", "no seat")
    refused(home, observer, {"type": "sit_out"}, "not_seated", "no seat")
    refused(home, visitor, {"type": "sit", "seat": 4}, "not_seated", "sign in")
    refused(home, visitor, {"type": "act", "action": "fold"}, "not_seated", "sign in")
    refused(home, visitor, {"type": "start"}, "not_seated", "sign in")


def test_a_replayed_message_is_dropped(home: Table) -> None:
    """A resend (a reconnect, another tab) never acts twice: same id, nothing happens."""
    waiter = home.waiter()
    accepted(home, waiter, {"type": "preaction", "kind": "fold_any"})
    first = waiter.ids[-1]
    clear = {"type": "preaction", "kind": "clear"}
    refused(home, waiter, clear, "duplicate", first, "already handled", ident=first)
    refused(home, waiter, {"type": "act", "action": "fold"}, "duplicate", first, ident=first)


def test_a_second_tab_shares_the_players_message_ids(home: Table, server: Server) -> None:
    """The same player's second tab shares his message ids: a replay from it is dropped."""
    waiter = home.waiter()
    account = next(a for a in server.accounts if a.name == waiter.label)
    tab = open_viewer(home.sockets, server, home.room, f"{waiter.label} (tab 2)", account)
    home.viewers[tab.label] = tab
    accepted(home, waiter, {"type": "preaction", "kind": "fold_any"})
    clear = {"type": "preaction", "kind": "clear"}
    refused(home, tab, clear, "duplicate", waiter.ids[-1], ident=waiter.ids[-1])


def bad_cash_messages(table: Table) -> list[tuple[Viewer, Frame, str, tuple[str, ...]]]:
    ann, dee = table["Ann"], table["observer"]
    return [
        (dee, {"type": "sit", "seat": 3}, "buy_in", ("80 to 200",)),
        (dee, {"type": "sit", "seat": 3, "buy_in": 1000}, "buy_in", ("80 to 200", "1000")),
        (dee, {"type": "sit", "seat": 3, "buy_in": 79}, "buy_in", ("80 to 200",)),
        (dee, {"type": "sit", "seat": 9, "buy_in": 100}, "seat", ("seats 1-6",)),
        (dee, {"type": "sit", "seat": 1, "buy_in": 100}, "seat_taken", ("free: 3",)),
        (dee, {"type": "top_up", "amount": 10}, "not_seated", ("80 to 200",)),
        (dee, {"type": "leave"}, "not_seated", ("no seat",)),
        (ann, {"type": "top_up", "amount": 10}, "in_hand", ("between hands",)),
        (ann, {"type": "top_up", "amount": -5}, "in_hand", ()),
        (ann, {"type": "top_up", "amount": "ten"}, "wrong_type", ("whole number",)),
        (ann, {"type": "post"}, "post", ("not waiting",)),
        (ann, {"type": "start"}, "no_start", ("by itself",)),
        (ann, {"type": "sit", "seat": 3, "buy_in": 100}, "seated", ("seat 1",)),
        (ann, {"type": "sit_in"}, "sitting_in", ("already playing",)),
        (table["visitor"], {"type": "sit", "seat": 3, "buy_in": 100}, "not_seated", ("sign in",)),
    ]


def test_bad_cash_messages_are_refused_and_change_nothing(cash: Table) -> None:
    """The buy-in range, the seats, top-ups only between hands (H-2), no start."""
    for sender, message, code, words in bad_cash_messages(cash):
        refused(cash, sender, message, code, *words)


def test_a_top_up_over_the_maximum_names_what_may_be_added(server: Server) -> None:
    room = CashRoom(f"messages-{next(ROOM_NUMBERS)}", settings=CashSettings(), seed=3)
    table = table_of(server, room, RoomKind.CASH, 1)
    try:
        accepted(table, table["Ann"], {"type": "sit", "seat": 1, "buy_in": 150})
        refused(table, table["Ann"], {"type": "top_up", "amount": 51}, "top_up", "1 to 50")
        refused(table, table["Ann"], {"type": "top_up", "amount": 0}, "top_up", "1 to 50")
        refused(table, table["Ann"], {"type": "post"}, "post", "nothing to post")
    finally:
        table.close()
