"""A client gone before its socket was accepted is nobody's failure: no error line in the
log, nothing sent after (issue 25: a load test's closed sockets logged one error each)."""

from __future__ import annotations

import asyncio
import logging

import pytest
from starlette.types import Message, Receive, Scope, Send
from uvicorn.protocols.utils import ClientDisconnected

from pokerroom.web.last_resort import LastResortMiddleware


async def _accepts(scope: Scope, receive: Receive, send: Send) -> None:
    await receive()
    await send({"type": "websocket.accept"})


async def _fails(scope: Scope, receive: Receive, send: Send) -> None:
    raise RuntimeError("a real failure")


def _run(app: LastResortMiddleware) -> list[Message]:
    sent: list[Message] = []

    async def receive() -> Message:
        return {"type": "websocket.connect"}

    async def send(message: Message) -> None:
        if message["type"] == "websocket.accept" and not sent:
            sent.append(message)
            raise ClientDisconnected  # what uvicorn raises when the peer already closed
        sent.append(message)

    asyncio.run(app({"type": "websocket", "path": "/ws/t1", "headers": []}, receive, send))
    return sent


def test_a_socket_closed_before_its_accept_logs_nothing(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.ERROR, logger="pokerroom.web"):
        sent = _run(LastResortMiddleware(_accepts))
    assert caplog.records == []
    assert [message["type"] for message in sent] == ["websocket.accept"]


def test_a_real_failure_on_a_socket_is_still_logged(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.ERROR, logger="pokerroom.web"):
        _run(LastResortMiddleware(_fails))
    assert any("RuntimeError" in record.getMessage() for record in caplog.records)
