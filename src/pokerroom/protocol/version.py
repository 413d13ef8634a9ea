"""The version of the table protocol, shared by the server and every client."""

PROTOCOL_VERSION = 1
"""The version of the WebSocket messages; a client speaking another one is told so."""
