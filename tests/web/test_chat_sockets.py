"""Chat over real table sockets (uvicorn, ``websockets``): each socket gets the chat its
viewer may read — a player never the observers' channel, a watcher both, the host the
moderation, nobody else — and a refusal reaches its sender alone, naming the limit."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import pytest
from websockets.sync.client import ClientConnection

from pokerroom.room import HomeRoom
from pokerroom.room.registry import LobbyEntry, RoomKind
from tests.web.test_observers import WAIT, next_table, socket_of
from tests.web.wire import Server, served_cardroom


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    with served_cardroom(("Ann", "Bob", "Cyd")) as served:
        yield served


def chat_of(socket: ClientConnection, lines: int) -> dict[str, Any]:
    """The chat of the first table frame holding ``lines`` lines."""
    for _ in range(50):
        chat: dict[str, Any] = next_table(socket)["chat"]
        if len(chat["lines"]) == lines:
            return chat
    pytest.fail(f"no frame with {lines} chat lines")


def refusal(
    socket: ClientConnection, ref: str, chats: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    """The refusal of message ``ref``; the chat of each table frame before it is added to
    ``chats``."""
    for _ in range(50):
        frame: dict[str, Any] = json.loads(socket.recv(timeout=WAIT))
        if frame["type"] == "error":
            assert frame["ref"] == ref
            return frame
        if chats is not None and frame["type"] == "table":
            chats.append(frame["chat"])
    pytest.fail("no refusal")


def test_each_socket_reads_only_the_chat_its_viewer_may(server: Server) -> None:
    ann, bob, cyd = server.accounts  # Ann hosts and plays, Bob plays, Cyd watches
    room = HomeRoom("chat-sockets", seats=4, host=ann.user, seed=2)
    entry = LobbyEntry(room.id, "NLHE", "1/2", 0, 4, RoomKind.HOME, host_id=ann.user)
    server.app.state.cardroom.registry.add(room, entry)
    with ExitStack() as stack:
        sockets = {
            who.name: stack.enter_context(socket_of(server, room.id, who))
            for who in (ann, bob, cyd)
        }
        signed_out = stack.enter_context(socket_of(server, room.id, None))
        for seat, who in ((1, "Ann"), (2, "Bob")):
            sockets[who].send(json.dumps({"type": "sit", "id": f"s{seat}", "seat": seat}))
        sockets["Bob"].send(json.dumps({"type": "chat", "id": "b1", "text": "gl"}))
        sockets["Cyd"].send(json.dumps({"type": "chat", "id": "c1", "text": "go Bob"}))
        everything = [("Bob", "gl", "table"), ("Cyd", "go Bob", "observers")]
        chats = [chat_of(reader, 2) for reader in (sockets["Cyd"], signed_out, sockets["Ann"])]
        for chat in chats:  # a watcher, signed in or not, and the host read both channels
            assert [(x["name"], x["text"], x["channel"]) for x in chat["lines"]] == everything
        assert ["moderation" in chat for chat in chats] == [False, False, True]
        sockets["Cyd"].send(json.dumps({"type": "chat", "id": "c2", "text": "x" * 201}))
        too_long = refusal(sockets["Cyd"], "c2")
        assert too_long["code"] == "chat_too_long" and "at most 200" in too_long["message"]
        sockets["Bob"].send(json.dumps({"type": "chat_mute", "id": "b2", "user": cyd.user}))
        bob_read: list[dict[str, Any]] = []  # every frame Bob got, up to the refusal
        assert refusal(sockets["Bob"], "b2", bob_read)["code"] == "chat_not_moderator"
        assert [x["text"] for x in bob_read[-1]["lines"]] == ["gl"]
        assert all(x["text"] != "go Bob" for chat in bob_read for x in chat["lines"])
        assert all("moderation" not in chat for chat in bob_read)
    server.app.state.cardroom.registry.remove(room.id)
