"""The table protocol: what clients send (:mod:`.client`), what the server sends (:mod:`.frames`).

Versioned by :data:`pokerroom.web.seam.PROTOCOL_VERSION`; ``docs/protocol.md`` is its reference.
"""

from pokerroom.web.protocol.client import (
    ClientMessage,
    ProtocolError,
    parse_client,
    parse_message,
)
from pokerroom.web.protocol.frames import ErrorFrame, TableFrame, error_frame

__all__ = [
    "ClientMessage",
    "ErrorFrame",
    "ProtocolError",
    "TableFrame",
    "error_frame",
    "parse_client",
    "parse_message",
]
