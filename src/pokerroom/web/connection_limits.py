"""The bounds ``pokerroom serve`` puts on its TCP connections (enforced by
:mod:`pokerroom.web.connection_guard`, which needs uvicorn; this module does not), the
proxies it trusts, and how a client's address is counted."""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass

from pokerroom.i18n import gettext


@dataclass(frozen=True, slots=True)
class ConnectionLimits:
    """The bounds on the server's connections (tests make them small)."""

    per_address: int = 128
    """Open connections (pages and table sockets) from one address."""
    total: int = 10_000
    """Open connections in all, further bounded by the descriptor limit."""
    request_seconds: float = 20.0
    """How long a request (its headers and body) may take to arrive."""
    keep_alive_seconds: int = 5
    """How long an idle connection is kept after an answer, for the browser's next request."""
    fd_reserve: int = 64
    """Descriptors never given to connections: the database and the archive open files."""


IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network


def trusted_proxies(given: str) -> tuple[IPNetwork, ...]:
    """The proxies ``--forwarded-allow-ips`` names (addresses or networks, comma-separated),
    or a :class:`ValueError` naming the one that is not an address."""
    networks = []
    for part in given.split(","):
        if not part.strip():
            continue
        try:
            networks.append(ipaddress.ip_network(part.strip(), strict=False))
        except ValueError:
            raise ValueError(
                gettext(
                    "--forwarded-allow-ips takes IP addresses or networks separated by commas "
                    "(such as 127.0.0.1,10.0.0.0/8), not {given}"
                ).format(given=repr(part.strip()))
            ) from None
    return tuple(networks)


def address_key(host: str) -> str:
    """What one client's connections are counted under: its IPv4 address, or its IPv6
    address's /64 network (a machine gets a whole /64 and may use any address in it)."""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return host
