"""The table sockets at the server's edge: handshake, bad input, replays, broadcast, clock.

A fake room stands in for the real ones: its snapshot carries a secret per viewer, so a test
can prove that a frame built for one viewer never reaches another's socket (X-4).
"""

from __future__ import annotations

import logging
import time
from collections.abc import AsyncIterator, Callable, Iterator, Mapping
from contextlib import asynccontextmanager
from typing import Any
from urllib.parse import parse_qs

import pytest
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.testclient import TestClient
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocketDisconnect

from pokerroom.room.flood import FloodLimit
from pokerroom.room.hub import Hub, SocketSettings
from pokerroom.room.seam import USER_SCOPE_KEY, Outcome, User
from pokerroom.web.table_socket import CloseCode, table_route

ANN = User(1, "Ann")
BOB = User(2, "Bob")
CY = User(3, "Cy")
ROBO = User(4, "Robo", frozenset({"player", "bot"}))
USERS = {user.name: user for user in (ANN, BOB, CY, ROBO)}
HELLO = {"type": "hello", "v": 1}

Frame = dict[str, Any]


class FakeClock:
    """Time that moves only when a test says so."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class FakeRoom:
    """A room whose snapshot carries the viewer's own secret and a counter anyone seated bumps."""

    def __init__(self, room_id: str, seated: frozenset[int] = frozenset({1, 2})) -> None:
        self.id = room_id
        self.seated = seated
        self.counter = 0
        self.present: set[str] = set()
        self.presence_calls: list[tuple[str, bool]] = []
        self.handled: list[tuple[str | None, str]] = []
        self.due: float | None = None
        self.ticked: list[float] = []
        self.built_for: list[str | None] = []

    def snapshot(self, viewer: User | None) -> Mapping[str, object]:
        name = None if viewer is None else viewer.name
        self.built_for.append(name)
        return {
            "type": "table",
            "v": 1,
            "room": self.id,
            "viewer": name,
            "secret": None if name is None else f"hole-cards-of-{name}",
            "counter": self.counter,
            "present": sorted(self.present),
            "ticks": len(self.ticked),
        }

    def handle(self, sender: User | None, message: Mapping[str, object], now: float) -> Outcome:
        self.handled.append((None if sender is None else sender.name, str(message["id"])))
        kind = message["type"]
        if sender is None or sender.id not in self.seated:
            return Outcome(False, "only a seated player may act", "not_seated")
        if kind == "bump":
            self.counter += 1
            return Outcome(True)
        if kind == "deadline":
            at = message["at"]
            assert isinstance(at, float)
            self.due = at
            return Outcome(True)
        if kind == "explode":
            raise ValueError("As Kd is not in the deck")
        return Outcome(False, f"unknown message type {kind!r}", "unknown_type")

    def tick(self, now: float) -> bool:
        self.ticked.append(now)
        self.due = None
        return True

    def deadline(self) -> float | None:
        return self.due

    def presence(self, user: User, connected: bool, now: float) -> bool:
        self.presence_calls.append((user.name, connected))
        if user.id not in self.seated:
            return False
        (self.present.add if connected else self.present.discard)(user.name)
        return True


