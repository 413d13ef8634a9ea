"""A process never hears its own notices (they cost it a read, a parse and a task each, for
what it already knows), on a real NATS server and on the tests' in-process bus alike; the
others hear every one, and a process answers the requests of another (never its own:
a request is published too)."""

from __future__ import annotations

import asyncio
import contextlib

import pytest

from pokerroom.cluster.broker import Broker, LocalBus, NoAnswerError
from pokerroom.cluster.nats_broker import NatsBroker
from tests.real_parts import NatsServer

SUBJECT = "pokerroom.room.t1.saved"


async def _heard_by_each(brokers: dict[str, Broker]) -> dict[str, list[bytes]]:
    heard: dict[str, list[bytes]] = {name: [] for name in brokers}
    for name, broker in brokers.items():

        async def hear(_subject: str, payload: bytes, into: list[bytes] = heard[name]) -> None:
            into.append(payload)

        await broker.subscribe("pokerroom.room.*.saved", hear)

    async def answer(payload: bytes) -> bytes:
        return payload.upper()

    await brokers["b"].serve("pokerroom.room.t1.cmd", answer)
    for _ in range(100):  # answered: every subscription above is known to the server
        with contextlib.suppress(NoAnswerError):
            assert await brokers["a"].request("pokerroom.room.t1.cmd", b"ask", 2.0) == b"ASK"
            break
        await asyncio.sleep(0.02)
    with pytest.raises(NoAnswerError):  # a request is published too: not to its sender
        await brokers["b"].request("pokerroom.room.t1.cmd", b"ask", 0.5)
    await brokers["a"].publish(SUBJECT, b"a1")
    await brokers["b"].publish(SUBJECT, b"b1")
    await brokers["a"].publish(SUBJECT, b"a2")
    for _ in range(100):
        if len(heard["a"]) == 1 and len(heard["b"]) == 2:
            break
        await asyncio.sleep(0.02)
    await asyncio.sleep(0.1)  # an echo, were there one, would have come by now
    return heard


def test_a_nats_connection_hears_only_the_others(nats_server: NatsServer) -> None:
    async def play() -> dict[str, list[bytes]]:
        brokers = {name: await NatsBroker.connect(nats_server.url) for name in ("a", "b")}
        try:
            return await _heard_by_each(dict(brokers))
        finally:
            for broker in brokers.values():
                await broker.close()

    assert asyncio.run(play()) == {"a": [b"b1"], "b": [b"a1", b"a2"]}


def test_the_local_bus_hears_only_the_others() -> None:
    async def play() -> dict[str, list[bytes]]:
        bus = LocalBus()
        return await _heard_by_each({"a": bus.broker(), "b": bus.broker()})

    assert asyncio.run(play()) == {"a": [b"b1"], "b": [b"a1", b"a2"]}
