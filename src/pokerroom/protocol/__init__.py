"""The table protocol: what clients send (:mod:`.client`), what the server sends (:mod:`.frames`).

Versioned by :data:`.version.PROTOCOL_VERSION`; ``docs/protocol.md`` is its reference.
Below the interfaces, so the server and its clients (browser page aside) share one schema.
"""

from pokerroom.protocol.client import (
    ClientMessage,
    ProtocolError,
    parse_client,
    parse_message,
)
from pokerroom.protocol.frames import ErrorFrame, TableFrame, error_frame

__all__ = [
    "ClientMessage",
    "ErrorFrame",
    "ProtocolError",
    "TableFrame",
    "error_frame",
    "parse_client",
    "parse_message",
]