class AsUser:
    """The tests' authentication: ``?as=Ann`` signs the socket in as Ann."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            name = parse_qs(scope["query_string"].decode()).get("as", [""])[0]
            scope = {**scope, USER_SCOPE_KEY: USERS.get(name)}
        await self.app(scope, receive, send)


def serve(
    *rooms: FakeRoom,
    clock: Callable[[], float] | None = None,
    settings: SocketSettings | None = None,
) -> tuple[Starlette, Hub]:
    registry = {room.id: room for room in rooms}
    hub = Hub(registry, clock=clock or FakeClock(), settings=settings)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        async with hub.running():
            yield

    app = Starlette(routes=[table_route(hub)], middleware=[Middleware(AsUser)], lifespan=lifespan)
    return app, hub


@pytest.fixture
def room() -> FakeRoom:
    return FakeRoom("t1")


@pytest.fixture
def client(room: FakeRoom) -> Iterator[TestClient]:
    app, _ = serve(room)
    with TestClient(app) as test_client:
        yield test_client


def url(room_id: str = "t1", user: User | None = None) -> str:
    return f"/ws/tables/{room_id}" + ("" if user is None else f"?as={user.name}")


def frames_until_barrier(ws: Any) -> list[Frame]:
    """Every frame queued for this socket so far: send bad JSON and read up to its error."""
    ws.send_text("{")
    frames: list[Frame] = []
    while True:
        frame = ws.receive_json()
        if frame["type"] == "error" and frame["code"] == "malformed":
            return frames
        frames.append(frame)


def joined(ws: Any) -> Frame:
    """Say hello; the first frame back is the current table."""
    ws.send_json(HELLO)
    frame: Frame = ws.receive_json()
    assert frame["type"] == "table"
    return frame


def closed_with(ws: Any) -> WebSocketDisconnect:
    with pytest.raises(WebSocketDisconnect) as raised:
        ws.receive_json()
    return raised.value


# --- the handshake ---------------------------------------------------------------------------


def test_hello_gets_the_current_table_at_once(client: TestClient) -> None:
    with client.websocket_connect(url(user=ANN)) as ws:
        frame = joined(ws)
    assert frame == {
        "type": "table",
        "v": 1,
        "room": "t1",
        "viewer": "Ann",
        "secret": "hole-cards-of-Ann",
        "counter": 0,
        "present": ["Ann"],
        "ticks": 0,
        "now": 0.0,
    }


def test_another_protocol_version_is_told_both_versions_and_closed(
    client: TestClient, room: FakeRoom
) -> None:
    with client.websocket_connect(url(user=ANN)) as ws:
        ws.send_json({"type": "hello", "v": 2})
        error = ws.receive_json()
        closed = closed_with(ws)
    assert error["type"] == "error" and error["code"] == "version"
    assert "version 1" in error["message"] and "version 2" in error["message"]
    assert closed.code == 4001
    assert room.built_for == []


@pytest.mark.parametrize(("given", "shown"), [("1", '"1"'), (True, "true"), (1.5, "1.5")])
def test_a_version_that_is_not_the_number_1_is_shown_as_sent(
    client: TestClient, given: object, shown: str
) -> None:
    with client.websocket_connect(url(user=ANN)) as ws:
        ws.send_json({"type": "hello", "v": given})
        error = ws.receive_json()
        closed = closed_with(ws)
    assert f"the client sent version {shown}:" in error["message"]
    assert closed.code == 4001 and closed.reason == f"version {shown} is not 1"


@pytest.mark.parametrize("first", ['{"type": "bump", "id": "m1"}', "not json", '{"type": "hello"}'])
def test_anything_but_hello_first_closes_the_socket(
    client: TestClient, room: FakeRoom, first: str
) -> None:
    with client.websocket_connect(url(user=ANN)) as ws:
        ws.send_text(first)
        error = ws.receive_json()
        closed = closed_with(ws)
    assert error["code"] == "hello" and '"hello"' in error["message"]
    assert closed.code == CloseCode.HELLO
    assert room.handled == [] and room.counter == 0


def test_a_silent_client_is_closed_after_the_hello_time(room: FakeRoom) -> None:
    app, _ = serve(room, settings=SocketSettings(hello_seconds=0.05))
    with TestClient(app) as client, client.websocket_connect(url(user=ANN)) as ws:
        error = ws.receive_json()
        closed = closed_with(ws)
    assert error["code"] == "hello" and closed.code == CloseCode.HELLO


def test_an_unknown_room_is_named_and_closed(client: TestClient) -> None:
    with client.websocket_connect(url("nowhere", ANN)) as ws:
        error = ws.receive_json()
        closed = closed_with(ws)
    assert error["code"] == "unknown_room" and "'nowhere'" in error["message"]
    assert closed.code == 4004 and closed.reason == "unknown table"


def test_another_sites_page_cannot_open_a_players_socket(
    client: TestClient, room: FakeRoom
) -> None:
    """A-2: the session cookie alone must not let evil.example act for Ann."""
    with client.websocket_connect(url(user=ANN), headers={"origin": "https://evil.example"}) as ws:
        error = ws.receive_json()
        closed = closed_with(ws)
    assert error["code"] == "origin" and closed.code == CloseCode.ORIGIN
    assert room.built_for == [] and room.presence_calls == []
    with client.websocket_connect(url(user=ANN), headers={"origin": "http://testserver"}) as ws:
        assert joined(ws)["viewer"] == "Ann"


# --- bad input changes nothing ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("{not json", "malformed"),
        ("NaN", "malformed"),
        ("[" * 4000, "malformed"),
        ("[" * 5000, "too_large"),
        ("[1, 2]", "not_object"),
        ('"bump"', "not_object"),
        ('{"id": "m1"}', "no_type"),
        ('{"type": 7, "id": "m1"}', "no_type"),
        ('{"type": "bump"}', "no_id"),
        ('{"type": "bump", "id": 7}', "no_id"),
        ('{"type": "bump", "id": ""}', "no_id"),
        ('{"type": "bump", "id": "' + "x" * 65 + '"}', "bad_id"),
    ],
)
def test_bad_input_gets_one_error_and_the_connection_stays_open(
    client: TestClient, room: FakeRoom, text: str, code: str
) -> None:
    with client.websocket_connect(url(user=ANN)) as ws:
        joined(ws)
        ws.send_text(text)
        error = ws.receive_json()
        assert error["type"] == "error" and error["v"] == 1 and error["code"] == code
        assert "\n" not in error["message"] and "Traceback" not in error["message"]
        ws.send_json({"type": "bump", "id": "after"})
        assert ws.receive_json()["counter"] == 1
    assert room.handled == [("Ann", "after")]


def test_a_binary_frame_is_refused(client: TestClient) -> None:
    with client.websocket_connect(url(user=ANN)) as ws:
        joined(ws)
        ws.send_bytes(b'{"type": "bump", "id": "m1"}')
        assert ws.receive_json()["code"] == "binary"


def test_a_replayed_id_is_dropped_and_changes_nothing(client: TestClient, room: FakeRoom) -> None:
    with client.websocket_connect(url(user=ANN)) as ws:
        joined(ws)
        ws.send_json({"type": "bump", "id": "m1"})
        assert ws.receive_json()["counter"] == 1
        ws.send_json({"type": "bump", "id": "m1"})
        error = ws.receive_json()
        assert frames_until_barrier(ws) == []
    assert error == {
        "type": "error",
        "v": 1,
        "code": "duplicate",
        "message": "message 'm1' was already handled",
        "ref": "m1",
    }
    assert room.counter == 1 and room.handled == [("Ann", "m1")]


def test_a_message_dropped_by_the_rate_limit_may_be_sent_again_with_its_id(room: FakeRoom) -> None:
    clock = FakeClock()
    app, _ = serve(room, clock=clock, settings=SocketSettings(flood=FloodLimit(1.0, 1, 5)))
    with TestClient(app) as client, client.websocket_connect(url(user=ANN)) as ws:
        joined(ws)
        ws.send_json({"type": "bump", "id": "m1"})
        assert ws.receive_json()["counter"] == 1
        ws.send_json({"type": "bump", "id": "m2"})
        assert ws.receive_json()["code"] == "rate_limit"
        clock.now = 1.0
        ws.send_json({"type": "bump", "id": "m2"})
        assert ws.receive_json()["counter"] == 2


def test_a_replay_after_a_reconnect_or_from_another_tab_is_dropped_too(
    client: TestClient, room: FakeRoom
) -> None:
    with client.websocket_connect(url(user=ANN)) as ws:
        joined(ws)
        ws.send_json({"type": "bump", "id": "m1"})
        ws.receive_json()
    with client.websocket_connect(url(user=ANN)) as ws:
        assert joined(ws)["counter"] == 1
        ws.send_json({"type": "bump", "id": "m1"})
        assert ws.receive_json()["code"] == "duplicate"
    with client.websocket_connect(url(user=BOB)) as ws:
        joined(ws)
        ws.send_json({"type": "bump", "id": "m1"})
        assert ws.receive_json()["counter"] == 2
    assert room.counter == 2


def test_a_room_failure_reaches_the_client_as_one_line_and_the_log_names_no_card(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.ERROR), client.websocket_connect(url(user=ANN)) as ws:
        joined(ws)
        ws.send_json({"type": "explode", "id": "m1"})
        error = ws.receive_json()
    assert error["code"] == "server_error" and error["ref"] == "m1"
    assert "As" not in error["message"] and "deck" not in error["message"]
    assert "ValueError at" in caplog.text and "handle" in caplog.text
    assert "As Kd" not in caplog.text and "deck" not in caplog.text


# --- refusals, broadcast and viewers ---------------------------------------------------------


def test_a_refusal_reaches_only_its_sender(client: TestClient, room: FakeRoom) -> None:
    with (
        client.websocket_connect(url(user=ANN)) as ann,
        client.websocket_connect(url(user=BOB)) as bob,
        client.websocket_connect(url()) as observer,
    ):
        for ws in (ann, bob, observer):
            joined(ws)
        frames_until_barrier(ann)  # Bob's arrival
        observer.send_json({"type": "bump", "id": "o1"})
        refusal = observer.receive_json()
        ann.send_json({"type": "wave", "id": "a1"})
        unknown = ann.receive_json()
        assert frames_until_barrier(ann) == []
        assert frames_until_barrier(bob) == []
        assert frames_until_barrier(observer) == []
    assert refusal == {
        "type": "error",
        "v": 1,
        "code": "not_seated",
        "message": "only a seated player may act",
        "ref": "o1",
    }
    assert unknown["code"] == "unknown_type" and unknown["ref"] == "a1"
    assert room.counter == 0


def test_a_change_reaches_every_connection_each_with_its_own_viewers_frame(
    client: TestClient, room: FakeRoom
) -> None:
    """X-4: Ann's secret never arrives on Bob's or the observer's socket, and the reverse."""
    received: dict[str, list[Frame]] = {"Ann": [], "Bob": [], "observer": []}
    with (
        client.websocket_connect(url(user=ANN)) as ann,
        client.websocket_connect(url(user=BOB)) as bob,
        client.websocket_connect(url()) as observer,
    ):
        sockets = {"Ann": ann, "Bob": bob, "observer": observer}
        for name, ws in sockets.items():
            received[name].append(joined(ws))
        for round_ in range(3):
            sender = "Ann" if round_ % 2 == 0 else "Bob"
            sockets[sender].send_json({"type": "bump", "id": f"m{round_}"})
            received[sender].extend(frames_until_barrier(sockets[sender]))
            for name, ws in sockets.items():
                if name != sender:
                    received[name].extend(frames_until_barrier(ws))
    for name, frames in received.items():
        assert frames[-1]["counter"] == 3
        viewer = None if name == "observer" else name
        assert {frame["viewer"] for frame in frames} == {viewer}
        text = repr(frames)
        for other in ("Ann", "Bob", "Cy"):
            if other != viewer:
                assert f"hole-cards-of-{other}" not in text


