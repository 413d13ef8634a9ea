"""The terminal table playing one table of a server through a :class:`TableLink`."""

from pokerroom.tui.remote.app import OpenTable, RemoteTableApp

__all__ = ["OpenTable", "RemoteTableApp"]
