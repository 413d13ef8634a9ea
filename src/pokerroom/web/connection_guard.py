"""Bounds on the TCP connections ``pokerroom serve`` holds, so that idle or hostile clients
cannot take every file descriptor (issue 21 item 24).

uvicorn by itself never closes a connection that says nothing or trickles its headers, and
accepts as many as the process has descriptors for; then new pages fail and even the
database cannot be opened. Here uvicorn's own HTTP and WebSocket protocols are extended so
that:

* a request must arrive whole (headers and body) within ``request_seconds`` of the
  connection opening or of the previous answer; a silent or trickling client is cut off;
* one address holds at most ``per_address`` connections (an IPv6 address counts by its
  /64 network, which one machine usually owns whole); a proxy trusted with
  ``--forwarded-allow-ips`` is exempt (it carries many visitors: the table sockets' own
  caps, :mod:`pokerroom.room.socket_caps`, count the address it forwards);
* the server holds at most ``total`` connections, and never more than the descriptor limit
  (``RLIMIT_NOFILE``) less ``fd_reserve``, kept for the database, the archive and logs.

A connection over a cap is answered at once with one short HTTP error (429 for its address,
503 for the server) and closed, before anything of it is read.
"""

from __future__ import annotations

import asyncio
import ipaddress
import resource
from collections import Counter
from collections.abc import Sequence
from typing import ClassVar

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from pokerroom.i18n import gettext
from pokerroom.web.connection_limits import ConnectionLimits, IPNetwork, address_key


def connection_ceiling(limits: ConnectionLimits, descriptors: int | None = None) -> int:
    """How many connections may be open at once: ``total``, and the descriptor limit (the
    process's soft ``RLIMIT_NOFILE`` unless ``descriptors`` is given) less the reserve."""
    if descriptors is None:
        descriptors = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    if descriptors == resource.RLIM_INFINITY:
        return limits.total
    return max(1, min(limits.total, descriptors - limits.fd_reserve))


class ConnectionGuard:
    """Counts the open connections, in all and by address, and says which to refuse."""

    def __init__(
        self,
        limits: ConnectionLimits,
        proxies: Sequence[IPNetwork] = (),
        descriptors: int | None = None,
    ) -> None:
        self.limits = limits
        self.proxies = tuple(proxies)
        self.ceiling = connection_ceiling(limits, descriptors)
        self._by_address: Counter[str] = Counter()
        self._open: dict[asyncio.BaseTransport, str] = {}

    @property
    def open(self) -> int:
        return len(self._open)

    def admit(self, transport: asyncio.BaseTransport, host: str | None) -> bytes | None:
        """Count a new connection in, or the HTTP answer that refuses it."""
        key = address_key(host or "unknown")
        if len(self._open) >= self.ceiling:
            full = gettext("the server is full; try again shortly")  # before any header
            return _answer(503, "Service Unavailable", full)
        if self._by_address[key] >= self.limits.per_address and not self._proxy(host):
            many = gettext("too many connections from this address")
            return _answer(429, "Too Many Requests", many)
        self._by_address[key] += 1
        self._open[transport] = key
        return None

    def _proxy(self, host: str | None) -> bool:
        try:
            address = ipaddress.ip_address(host or "")
        except ValueError:
            return False
        return any(address in network for network in self.proxies)

    def release(self, transport: asyncio.BaseTransport) -> None:
        """A connection closed (an unknown or refused one is ignored)."""
        key = self._open.pop(transport, None)
        if key is None:
            return
        self._by_address[key] -= 1
        if self._by_address[key] <= 0:
            del self._by_address[key]


def _answer(status: int, reason: str, line: str) -> bytes:
    body = f"{line}\n".encode()
    head = (
        f"HTTP/1.1 {status} {reason}\r\ncontent-type: text/plain; charset=utf-8\r\n"
        f"retry-after: 10\r\nconnection: close\r\ncontent-length: {len(body)}\r\n\r\n"
    )
    return head.encode() + body


class GuardedHttp(H11Protocol):
    """uvicorn's h11 protocol, counted by the guard and cut off when a request is late."""

    guard: ClassVar[ConnectionGuard]
    _deadline: asyncio.TimerHandle | None = None
    _counted = False

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        host = self.client[0] if self.client else None
        refusal = self.guard.admit(transport, host)
        if refusal is not None:
            transport.write(refusal)
            transport.close()
            return
        self._counted = True
        self._await_request()

    def data_received(self, data: bytes) -> None:
        if not self._counted:
            return
        super().data_received(data)
        if self.conn.their_state not in (h11.IDLE, h11.SEND_BODY):
            self._cancel_deadline()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._await_request()

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel_deadline()
        self.guard.release(self.transport)
        super().connection_lost(exc)

    def _await_request(self) -> None:
        self._cancel_deadline()
        seconds = self.guard.limits.request_seconds
        self._deadline = self.loop.call_later(seconds, self._request_late)

    def _request_late(self) -> None:
        """The next request did not arrive whole in time (a WebSocket has moved on)."""
        self._deadline = None
        if self.transport.is_closing() or self.transport.get_protocol() is not self:
            return
        if self.conn.their_state in (h11.IDLE, h11.SEND_BODY):
            self.transport.close()

    def _cancel_deadline(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None


class GuardedWebSocket(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol; the upgraded connection keeps its count until it ends."""

    guard: ClassVar[ConnectionGuard]

    def connection_lost(self, exc: Exception | None) -> None:
        self.guard.release(self.transport)
        super().connection_lost(exc)


def guarded_protocols(
    guard: ConnectionGuard,
) -> tuple[type[GuardedHttp], type[GuardedWebSocket]]:
    """The HTTP and WebSocket protocol classes for uvicorn's ``Config(http=, ws=)``."""
    http = type("GuardedHttp", (GuardedHttp,), {"guard": guard})
    ws = type("GuardedWebSocket", (GuardedWebSocket,), {"guard": guard})
    return http, ws