def test_two_tabs_of_one_user_both_get_his_frame_and_presence_counts_him_once(
    client: TestClient, room: FakeRoom
) -> None:
    with client.websocket_connect(url()) as observer:
        assert joined(observer)["present"] == []
        with client.websocket_connect(url(user=ANN)) as tab1:
            joined(tab1)
            assert [frame["present"] for frame in frames_until_barrier(observer)] == [["Ann"]]
            with client.websocket_connect(url(user=ANN)) as tab2:
                assert joined(tab2)["secret"] == "hole-cards-of-Ann"
                assert frames_until_barrier(observer) == []
                tab2.send_json({"type": "bump", "id": "m1"})
                assert tab2.receive_json()["counter"] == 1
                in_tab1 = tab1.receive_json()
                assert in_tab1["counter"] == 1 and in_tab1["secret"] == "hole-cards-of-Ann"
            assert room.presence_calls == [("Ann", True)]
            assert [frame["counter"] for frame in frames_until_barrier(observer)] == [1]
        assert [frame["present"] for frame in frames_until_barrier(observer)] == [[]]
    assert room.presence_calls == [("Ann", True), ("Ann", False)]


def test_presence_is_asked_for_every_signed_in_user_but_only_a_seated_one_changes_the_table(
    client: TestClient, room: FakeRoom
) -> None:
    with client.websocket_connect(url(user=ANN)) as ann:
        joined(ann)
        with client.websocket_connect(url(user=CY)) as cy:
            assert joined(cy)["present"] == ["Ann"]
        assert frames_until_barrier(ann) == []
    assert room.presence_calls == [("Ann", True), ("Cy", True), ("Cy", False), ("Ann", False)]


