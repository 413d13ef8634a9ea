"""The broker as a NATS server (nats-py): imported only when a server is given a broker URL.

nats-py reconnects by itself when the server goes away and comes back (subscriptions are
made again); meanwhile publishing is buffered and a request has no answer, which the
sender's page sees as "this table is moving; try again".
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from urllib.parse import urlsplit

import nats
from nats.aio.client import Client
from nats.aio.msg import Msg
from nats.aio.subscription import Subscription as NatsSubscription
from nats.errors import NoRespondersError
from nats.errors import TimeoutError as NatsTimeout

from pokerroom.cluster.broker import Handler, Listener, NoAnswerError, Subscription
from pokerroom.errors import UsageError
from pokerroom.i18n import N_, gettext

log = logging.getLogger(__name__)

SCHEMES = ("nats", "tls", "ws", "wss")
CONNECT_SECONDS = 5.0
"""How long a server waits at start for its broker before it gives up with one line."""


def check_broker_url(url: str) -> str:
    """``url`` if it names a NATS server (``nats://host:4222``), else a clear UsageError."""
    parts = urlsplit(url)
    try:
        port = parts.port
    except ValueError:
        port = -1
    if parts.scheme not in SCHEMES or not parts.hostname or port == -1:
        problem = gettext(
            N_("--broker {url}: give a NATS server's address, such as nats://127.0.0.1:4222")
        )
        raise UsageError(problem.format(url=repr(url[:80])))
    return url


def unreachable(url: str) -> UsageError:
    """The error of a broker nobody answers at."""
    problem = gettext(N_("cannot reach the broker at {url}: is nats-server running?"))
    return UsageError(problem.format(url=url))


class _Stop:
    def __init__(self, subscription: NatsSubscription) -> None:
        self._subscription = subscription

    async def stop(self) -> None:
        with contextlib.suppress(Exception):  # already gone with a closed connection
            await self._subscription.unsubscribe()


class NatsBroker:
    """A connection to one NATS server (or cluster); it never hears what it published."""

    def __init__(self, client: Client) -> None:
        self._client = client

    @classmethod
    async def connect(cls, url: str) -> NatsBroker:
        """Connect to ``url``, or a UsageError naming it when nobody answers there."""
        check_broker_url(url)
        client = Client()

        async def failed(error: Exception) -> None:  # reconnecting: one line, no traceback
            log.info("the broker at %s: %s", url, error or type(error).__name__)

        try:
            await asyncio.wait_for(
                client.connect(
                    servers=[url],
                    allow_reconnect=True,
                    max_reconnect_attempts=-1,
                    reconnect_time_wait=1,
                    connect_timeout=1,
                    error_cb=failed,
                    no_echo=True,  # its own notices: a read, a parse and a task each, for nothing
                ),
                CONNECT_SECONDS,
            )
        except (Exception, asyncio.CancelledError, TimeoutError):
            with contextlib.suppress(Exception):
                await client.close()
            raise unreachable(url) from None
        return cls(client)

    async def publish(self, subject: str, payload: bytes) -> None:
        await self._client.publish(subject, payload)

    async def subscribe(self, subject: str, listener: Listener) -> Subscription:
        async def heard(message: Msg) -> None:
            await listener(message.subject, message.data)

        return _Stop(await self._client.subscribe(subject, cb=heard))

    async def serve(self, subject: str, handler: Handler) -> Subscription:
        async def asked(message: Msg) -> None:
            await message.respond(await handler(message.data))

        return _Stop(await self._client.subscribe(subject, cb=asked))

    async def request(self, subject: str, payload: bytes, timeout: float) -> bytes:
        try:
            answer = await self._client.request(subject, payload, timeout=timeout)
        except (NoRespondersError, NatsTimeout, nats.errors.ConnectionReconnectingError):
            raise NoAnswerError(subject) from None
        except nats.errors.Error:
            raise NoAnswerError(subject) from None
        return answer.data

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            await self._client.drain()
