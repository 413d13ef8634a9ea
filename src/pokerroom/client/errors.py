"""What goes wrong between a terminal and a server, each said in one line."""

from __future__ import annotations

from pokerroom.errors import PokerroomError


class ClientError(PokerroomError):
    """The server cannot be reached, refused us, or answered what we cannot use."""


class VersionMismatchError(ClientError):
    """The server speaks another version of the table protocol: retrying cannot help."""