def test_a_reload_gets_the_current_table_and_a_later_hello_resends_it(
    client: TestClient, room: FakeRoom
) -> None:
    with client.websocket_connect(url(user=ANN)) as ws:
        joined(ws)
        for n in range(3):
            ws.send_json({"type": "bump", "id": f"m{n}"})
            ws.receive_json()
    with client.websocket_connect(url(user=ANN)) as ws:
        assert joined(ws)["counter"] == 3
        ws.send_json(HELLO)
        assert ws.receive_json()["counter"] == 3


def test_a_burst_of_changes_sends_every_viewer_the_latest_table(room: FakeRoom) -> None:
    app, hub = serve(room)
    with TestClient(app) as client, client.websocket_connect(url(user=BOB)) as bob:
        joined(bob)
        assert hub.watchers("t1") == 1
        for _ in range(5):
            room.counter += 1
            hub.room_changed("t1")
        frames = frames_until_barrier(bob)
    assert frames[-1]["counter"] == 5 and len(frames) <= 5
    assert hub.watchers("t1") == 0


# --- the clock -------------------------------------------------------------------------------


def test_the_ticker_fires_a_deadline_when_the_clock_reaches_it(room: FakeRoom) -> None:
    clock = FakeClock()
    room.due = 30.0
    other = FakeRoom("t2")
    app, hub = serve(room, other, clock=clock)
    with TestClient(app) as client, client.websocket_connect(url(user=ANN)) as ws:
        joined(ws)
        hub.room_changed("t2")  # wakes the clock: nothing is due yet
        assert frames_until_barrier(ws) == []
        clock.now = 30.0
        hub.room_changed("t2")
        frame = ws.receive_json()
    assert frame["ticks"] == 1 and room.ticked == [30.0] and other.ticked == []


