"""The last-resort middleware keeps a request's messages only while it may try again:
an open table socket's messages after its accept are not kept (a socket played on for
hours would hold every message it was sent)."""

from __future__ import annotations

import asyncio

from starlette.types import Message

from pokerroom.web.last_resort import Exchange


def test_a_sockets_messages_after_its_accept_are_not_kept() -> None:
    async def play() -> Exchange:
        incoming = [{"type": "websocket.connect"}] + [
            {"type": "websocket.receive", "text": f'{{"type":"act","id":"m{n}"}}'}
            for n in range(500)
        ]

        async def receive() -> Message:
            return incoming.pop(0)

        async def send(_message: Message) -> None:
            return None

        exchange = Exchange(receive, send)
        assert (await exchange.receive())["type"] == "websocket.connect"
        await exchange.send({"type": "websocket.accept"})
        for _ in range(500):
            await exchange.receive()
        return exchange

    exchange = asyncio.run(play())
    assert exchange.connected  # what came before the accept is still known
    assert len(exchange.received) == 1


def test_a_request_that_sent_nothing_is_replayed_whole() -> None:
    async def play() -> list[Message]:
        incoming: list[Message] = [
            {"type": "http.request", "body": b"a", "more_body": True},
            {"type": "http.request", "body": b"b", "more_body": False},
        ]

        async def receive() -> Message:
            return incoming.pop(0)

        async def send(_message: Message) -> None:
            return None

        exchange = Exchange(receive, send)
        await exchange.receive()
        await exchange.receive()
        again = exchange.replay()
        return [await again(), await again()]

    assert [m["body"] for m in asyncio.run(play())] == [b"a", b"b"]
