"""A table socket's frames written straight to uvicorn's protocol (:mod:`pokerroom.web.frame_lane`).

Over a real server (uvicorn's WebSocket protocol, as ``pokerroom serve`` runs it), a frame
is written at once while the client reads, and by the awaited ``send`` while it does not:
a client that stops reading fills the socket's buffers, the protocol stops taking frames at
once, and when the client reads again every frame it gets is whole and in the order built.
"""

from __future__ import annotations

import json
import socket
import time
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.websockets import WebSocket
from websockets.client import ClientProtocol
from websockets.frames import Frame, Opcode
from websockets.http11 import Response
from websockets.uri import parse_uri

from pokerroom.room.hub import Hub
from pokerroom.room.registry import RoomKind
from pokerroom.web import table_socket
from pokerroom.web.frame_lane import FrameWriter, frame_writer
from tests.web.test_wire_messages import WAIT, home_room
from tests.web.wire import Server, open_room, served_cardroom

MOST_CHANGES = 40_000
"""Room changes made, at most, while the client does not read: each a frame of about
1.5 KB; the loopback socket's buffers and the protocol's high-water mark take some MB."""


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    with served_cardroom(("Ann", "Bob")) as served:
        yield served


@pytest.fixture
def writes(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """How each frame was written: ``now`` (straight to the protocol) or ``awaited``."""
    counted: Counter[str] = Counter()

    def counting(websocket: WebSocket) -> FrameWriter:
        lane = frame_writer(websocket)
        now = lane.now
        assert now is not None, "under uvicorn's protocol frames are written at once"

        def counted_now(data: bytes) -> bool:
            written = now(data)
            counted["now" if written else "awaited"] += 1
            return written

        return FrameWriter(lane.send, counted_now)

    monkeypatch.setattr(table_socket, "frame_writer", counting)
    return counted


def test_frames_go_straight_to_the_protocol_and_wait_for_a_client_that_stopped_reading(
    server: Server, writes: Counter[str]
) -> None:
    room = home_room(server, seats=2)
    open_room(server.app, room, RoomKind.HOME, room.table_size)
    hub: Hub = server.app.state.hub
    with Page(server.socket_url(room.id)) as page:
        first, *early = page.frames(1)  # one read may bring more than one
        assert first["room"] == room.id and writes["now"] >= 1
        for _ in range(MOST_CHANGES):  # from this thread, as the writer's thread tells it
            if writes["awaited"]:
                break
            hub.room_changed(room.id)
            time.sleep(0.0002)  # let the loop's thread write each one before the next
        assert writes["awaited"], f"the socket never stopped taking frames at once: {writes}"
        for _ in range(50):  # more changes while it waits: its next frames cover them
            hub.room_changed(room.id)
        frames = early + page.frames()
    assert all(frame["type"] == "table" and frame["room"] == room.id for frame in frames)
    stamps = [first["now"]] + [frame["now"] for frame in frames]
    assert stamps == sorted(stamps) and len(set(stamps)) == len(stamps), "out of order"
    assert len(frames) > writes["now"] - 1  # every frame written reached the page


class Page:
    """A table page over a raw socket that reads only when told (``websockets``' own
    client reads ahead into memory): a small receive buffer, so the server's side fills."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.protocol = ClientProtocol(parse_uri(url))
        self.socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # before connect

    def __enter__(self) -> Page:
        host, port = self.url.split("//", 1)[1].split("/", 1)[0].split(":")
        self.socket.connect((host, int(port)))
        self.socket.settimeout(WAIT)
        self.protocol.send_request(self.protocol.connect())
        self._flush()
        while self.protocol.handshake_exc is None and not self._opened():
            self.protocol.receive_data(self.socket.recv(65536))
        assert self.protocol.handshake_exc is None, self.protocol.handshake_exc
        self.protocol.send_text(json.dumps({"type": "hello", "v": 1}).encode())
        self._flush()
        return self

    def __exit__(self, *_exc: object) -> None:
        self.socket.close()

    def _opened(self) -> bool:
        return any(isinstance(event, Response) for event in self.protocol.events_received())

    def _flush(self) -> None:
        for data in self.protocol.data_to_send():
            self.socket.sendall(data)

    def frames(self, count: int | None = None) -> list[dict[str, Any]]:
        """``count`` text frames, or all that come until a second passes without one."""
        read: list[dict[str, Any]] = []
        self.socket.settimeout(WAIT if count is not None else 1.0)
        while count is None or len(read) < count:
            try:
                data = self.socket.recv(65536)
            except TimeoutError:
                break
            self.protocol.receive_data(data)
            read += [
                json.loads(bytes(event.data))
                for event in self.protocol.events_received()
                if isinstance(event, Frame) and event.opcode is Opcode.TEXT
            ]
        return read


def test_a_socket_outside_the_frame_lane_is_written_by_starlette() -> None:
    """An app not under the lane's middleware (a test client) sends its frames as text."""

    async def receive() -> dict[str, object]:
        return {"type": "websocket.connect"}

    async def send(_message: object) -> None:
        return None

    websocket = WebSocket({"type": "websocket", "path": "/", "headers": []}, receive, send)
    lane = frame_writer(websocket)
    assert lane.now is None and lane.send == websocket.send_text