def test_a_message_that_moves_the_deadline_wakes_the_clock(room: FakeRoom) -> None:
    clock = FakeClock()
    clock.now = 5.0
    app, _ = serve(room, clock=clock)
    with TestClient(app) as client, client.websocket_connect(url(user=ANN)) as ws:
        joined(ws)
        ws.send_json({"type": "deadline", "id": "m1", "at": 5.0})
        frames = [ws.receive_json()]
        while frames[-1]["ticks"] == 0 and len(frames) < 3:
            frames.append(ws.receive_json())
    assert frames[-1]["ticks"] == 1 and room.ticked == [5.0]


def test_the_ticker_sleeps_until_a_deadline_on_the_real_clock(room: FakeRoom) -> None:
    due = room.due = time.monotonic() + 0.05
    app, _ = serve(room, clock=time.monotonic)
    with TestClient(app) as client, client.websocket_connect(url(user=ANN)) as ws:
        assert joined(ws)["ticks"] == 0
        assert ws.receive_json()["ticks"] == 1
    assert len(room.ticked) == 1 and due <= room.ticked[0] < due + 1.0


# --- flood -----------------------------------------------------------------------------------


@pytest.mark.parametrize("user", [ANN, ROBO], ids=["person", "bot account"])
def test_a_flood_gets_error_frames_then_the_socket_closes(room: FakeRoom, user: User) -> None:
    """A bot account is held to the same rate limit as a person: no exemption."""
    room.seated = frozenset({ANN.id, ROBO.id})
    limit = FloodLimit(rate=1.0, burst=3, strikes=4)
    app, _ = serve(room, settings=SocketSettings(flood=limit))
    with TestClient(app) as client, client.websocket_connect(url(user=user)) as ws:
        joined(ws)
        for n in range(3 + 4):
            ws.send_json({"type": "bump", "id": f"m{n}"})
        frames: list[Frame] = []
        with pytest.raises(WebSocketDisconnect) as closed:
            while len(frames) < 20:
                frames.append(ws.receive_json())
    tables = [frame["counter"] for frame in frames if frame["type"] == "table"]
    errors = [frame["code"] for frame in frames if frame["type"] == "error"]
    refs = [frame["ref"] for frame in frames if frame["type"] == "error"]
    assert tables[-1] == 3 and errors == ["rate_limit"] * 3 + ["flood"]
    assert refs == ["m3", "m4", "m5", "m6"]
    assert closed.value.code == CloseCode.FLOOD and room.counter == 3 and len(room.handled) == 3
